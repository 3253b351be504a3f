// What Shopify's compliance topics do to the app's tables: forget a shop
// entirely (shop/redact), blank what is kept about a customer's orders
// (customers/redact), and keep a report of it (customers/data_request).
import type pg from "pg";
import { returnsOfOrders } from "./returns.ts";

/** The app's tables that hold a shop's data, all keyed by `shop`. */
const SHOP_TABLES = [
  "inbox",
  "shipments",
  "settings",
  "data_requests",
  "tracking_events",
  "delivery_events",
  "pickups",
  "returns",
  "point_choices",
  // Its orders go with it (ON DELETE CASCADE).
  "batches",
] as const;

/** Deletes everything the app keeps about the shop. */
export async function deleteShopData(pool: pg.Pool, shop: string): Promise<void> {
  for (const table of SHOP_TABLES) {
    await pool.query(`DELETE FROM shipbridge_shopify_${table} WHERE shop = $1`, [shop]);
  }
}

/**
 * Blanks the customer's orders: their stored payloads (name, address) and
 * their shipments' labels and problems (which may quote the address), and
 * deletes the reports made for the customer's own data requests.
 */
export async function redactCustomer(
  pool: pg.Pool,
  shop: string,
  customerId: string | undefined,
  orderIds: readonly string[],
): Promise<void> {
  if (customerId !== undefined) {
    await pool.query(
      `DELETE FROM shipbridge_shopify_data_requests
       WHERE shop = $1 AND report->'customer'->>'id' = $2`,
      [shop, customerId],
    );
  }
  if (orderIds.length === 0) return;
  await pool.query(
    `UPDATE shipbridge_shopify_inbox SET payload = '{"redacted":true}'::jsonb
     WHERE shop = $1 AND topic LIKE 'orders/%' AND payload->>'id' = ANY($2::text[])`,
    [shop, orderIds],
  );
  await pool.query(
    `UPDATE shipbridge_shopify_shipments SET label = NULL, label_type = NULL, issues = NULL,
       issues_by_language = NULL
     WHERE shop = $1 AND order_id = ANY($2::text[])`,
    [shop, orderIds],
  );
  // The labels of the orders' return parcels print the customer's address.
  await pool.query(
    `UPDATE shipbridge_shopify_returns SET label = NULL, label_type = NULL, issues = NULL
     WHERE shop = $1 AND order_id = ANY($2::text[])`,
    [shop, orderIds],
  );
}

/**
 * Keeps a report of what the app holds about the orders: the shipments' and
 * the return parcels' ids, status and tracking.
 */
export async function recordDataRequest(
  pool: pg.Pool,
  shop: string,
  requestId: string,
  customer: unknown,
  orderIds: readonly string[],
): Promise<void> {
  const { rows } = await pool.query(
    `SELECT order_id, order_name, status, package_id, tracking FROM shipbridge_shopify_shipments
     WHERE shop = $1 AND order_id = ANY($2::text[]) ORDER BY order_id`,
    [shop, orderIds],
  );
  const returns = await returnsOfOrders(pool, shop, orderIds);
  await pool.query(
    `INSERT INTO shipbridge_shopify_data_requests (shop, request_id, report) VALUES ($1, $2, $3::jsonb)
     ON CONFLICT (shop, request_id) DO UPDATE SET report = EXCLUDED.report`,
    [shop, requestId, JSON.stringify({ customer: customer ?? null, shipments: rows, returns })],
  );
}
