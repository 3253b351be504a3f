// The app's own tables (webhook inbox, shop settings, shipments (one per
// fulfillment order), data requests, batches and their pickups), created on
// first start. Instances starting at the same moment take turns under one
// advisory lock, so CREATE TABLE never races; the same lock covers the
// session storage's own table creation (see app/app.ts).
import type pg from "pg";

/** Key of the advisory lock that serialises schema changes between instances. */
export const MIGRATION_LOCK = 7_340_115_201;

const TABLES = /* SQL */ `
  CREATE TABLE IF NOT EXISTS shipbridge_shopify_inbox (
    webhook_id   text PRIMARY KEY,
    shop         text NOT NULL,
    topic        text NOT NULL,
    event_id     text,
    payload      jsonb NOT NULL,
    received_at  timestamptz NOT NULL DEFAULT now(),
    processed_at timestamptz
  );
  CREATE INDEX IF NOT EXISTS shipbridge_shopify_inbox_shop ON shipbridge_shopify_inbox (shop);

  CREATE TABLE IF NOT EXISTS shipbridge_shopify_settings (
    shop       text PRIMARY KEY,
    settings   jsonb NOT NULL,
    connection text NOT NULL DEFAULT 'not_connected',
    updated_at timestamptz NOT NULL DEFAULT now()
  );

  CREATE TABLE IF NOT EXISTS shipbridge_shopify_shipments (
    shop           text NOT NULL,
    order_id       text NOT NULL,
    order_gid      text NOT NULL,
    order_name     text NOT NULL,
    status         text NOT NULL,
    package_id     bigint,
    command_id     text,
    tracking       jsonb,
    issues         jsonb,
    label          bytea,
    label_type     text,
    fulfillment_id text,
    updated_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (shop, order_id)
  );

  CREATE TABLE IF NOT EXISTS shipbridge_shopify_data_requests (
    shop        text NOT NULL,
    request_id  text NOT NULL,
    report      jsonb NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (shop, request_id)
  );

  ALTER TABLE shipbridge_shopify_shipments
    ADD COLUMN IF NOT EXISTS tracking_state text,
    ADD COLUMN IF NOT EXISTS tracking_at    text;
  CREATE INDEX IF NOT EXISTS shipbridge_shopify_shipments_package
    ON shipbridge_shopify_shipments (shop, package_id);

  ALTER TABLE shipbridge_shopify_shipments
    ADD COLUMN IF NOT EXISTS service            text,
    ADD COLUMN IF NOT EXISTS pickup_point       text,
    ADD COLUMN IF NOT EXISTS price              jsonb,
    ADD COLUMN IF NOT EXISTS issues_by_language jsonb,
    ADD COLUMN IF NOT EXISTS created_at         timestamptz NOT NULL DEFAULT now(),
    ADD COLUMN IF NOT EXISTS tracking_checked_at timestamptz;

  CREATE TABLE IF NOT EXISTS shipbridge_shopify_tracking_events (
    shop        text NOT NULL,
    package_id  bigint NOT NULL,
    package_no  text NOT NULL,
    state       text NOT NULL,
    datetime    text NOT NULL,
    description text,
    received_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (shop, package_id, package_no, state, datetime)
  );

  -- Why a delivery was refused (its order unknown to the shop's Admin API), if it was.
  ALTER TABLE shipbridge_shopify_inbox ADD COLUMN IF NOT EXISTS refused text;

  -- One delivery event (Shopify's FulfillmentEventStatus) per order and status.
  CREATE TABLE IF NOT EXISTS shipbridge_shopify_delivery_events (
    shop       text NOT NULL,
    order_id   text NOT NULL,
    status     text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (shop, order_id, status)
  );

  -- A batch of orders the merchant shipped at once: one row, its id the
  -- batch id of core's shipBatch, with the progress the batch page shows.
  CREATE TABLE IF NOT EXISTS shipbridge_shopify_batches (
    id           uuid PRIMARY KEY,
    shop         text NOT NULL,
    status       text NOT NULL DEFAULT 'queued',
    stage        text NOT NULL DEFAULT 'reading',
    total        integer NOT NULL,
    read         integer NOT NULL DEFAULT 0,
    created      integer NOT NULL DEFAULT 0,
    ordered      integer NOT NULL DEFAULT 0,
    labelled     integer NOT NULL DEFAULT 0,
    failed       integer NOT NULL DEFAULT 0,
    remaining_ms integer,
    runs         integer NOT NULL DEFAULT 0,
    created_at   timestamptz NOT NULL DEFAULT now(),
    started_at   timestamptz,
    finished_at  timestamptz,
    updated_at   timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX IF NOT EXISTS shipbridge_shopify_batches_shop
    ON shipbridge_shopify_batches (shop, created_at DESC);

  -- The orders of a batch, in the merchant's order, and what became of each.
  CREATE TABLE IF NOT EXISTS shipbridge_shopify_batch_orders (
    batch_id   uuid NOT NULL REFERENCES shipbridge_shopify_batches (id) ON DELETE CASCADE,
    shop       text NOT NULL,
    order_id   text NOT NULL,
    position   integer NOT NULL,
    outcome    text NOT NULL DEFAULT 'pending',
    -- The package this batch bought for the order, if any.
    package_id bigint,
    PRIMARY KEY (batch_id, order_id)
  );
  CREATE INDEX IF NOT EXISTS shipbridge_shopify_batch_orders_shop
    ON shipbridge_shopify_batch_orders (shop);

  -- A courier pickup booked for a batch's parcels of one carrier.
  CREATE TABLE IF NOT EXISTS shipbridge_shopify_pickups (
    command_id    text PRIMARY KEY,
    shop          text NOT NULL,
    batch_id      uuid NOT NULL,
    service       text NOT NULL,
    package_ids   jsonb NOT NULL,
    pickup_window jsonb NOT NULL,
    pickup_number text,
    cancelled     boolean NOT NULL DEFAULT false,
    created_at    timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX IF NOT EXISTS shipbridge_shopify_pickups_batch
    ON shipbridge_shopify_pickups (shop, batch_id);

  -- A hash of what the request that made the batch asked for: the same key
  -- asking for other orders is refused instead of answered with this batch.
  ALTER TABLE shipbridge_shopify_batches ADD COLUMN IF NOT EXISTS request_hash text;

  -- A return's parcel: bought once at the service, its label kept for
  -- Shopify to fetch, attached once to the return's reverse fulfillment order.
  CREATE TABLE IF NOT EXISTS shipbridge_shopify_returns (
    shop                text NOT NULL,
    return_id           text NOT NULL,
    return_name         text NOT NULL,
    order_id            text NOT NULL,
    status              text NOT NULL,
    package_id          bigint,
    tracking            jsonb,
    label               bytea,
    label_type          text,
    reverse_delivery_id text,
    tracking_state      text,
    tracking_checked_at timestamptz,
    issues              jsonb,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (shop, return_id)
  );

  -- The pickup point the merchant chose for an order after checkout
  -- (point-choices.ts), checked at the service before it was saved.
  CREATE TABLE IF NOT EXISTS shipbridge_shopify_point_choices (
    shop       text NOT NULL,
    order_id   text NOT NULL,
    service    text NOT NULL,
    code       text NOT NULL,
    chosen_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (shop, order_id)
  );

  -- A shipment is one fulfillment order's parcel: its key is the order (the
  -- parent) and the fulfillment order's numeric id. Rows made before
  -- shipments were per fulfillment order keep '' there: the whole order,
  -- shipped and fulfilled as it was (its package's reference is the order's).
  ALTER TABLE shipbridge_shopify_shipments
    ADD COLUMN IF NOT EXISTS fulfillment_order_id text NOT NULL DEFAULT '';
  DO $$
  BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_constraint
                   WHERE conrelid = 'shipbridge_shopify_shipments'::regclass
                     AND conname = 'shipbridge_shopify_shipments_by_fulfillment_order') THEN
      ALTER TABLE shipbridge_shopify_shipments DROP CONSTRAINT IF EXISTS shipbridge_shopify_shipments_pkey;
      ALTER TABLE shipbridge_shopify_shipments
        ADD CONSTRAINT shipbridge_shopify_shipments_by_fulfillment_order
        PRIMARY KEY (shop, order_id, fulfillment_order_id);
    END IF;
  END $$;

  -- The goods a shipment's parcel is bought with (line item GID -> quantity),
  -- written before each purchase and kept once its package is known: what a
  -- package bought and not yet fulfilled holds when its fulfillment order changes.
  ALTER TABLE shipbridge_shopify_shipments ADD COLUMN IF NOT EXISTS goods jsonb;

  -- Every package a batch bought for an order (one per fulfillment order).
  ALTER TABLE shipbridge_shopify_batch_orders
    ADD COLUMN IF NOT EXISTS package_ids bigint[] NOT NULL DEFAULT '{}';
`;

/** Runs `work` while holding the migration lock on a connection of `pool`. */
export async function underMigrationLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      return await work();
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** Creates the app's tables if they do not exist. Call under the migration lock. */
export async function migrate(pool: pg.Pool): Promise<void> {
  await pool.query(TABLES);
}
