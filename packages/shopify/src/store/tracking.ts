// What the app keeps of a fulfilled order's tracking: each event once (per
// package, parcel, state and time), the delivery statuses already sent to
// Shopify (once per shipment), the latest state on the shipment's row, and
// when the reconcile job last asked the service about it.
import type pg from "pg";
import type { ShipmentKey } from "./shipments.ts";

type Db = pg.Pool | pg.PoolClient;

export interface TrackingEventRow {
  readonly packageId: number;
  readonly packageNo: string;
  readonly state: string;
  readonly datetime: string;
  readonly description?: string | null | undefined;
}

/** The shop's fulfilled shipment (one fulfillment order of an order) that has the package, or undefined. */
export async function fulfilledShipmentOfPackage(
  db: Db,
  shop: string,
  packageId: number,
): Promise<ShipmentKey | undefined> {
  const { rows } = await db.query(
    `SELECT order_id, fulfillment_order_id FROM shipbridge_shopify_shipments
     WHERE shop = $1 AND package_id = $2 AND fulfillment_id IS NOT NULL`,
    [shop, packageId],
  );
  const row = rows[0] as { order_id: string; fulfillment_order_id: string } | undefined;
  return row && { orderId: row.order_id, fulfillmentOrderId: row.fulfillment_order_id };
}

/** Keeps the event; false when it was kept before (a replay). */
export async function recordTrackingEvent(
  db: Db,
  shop: string,
  event: TrackingEventRow,
): Promise<boolean> {
  const inserted = await db.query(
    `INSERT INTO shipbridge_shopify_tracking_events (shop, package_id, package_no, state, datetime, description)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
    [
      shop,
      event.packageId,
      event.packageNo,
      event.state,
      event.datetime,
      event.description ?? null,
    ],
  );
  return inserted.rowCount === 1;
}

/** How many parcels of the package have a "delivered" event. */
export async function deliveredParcels(db: Db, shop: string, packageId: number): Promise<number> {
  const { rows } = await db.query(
    `SELECT count(DISTINCT package_no)::int AS n FROM shipbridge_shopify_tracking_events
     WHERE shop = $1 AND package_id = $2 AND state = 'delivered'`,
    [shop, packageId],
  );
  return (rows[0]?.n as number | undefined) ?? 0;
}

/**
 * The delivery statuses already sent to Shopify for a shipment: `orderId`
 * is the shipment's name in that table (the order's id for a whole-order row,
 * `<order>:<fulfillment order>` for one fulfillment order's).
 */
export async function sentDeliveryStatuses(
  db: Db,
  shop: string,
  orderId: string,
): Promise<string[]> {
  const { rows } = await db.query(
    "SELECT status FROM shipbridge_shopify_delivery_events WHERE shop = $1 AND order_id = $2",
    [shop, orderId],
  );
  return rows.map((row: { status: string }) => row.status);
}

/** Records a delivery status as sent; false when it was recorded before. */
export async function recordDeliveryStatus(
  db: Db,
  shop: string,
  orderId: string,
  status: string,
): Promise<boolean> {
  const inserted = await db.query(
    `INSERT INTO shipbridge_shopify_delivery_events (shop, order_id, status) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING`,
    [shop, orderId, status],
  );
  return inserted.rowCount === 1;
}

/** The shipment's latest tracking state and its time. */
export async function recordTrackingState(
  db: Db,
  shop: string,
  shipment: ShipmentKey,
  state: string,
  datetime: string,
): Promise<void> {
  await db.query(
    `UPDATE shipbridge_shopify_shipments SET tracking_state = $3, tracking_at = $4, updated_at = now()
     WHERE shop = $1 AND order_id = $2 AND fulfillment_order_id = $5`,
    [shop, shipment.orderId, state, datetime, shipment.fulfillmentOrderId],
  );
}

/** A fulfilled shipment whose parcel the reconcile job asks about. */
export interface TrackedShipment {
  readonly shop: string;
  readonly orderId: string;
  readonly packageId: number;
}

/**
 * Fulfilled shipments of connected shops whose tracking has not reached one
 * of `finalStates`, checked longest ago first (never checked first), at most `limit`.
 */
export async function shipmentsToTrack(
  db: Db,
  finalStates: readonly string[],
  limit: number,
): Promise<TrackedShipment[]> {
  const { rows } = await db.query(
    `SELECT s.shop, s.order_id, s.package_id FROM shipbridge_shopify_shipments s
     JOIN shipbridge_shopify_settings t ON t.shop = s.shop AND t.connection = 'connected'
     WHERE s.status = 'fulfilled' AND s.package_id IS NOT NULL
       AND (s.tracking_state IS NULL OR NOT (s.tracking_state = ANY($1::text[])))
     ORDER BY s.tracking_checked_at ASC NULLS FIRST, s.updated_at, s.order_id LIMIT $2`,
    [finalStates, limit],
  );
  return (rows as { shop: string; order_id: string; package_id: string }[]).map((row) => ({
    shop: row.shop,
    orderId: row.order_id,
    packageId: Number(row.package_id),
  }));
}

/** Marks the shipment's tracking as asked about now. */
export async function markTrackingChecked(db: Db, shop: string, orderId: string): Promise<void> {
  await db.query(
    `UPDATE shipbridge_shopify_shipments SET tracking_checked_at = now()
     WHERE shop = $1 AND order_id = $2`,
    [shop, orderId],
  );
}
