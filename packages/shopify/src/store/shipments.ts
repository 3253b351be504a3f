// One row per Shopify order the app handles: where its shipment stands, the
// package and tracking once shipped, core's path-addressed issues when it
// needs the merchant's attention, and the Shopify fulfilment once made.
import type { Issue } from "@shipbridge/core";
import type pg from "pg";

export type ShipmentStatus =
  | "waiting"
  | "shipping"
  | "shipped"
  | "fulfilled"
  | "needs_attention"
  | "cancelled"
  | "cancelled_after_order";

export interface Tracking {
  readonly company: string;
  readonly numbers: readonly string[];
  readonly urls: readonly string[];
}

export interface ShipmentRow {
  readonly shop: string;
  readonly orderId: string;
  readonly orderGid: string;
  readonly orderName: string;
  readonly status: ShipmentStatus;
  readonly packageId: number | undefined;
  readonly commandId: string | undefined;
  readonly tracking: Tracking | undefined;
  readonly issues: readonly Issue<string>[];
  readonly fulfillmentId: string | undefined;
}

function toRow(row: Record<string, unknown>): ShipmentRow {
  return {
    shop: row.shop as string,
    orderId: row.order_id as string,
    orderGid: row.order_gid as string,
    orderName: row.order_name as string,
    status: row.status as ShipmentStatus,
    packageId: row.package_id === null ? undefined : Number(row.package_id),
    commandId: (row.command_id as string | null) ?? undefined,
    tracking: (row.tracking as Tracking | null) ?? undefined,
    issues: (row.issues as Issue<string>[] | null) ?? [],
    fulfillmentId: (row.fulfillment_id as string | null) ?? undefined,
  };
}

const COLUMNS =
  "shop, order_id, order_gid, order_name, status, package_id, command_id, tracking, issues, fulfillment_id";

export async function loadShipment(
  pool: pg.Pool | pg.PoolClient,
  shop: string,
  orderId: string,
): Promise<ShipmentRow | undefined> {
  const { rows } = await pool.query(
    `SELECT ${COLUMNS} FROM shipbridge_shopify_shipments WHERE shop = $1 AND order_id = $2`,
    [shop, orderId],
  );
  return rows[0] ? toRow(rows[0]) : undefined;
}

export async function listShipments(
  pool: pg.Pool,
  shop: string,
  status?: ShipmentStatus,
): Promise<ShipmentRow[]> {
  const { rows } = await pool.query(
    `SELECT ${COLUMNS} FROM shipbridge_shopify_shipments
     WHERE shop = $1 AND ($2::text IS NULL OR status = $2) ORDER BY updated_at DESC LIMIT 500`,
    [shop, status ?? null],
  );
  return rows.map(toRow);
}

/** Records that the order is being shipped, unless it is already further along. */
export async function beginShipment(
  pool: pg.Pool,
  key: { shop: string; orderId: string; orderGid: string; orderName: string },
): Promise<ShipmentRow> {
  const { rows } = await pool.query(
    `INSERT INTO shipbridge_shopify_shipments (shop, order_id, order_gid, order_name, status)
     VALUES ($1, $2, $3, $4, 'shipping')
     ON CONFLICT (shop, order_id) DO UPDATE SET
       status = CASE WHEN shipbridge_shopify_shipments.status IN ('needs_attention', 'waiting')
                     THEN 'shipping' ELSE shipbridge_shopify_shipments.status END,
       updated_at = now()
     RETURNING ${COLUMNS}`,
    [key.shop, key.orderId, key.orderGid, key.orderName],
  );
  return toRow(rows[0] as Record<string, unknown>);
}

/** Records an order that waits for the merchant to ship it by hand (once; nothing further is undone). */
export async function recordWaiting(
  pool: pg.Pool,
  key: { shop: string; orderId: string; orderGid: string; orderName: string },
): Promise<void> {
  await pool.query(
    `INSERT INTO shipbridge_shopify_shipments (shop, order_id, order_gid, order_name, status)
     VALUES ($1, $2, $3, $4, 'waiting') ON CONFLICT (shop, order_id) DO NOTHING`,
    [key.shop, key.orderId, key.orderGid, key.orderName],
  );
}

