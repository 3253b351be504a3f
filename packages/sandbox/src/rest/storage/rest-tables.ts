// The REST API's tables in the sandbox database. Every resource keeps its
// rows here (so `--data FILE` keeps them across restarts); migrations are
// named `rest-...` and run once per database. Amounts are in grosze (integer),
// instants in sandbox-clock milliseconds.
import type { SandboxDatabase } from "../../state/database.ts";

const MIGRATIONS: ReadonlyArray<readonly [string, string]> = [
  [
    "rest-001-packages",
    `CREATE TABLE rest_packages (
       id INTEGER PRIMARY KEY AUTOINCREMENT,
       account TEXT NOT NULL,
       data TEXT NOT NULL,
       service TEXT NOT NULL,
       service_id INTEGER,
       service_contract TEXT NOT NULL,
       user_reference_number TEXT,
       created_at INTEGER NOT NULL,
       updated_at INTEGER NOT NULL,
       ordered_at INTEGER,
       order_command TEXT,
       label_file_format TEXT,
       label_page_format TEXT,
       canceled_at INTEGER,
       cancel_command TEXT
     ) STRICT;
     CREATE INDEX rest_packages_account ON rest_packages (account, user_reference_number);
     CREATE TABLE rest_parcel_numbers (
       package_id INTEGER NOT NULL REFERENCES rest_packages (id),
       parcel_index INTEGER NOT NULL,
       package_no TEXT NOT NULL UNIQUE,
       PRIMARY KEY (package_id, parcel_index)
     ) STRICT;`,
  ],
  [
    "rest-002-commands",
    `CREATE TABLE rest_commands (
       kind TEXT NOT NULL,
       uuid TEXT NOT NULL,
       account TEXT NOT NULL,
       request_hash TEXT NOT NULL,
       request TEXT NOT NULL,
       created_at INTEGER NOT NULL,
       outcomes TEXT NOT NULL,
       PRIMARY KEY (kind, uuid)
     ) STRICT;
     CREATE TABLE rest_charges (
       id INTEGER PRIMARY KEY AUTOINCREMENT,
       account TEXT NOT NULL,
       package_id INTEGER NOT NULL REFERENCES rest_packages (id),
       kind TEXT NOT NULL CHECK (kind IN ('charge', 'refund')),
       command_uuid TEXT NOT NULL,
       amount_gross INTEGER NOT NULL,
       created_at INTEGER NOT NULL,
       UNIQUE (package_id, kind)
     ) STRICT;`,
  ],
  [
    "rest-003-price-calculations",
    `CREATE TABLE rest_price_calculations (
       account TEXT NOT NULL,
       content_hash TEXT NOT NULL,
       created_at INTEGER NOT NULL,
       PRIMARY KEY (account, content_hash)
     ) STRICT;`,
  ],
  [
    "rest-004-tracking",
    `CREATE TABLE rest_tracking_webhooks (
       account TEXT PRIMARY KEY,
       url TEXT NOT NULL,
       secret TEXT NOT NULL,
       language TEXT NOT NULL,
       created_at INTEGER NOT NULL
     ) STRICT;
     CREATE TABLE rest_tracking_deliveries (
       id INTEGER PRIMARY KEY AUTOINCREMENT,
       account TEXT NOT NULL,
       package_id INTEGER NOT NULL,
       parcel_index INTEGER NOT NULL,
       state TEXT NOT NULL,
       event_at INTEGER NOT NULL,
       delivered_at INTEGER,
       attempts INTEGER NOT NULL DEFAULT 0,
       last_status INTEGER,
       UNIQUE (package_id, parcel_index, state)
     ) STRICT;
     CREATE TABLE rest_external_tracking (
       account TEXT NOT NULL,
       package_no TEXT NOT NULL,
       service TEXT NOT NULL,
       type TEXT NOT NULL,
       created_at INTEGER NOT NULL,
       PRIMARY KEY (account, package_no)
     ) STRICT;`,
  ],
  [
    "rest-005-account",
    `CREATE TABLE rest_templates (
       id INTEGER PRIMARY KEY AUTOINCREMENT,
       account TEXT NOT NULL,
       name TEXT NOT NULL,
       data TEXT NOT NULL,
       created_at INTEGER NOT NULL
     ) STRICT;
     CREATE TABLE rest_payments (
       id INTEGER PRIMARY KEY AUTOINCREMENT,
       account TEXT NOT NULL,
       amount INTEGER NOT NULL,
       status TEXT NOT NULL,
       return_url TEXT,
       created_at INTEGER NOT NULL,
       paid_at INTEGER
     ) STRICT;
     CREATE TABLE rest_user_data (
       account TEXT PRIMARY KEY,
       data TEXT NOT NULL,
       updated_at INTEGER NOT NULL
     ) STRICT;
     CREATE TABLE rest_messages (
       id INTEGER PRIMARY KEY AUTOINCREMENT,
       account TEXT NOT NULL,
       type TEXT NOT NULL,
       content_pl TEXT NOT NULL,
       content_en TEXT NOT NULL,
       package_id INTEGER,
       created_at INTEGER NOT NULL,
       read INTEGER NOT NULL DEFAULT 0
     ) STRICT;
     CREATE TABLE rest_seeded_accounts (
       account TEXT PRIMARY KEY
     ) STRICT;`,
  ],
  [
    "rest-006-pickups",
    `ALTER TABLE rest_packages ADD COLUMN pickup_number TEXT;
     ALTER TABLE rest_packages ADD COLUMN pickup_date TEXT;
     ALTER TABLE rest_packages ADD COLUMN pickup_command TEXT;`,
  ],
  [
    "rest-007-address-book",
    `CREATE TABLE rest_address_book (
       id INTEGER PRIMARY KEY AUTOINCREMENT,
       account TEXT NOT NULL,
       type TEXT NOT NULL,
       label TEXT,
       address TEXT NOT NULL,
       created_at INTEGER NOT NULL
     ) STRICT;`,
  ],
  [
    "rest-008-tracking-problems",
    `CREATE TABLE rest_tracking_problems (
       id INTEGER PRIMARY KEY AUTOINCREMENT,
       package_id INTEGER NOT NULL REFERENCES rest_packages (id),
       state TEXT NOT NULL,
       description TEXT,
       at INTEGER NOT NULL
     ) STRICT;
     CREATE INDEX rest_tracking_problems_package ON rest_tracking_problems (package_id, at);`,
  ],
  [
    "rest-009-point-states",
    `CREATE TABLE rest_point_states (
       code TEXT PRIMARY KEY,
       active INTEGER NOT NULL,
       holiday INTEGER NOT NULL,
       changed_at INTEGER NOT NULL
     ) STRICT;`,
  ],
  ["rest-010-command-cancellations", "ALTER TABLE rest_commands ADD COLUMN cancelled_at INTEGER;"],
];

/** Creates (once) every table of the REST API. */
export function migrateRestTables(db: SandboxDatabase): void {
  for (const [name, ddl] of MIGRATIONS) db.migrate(name, ddl);
}
