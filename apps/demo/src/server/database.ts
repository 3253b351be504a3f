// The demo's own tables in its database: the simulated Shopify store's orders
// (the payloads its webhooks carry), bulk-ship batches and their items, and a
// few facts learnt once (the Medusa publishable key). pg-boss keeps its jobs
// in the same database, in its own schema.
import type pg from "pg";

export async function migrateDemo(pool: pg.Pool): Promise<void> {
  await pool.query(`
    CREATE TABLE IF NOT EXISTS demo_facts (
      key text PRIMARY KEY,
      value jsonb NOT NULL
    );
    CREATE SEQUENCE IF NOT EXISTS demo_shopify_order_number START 1001;
    CREATE TABLE IF NOT EXISTS demo_shopify_orders (
      id bigint PRIMARY KEY,
      name text NOT NULL,
      payload jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE IF NOT EXISTS demo_batches (
      id uuid PRIMARY KEY,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE IF NOT EXISTS demo_batch_items (
      batch_id uuid NOT NULL REFERENCES demo_batches(id),
      store text NOT NULL,
      order_id text NOT NULL,
      state text NOT NULL DEFAULT 'queued',
      error text,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (batch_id, store, order_id)
    );
  `);
}

export async function readFact<T>(pool: pg.Pool, key: string): Promise<T | undefined> {
  const { rows } = await pool.query("SELECT value FROM demo_facts WHERE key = $1", [key]);
  return rows[0]?.value as T | undefined;
}

export async function writeFact(pool: pg.Pool, key: string, value: unknown): Promise<void> {
  await pool.query(
    `INSERT INTO demo_facts (key, value) VALUES ($1, $2)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    [key, JSON.stringify(value)],
  );
}