/**
 * Records the ordered package. An order cancelled in Shopify while it was
 * being shipped keeps its cancelled status (the caller then cancels the
 * package); answers the row as it now stands.
 */
export async function recordShipped(
  pool: pg.Pool,
  shop: string,
  orderId: string,
  shipped: {
    packageId: number;
    commandId: string;
    tracking: Tracking;
    label: { bytes: Uint8Array; contentType: string };
  },
): Promise<ShipmentRow | undefined> {
  const { rows } = await pool.query(
    `UPDATE shipbridge_shopify_shipments SET
       status = CASE WHEN status IN ('fulfilled', 'cancelled', 'cancelled_after_order')
                     THEN status ELSE 'shipped' END,
       package_id = $3, command_id = $4, tracking = $5::jsonb, issues = NULL,
       label = $6, label_type = $7, updated_at = now()
     WHERE shop = $1 AND order_id = $2
     RETURNING ${COLUMNS}`,
    [
      shop,
      orderId,
      shipped.packageId,
      shipped.commandId,
      JSON.stringify(shipped.tracking),
      Buffer.from(shipped.label.bytes),
      shipped.label.contentType,
    ],
  );
  return rows[0] ? toRow(rows[0]) : undefined;
}

/**
 * Marks a cancelled order that has no package yet; answers false when a
 * package was recorded meanwhile (the caller cancels it at the service).
 */
export async function cancelUnordered(
  pool: pg.Pool,
  shop: string,
  orderId: string,
): Promise<boolean> {
  const { rowCount } = await pool.query(
    `UPDATE shipbridge_shopify_shipments SET status = 'cancelled', updated_at = now()
     WHERE shop = $1 AND order_id = $2 AND package_id IS NULL`,
    [shop, orderId],
  );
  return (rowCount ?? 0) > 0;
}

/** Records a package id known before the shipment completed, so a cancellation can cancel it. */
export async function recordPackageId(
  pool: pg.Pool,
  shop: string,
  orderId: string,
  packageId: number,
): Promise<ShipmentRow | undefined> {
  const { rows } = await pool.query(
    `UPDATE shipbridge_shopify_shipments SET package_id = COALESCE(package_id, $3), updated_at = now()
     WHERE shop = $1 AND order_id = $2 RETURNING ${COLUMNS}`,
    [shop, orderId, packageId],
  );
  return rows[0] ? toRow(rows[0]) : undefined;
}

export async function recordNeedsAttention(
  pool: pg.Pool,
  shop: string,
  orderId: string,
  issues: readonly Issue<string>[],
): Promise<void> {
  await pool.query(
    `UPDATE shipbridge_shopify_shipments SET status = 'needs_attention', issues = $3::jsonb, updated_at = now()
     WHERE shop = $1 AND order_id = $2 AND status IN ('shipping', 'needs_attention')`,
    [shop, orderId, JSON.stringify(issues)],
  );
}

export async function recordStatus(
  pool: pg.Pool | pg.PoolClient,
  shop: string,
  orderId: string,
  status: ShipmentStatus,
  fulfillmentId?: string,
): Promise<void> {
  await pool.query(
    `UPDATE shipbridge_shopify_shipments SET status = $3,
       fulfillment_id = COALESCE($4, fulfillment_id), updated_at = now()
     WHERE shop = $1 AND order_id = $2`,
    [shop, orderId, status, fulfillmentId ?? null],
  );
}

export async function loadLabel(
  pool: pg.Pool,
  shop: string,
  orderId: string,
): Promise<{ bytes: Uint8Array; contentType: string } | undefined> {
  const { rows } = await pool.query(
    "SELECT label, label_type FROM shipbridge_shopify_shipments WHERE shop = $1 AND order_id = $2 AND label IS NOT NULL",
    [shop, orderId],
  );
  const row = rows[0];
  return row ? { bytes: new Uint8Array(row.label), contentType: row.label_type } : undefined;
}
