// The demo's own tables in its database: the simulated Shopify store's orders
// (the payloads its webhooks carry), the dashboard's batches with the store
// batches that are their parts, and a few facts learnt once (the Medusa
// publishable key).
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
    ALTER TABLE demo_batches ADD COLUMN IF NOT EXISTS request_key text UNIQUE;
    CREATE TABLE IF NOT EXISTS demo_batch_parts (
      batch_id uuid NOT NULL REFERENCES demo_batches(id),
      store text NOT NULL,
      order_ids jsonb NOT NULL,
      store_batch_id text,
      state text NOT NULL DEFAULT 'starting',
      error text,
      result jsonb,
      PRIMARY KEY (batch_id, store)
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
