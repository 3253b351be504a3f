// A TokenStore in one SQLite file (node:sqlite) that several processes share,
// e.g. a store app scaled to several instances. WAL lets readers and one
// writer work at once; busy_timeout makes a writer wait for the file lock
// instead of failing; every compare-and-set runs in BEGIN IMMEDIATE, so the
// version check and the write are one step for every process. The refresh
// lease is a row with an expiry, taken by a single conditional upsert.
// node:sqlite is loaded when a store is made, not when the package is imported.
import type { DatabaseSync, StatementSync } from "node:sqlite";
import { OAUTH_CLIENT_ERROR_CODES, OAuthUsageError } from "./errors.ts";
import { describe, INSPECT } from "./redaction.ts";
import { TokenSet } from "./token-set.ts";
import type { TokenStore, TokenStoreEntry } from "./token-store.ts";

export interface SqliteTokenStoreOptions {
  /** How long, in milliseconds, a process waits for another one's write lock. Default 5000. */
  busyTimeoutMs?: number;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS shipbridge_oauth_tokens (
  key TEXT PRIMARY KEY,
  version INTEGER NOT NULL,
  record TEXT
) STRICT;
CREATE TABLE IF NOT EXISTS shipbridge_oauth_leases (
  key TEXT PRIMARY KEY,
  holder TEXT NOT NULL,
  expires_at INTEGER NOT NULL
) STRICT;
`;

export class SqliteTokenStore implements TokenStore {
  readonly #file: string;
  readonly #db: DatabaseSync;
  readonly #select: StatementSync;
  readonly #upsert: StatementSync;
  readonly #lease: StatementSync;
  readonly #release: StatementSync;
  #closed = false;

  /** Opens (and creates, if needed) the store in `file`; ":memory:" gives a private in-memory store. */
  constructor(file: string, options: SqliteTokenStoreOptions = {}) {
    const { DatabaseSync } = process.getBuiltinModule("node:sqlite");
    const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
    this.#file = file;
    this.#db = new DatabaseSync(file, { timeout: busyTimeoutMs });
    this.#db.exec(`PRAGMA busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
    if (file !== ":memory:") this.#db.exec("PRAGMA journal_mode = WAL");
    this.#db.exec("PRAGMA synchronous = NORMAL");
    this.#immediate(() => this.#db.exec(SCHEMA));
    this.#select = this.#db.prepare(
      "SELECT version, record FROM shipbridge_oauth_tokens WHERE key = ?",
    );
    this.#upsert = this.#db.prepare(
      "INSERT INTO shipbridge_oauth_tokens (key, version, record) VALUES (?, ?, ?) " +
        "ON CONFLICT (key) DO UPDATE SET version = excluded.version, record = excluded.record",
    );
    this.#lease = this.#db.prepare(
      "INSERT INTO shipbridge_oauth_leases (key, holder, expires_at) VALUES (?, ?, ?) " +
        "ON CONFLICT (key) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at " +
        "WHERE shipbridge_oauth_leases.holder = excluded.holder OR shipbridge_oauth_leases.expires_at <= ?",
    );
    this.#release = this.#db.prepare(
      "DELETE FROM shipbridge_oauth_leases WHERE key = ? AND holder = ?",
    );
  }

  get(key: string): TokenStoreEntry | undefined {
    const row = this.#select.get(key) as { version: number; record: string | null } | undefined;
    if (row?.record == null) return undefined;
    let record: unknown;
    try {
      record = JSON.parse(row.record);
    } catch {
      throw new OAuthUsageError(
        OAUTH_CLIENT_ERROR_CODES.invalid_stored_tokens,
        `stored tokens under this key are not JSON; disconnect and connect the shipping account again`,
      );
    }
    return { tokens: TokenSet.fromRecord(record), version: row.version };
  }

  compareAndSet(
    key: string,
    expectedVersion: number | undefined,
    next: TokenSet | undefined,
  ): boolean {
    return this.#immediate(() => {
      const row = this.#select.get(key) as { version: number; record: string | null } | undefined;
      const currentVersion = row?.record == null ? undefined : row.version;
      if (currentVersion !== expectedVersion) return false;
      // Deleting keeps the row with a NULL record, so the key's version keeps growing.
      const record = next === undefined ? null : JSON.stringify(next.toRecord());
      this.#upsert.run(key, (row?.version ?? 0) + 1, record);
      return true;
    });
  }

  acquireLease(key: string, holder: string, ttlMs: number): boolean {
    const now = Date.now();
    const result = this.#lease.run(key, holder, now + ttlMs, now);
    return Number(result.changes) === 1;
  }

  releaseLease(key: string, holder: string): void {
    this.#release.run(key, holder);
  }

  /** Closes the file. The store cannot be used afterwards. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#db.close();
  }

  #immediate<T>(fn: () => T): T {
    this.#db.exec("BEGIN IMMEDIATE");
    try {
      const result = fn();
      this.#db.exec("COMMIT");
      return result;
    } catch (error) {
      try {
        this.#db.exec("ROLLBACK");
      } catch {
        // SQLite already rolled the transaction back (or never began it).
      }
      throw error;
    }
  }

  toString(): string {
    return describe("SqliteTokenStore", { file: this.#file });
  }

  [INSPECT](): string {
    return this.toString();
  }
}
