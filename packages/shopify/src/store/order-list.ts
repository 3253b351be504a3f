// Every order the app knows for a shop, newest first: each shipment row (one
// per fulfillment order it ships, so an order of two parcels is listed
// twice, `#1001 (1/2)` and `#1001 (2/2)`), and orders only seen in webhooks
// so far (placed, not paid yet, when the shop ships on payment), with the
// newest whole order each delivered.
// Deliveries refused because the shop's Admin API does not know their order
// list nothing.
import type pg from "pg";
import { FULL_ORDER_TOPICS } from "./inbox.ts";
import { COLUMNS, type ShipmentRow, toRow } from "./shipments.ts";

export interface KnownOrder {
  readonly orderId: string;
  /** The shipment row, when shipping has begun (or the order waits to be shipped by hand). */
  readonly shipment: ShipmentRow | undefined;
  /** The newest whole order Shopify sent, if any is kept (not redacted). */
  readonly payload: Record<string, unknown> | undefined;
  /** When the app first heard of the order. */
  readonly firstSeen: Date;
}

const ORDER_TOPICS = [...FULL_ORDER_TOPICS, "orders/cancelled"];

export async function listKnownOrders(
  pool: pg.Pool,
  shop: string,
  limit: number,
): Promise<KnownOrder[]> {
  const { rows } = await pool.query(
    `WITH seen AS (
       SELECT payload->>'id' AS order_id, min(received_at) AS first_seen
       FROM shipbridge_shopify_inbox
       WHERE shop = $1 AND topic = ANY($2::text[]) AND payload ? 'id' AND refused IS NULL
       GROUP BY payload->>'id'
     ), rows AS (
       SELECT ${COLUMNS} FROM shipbridge_shopify_shipments WHERE shop = $1
     ), ids AS (
       SELECT order_id FROM seen UNION SELECT order_id FROM rows
     )
     SELECT ids.order_id, COALESCE(seen.first_seen, rows.created_at) AS first_seen,
            to_jsonb(rows) AS shipment, latest.payload
     FROM ids
     LEFT JOIN seen ON seen.order_id = ids.order_id
     LEFT JOIN rows ON rows.order_id = ids.order_id
     LEFT JOIN LATERAL (
       SELECT payload FROM shipbridge_shopify_inbox
       WHERE shop = $1 AND topic = ANY($2::text[]) AND payload->>'id' = ids.order_id
         AND refused IS NULL
       ORDER BY payload->>'updated_at' DESC NULLS LAST, received_at DESC LIMIT 1
     ) latest ON true
     ORDER BY first_seen DESC, ids.order_id DESC, rows.fulfillment_order_id
     LIMIT $3`,
    [shop, ORDER_TOPICS, limit],
  );
  return rows.map((row) => ({
    orderId: row.order_id as string,
    shipment: row.shipment ? toRow(row.shipment as Record<string, unknown>) : undefined,
    payload: (row.payload as Record<string, unknown> | null) ?? undefined,
    firstSeen: new Date(row.first_seen as Date),
  }));
}

/** How the app holds an order, for the day's reckoning. */
export type DayOrderState = "open" | "shipped" | "cancelled" | "unknown";

/**
 * How the app holds the shipment a package was ordered for, by the id core
 * shipped it under (a fulfillment order's, or a whole order's for a row
 * begun before shipments were per fulfillment order): `shipped` (its
 * package ordered), `cancelled`, `open` (received, not shipped yet), or
 * `unknown` (the app has no such shipment of the shop).
 */
export async function dayOrderState(
  pool: pg.Pool,
  shop: string,
  shipId: string,
): Promise<DayOrderState> {
  const { rows } = await pool.query(
    `SELECT s.status,
       EXISTS (SELECT 1 FROM shipbridge_shopify_inbox i
               WHERE i.shop = $1 AND i.payload->>'id' = $2 AND i.refused IS NULL) AS received
     FROM (SELECT 1) one
     LEFT JOIN LATERAL (
       SELECT status FROM shipbridge_shopify_shipments
       WHERE shop = $1
         AND (fulfillment_order_id = $2 OR (fulfillment_order_id = '' AND order_id = $2))
       LIMIT 1
     ) s ON true`,
    [shop, shipId],
  );
  const status = rows[0]?.status as string | null | undefined;
  if (status === "shipped" || status === "fulfilled") return "shipped";
  if (status === "cancelled" || status === "cancelled_after_order") return "cancelled";
  if (status) return "open";
  return rows[0]?.received ? "open" : "unknown";
}
