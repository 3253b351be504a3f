// One row per Shopify order the app handles: where its shipment stands, the
// package and tracking once shipped, core's path-addressed issues when it
// needs the merchant's attention, and the Shopify fulfilment once made.
import type { Issue, Language } from "@shipbridge/core";
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

/** What the package cost, as the service priced it. */
export interface Price {
  readonly amount: number;
  readonly currency: string;
}

/** The same issues in each language they are known in. */
export type IssuesByLanguage = Partial<Record<Language, readonly Issue<string>[]>>;

/** The carrier and point an order ships with (known once it is mapped). */
export interface Route {
  readonly service?: string | undefined;
  readonly pickupPoint?: string | undefined;
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
  readonly service: string | undefined;
  readonly pickupPoint: string | undefined;
  readonly price: Price | undefined;
  readonly issuesByLanguage: IssuesByLanguage | undefined;
  readonly trackingState: string | undefined;
  readonly hasLabel: boolean;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export function toRow(row: Record<string, unknown>): ShipmentRow {
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
    service: (row.service as string | null) ?? undefined,
    pickupPoint: (row.pickup_point as string | null) ?? undefined,
    price: (row.price as Price | null) ?? undefined,
    issuesByLanguage: (row.issues_by_language as IssuesByLanguage | null) ?? undefined,
    trackingState: (row.tracking_state as string | null) ?? undefined,
    hasLabel: row.has_label === true,
    createdAt: new Date(row.created_at as Date | string),
    updatedAt: new Date(row.updated_at as Date | string),
  };
}

export const COLUMNS = `shop, order_id, order_gid, order_name, status, package_id, command_id, tracking,
  issues, fulfillment_id, service, pickup_point, price, issues_by_language, tracking_state,
  label IS NOT NULL AS has_label, created_at, updated_at`;

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

/** The status of each of the shop's orders `orderIds` that has a row. */
export async function shipmentStatuses(
  pool: pg.Pool,
  shop: string,
  orderIds: readonly string[],
): Promise<Map<string, ShipmentStatus>> {
  const { rows } = await pool.query(
    `SELECT order_id, status FROM shipbridge_shopify_shipments
     WHERE shop = $1 AND order_id = ANY($2::text[])`,
    [shop, orderIds],
  );
  return new Map(rows.map((row) => [row.order_id as string, row.status as ShipmentStatus]));
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
  key: { shop: string; orderId: string; orderGid: string; orderName: string } & Route,
): Promise<ShipmentRow> {
  const { rows } = await pool.query(
    `INSERT INTO shipbridge_shopify_shipments
       (shop, order_id, order_gid, order_name, status, service, pickup_point)
     VALUES ($1, $2, $3, $4, 'shipping', $5, $6)
     ON CONFLICT (shop, order_id) DO UPDATE SET
       status = CASE WHEN shipbridge_shopify_shipments.status IN ('needs_attention', 'waiting')
                     THEN 'shipping' ELSE shipbridge_shopify_shipments.status END,
       service = CASE WHEN shipbridge_shopify_shipments.package_id IS NULL
                      THEN COALESCE(EXCLUDED.service, shipbridge_shopify_shipments.service)
                      ELSE shipbridge_shopify_shipments.service END,
       pickup_point = CASE WHEN shipbridge_shopify_shipments.package_id IS NULL
                      THEN EXCLUDED.pickup_point ELSE shipbridge_shopify_shipments.pickup_point END,
       updated_at = now()
     RETURNING ${COLUMNS}`,
    [
      key.shop,
      key.orderId,
      key.orderGid,
      key.orderName,
      key.service ?? null,
      key.pickupPoint ?? null,
    ],
  );
  return toRow(rows[0] as Record<string, unknown>);
}

/** Records an order that waits for the merchant to ship it by hand (once; nothing further is undone). */
export async function recordWaiting(
  pool: pg.Pool,
  key: { shop: string; orderId: string; orderGid: string; orderName: string } & Route,
): Promise<void> {
  await pool.query(
    `INSERT INTO shipbridge_shopify_shipments
       (shop, order_id, order_gid, order_name, status, service, pickup_point)
     VALUES ($1, $2, $3, $4, 'waiting', $5, $6) ON CONFLICT (shop, order_id) DO NOTHING`,
    [
      key.shop,
      key.orderId,
      key.orderGid,
      key.orderName,
      key.service ?? null,
      key.pickupPoint ?? null,
    ],
  );
}

/**
 * Records the ordered package. An order cancelled in Shopify while it was
 * being shipped keeps its cancelled status (the caller then cancels the
 * package); answers the row as it now stands. A label not given (a batch
 * fetches none) leaves the stored one, if any, and so does a command not
 * known (the package was ordered by a command core cannot name).
 */
export async function recordShipped(
  pool: pg.Pool,
  shop: string,
  orderId: string,
  shipped: {
    packageId: number;
    commandId: string | undefined;
    tracking: Tracking;
    label?: { readonly bytes: Uint8Array; readonly contentType: string };
    price: Price | undefined;
  },
): Promise<ShipmentRow | undefined> {
  const { rows } = await pool.query(
    `UPDATE shipbridge_shopify_shipments SET
       status = CASE WHEN status IN ('fulfilled', 'cancelled', 'cancelled_after_order')
                     THEN status ELSE 'shipped' END,
       command_id = COALESCE($4, CASE WHEN package_id = $3 THEN command_id END),
       package_id = $3, tracking = $5::jsonb, issues = NULL,
       issues_by_language = NULL, label = COALESCE($6, label),
       label_type = COALESCE($7, label_type),
       price = COALESCE($8::jsonb, price), updated_at = now()
     WHERE shop = $1 AND order_id = $2
     RETURNING ${COLUMNS}`,
    [
      shop,
      orderId,
      shipped.packageId,
      shipped.commandId ?? null,
      JSON.stringify(shipped.tracking),
      shipped.label ? Buffer.from(shipped.label.bytes) : null,
      shipped.label?.contentType ?? null,
      shipped.price ? JSON.stringify(shipped.price) : null,
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

/** Records an order cancelled before the app began shipping it; false when it has a row already. */
export async function recordCancelled(
  pool: pg.Pool,
  key: { shop: string; orderId: string; orderGid: string; orderName: string },
): Promise<boolean> {
  const { rowCount } = await pool.query(
    `INSERT INTO shipbridge_shopify_shipments (shop, order_id, order_gid, order_name, status)
     VALUES ($1, $2, $3, $4, 'cancelled') ON CONFLICT (shop, order_id) DO NOTHING`,
    [key.shop, key.orderId, key.orderGid, key.orderName],
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
  byLanguage?: IssuesByLanguage,
): Promise<void> {
  await pool.query(
    `UPDATE shipbridge_shopify_shipments SET status = 'needs_attention', issues = $3::jsonb,
       issues_by_language = $4::jsonb, updated_at = now()
     WHERE shop = $1 AND order_id = $2 AND status IN ('shipping', 'shipped', 'needs_attention')`,
    [shop, orderId, JSON.stringify(issues), byLanguage ? JSON.stringify(byLanguage) : null],
  );
}

/**
 * Puts an order with a package (even fulfilled) on "needs attention", unless it
 * is cancelled already: for a cancellation that could not be confirmed.
 * False when the order has no package or is cancelled.
 */
export async function recordPackageNeedsAttention(
  pool: pg.Pool,
  shop: string,
  orderId: string,
  issues: readonly Issue<string>[],
  byLanguage: IssuesByLanguage,
): Promise<boolean> {
  const { rowCount } = await pool.query(
    `UPDATE shipbridge_shopify_shipments SET status = 'needs_attention', issues = $3::jsonb,
       issues_by_language = $4::jsonb, updated_at = now()
     WHERE shop = $1 AND order_id = $2 AND package_id IS NOT NULL
       AND status NOT IN ('cancelled', 'cancelled_after_order')`,
    [shop, orderId, JSON.stringify(issues), JSON.stringify(byLanguage)],
  );
  return (rowCount ?? 0) > 0;
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

/** Keeps an order's label fetched after its shipment (a batch's orders get theirs when asked). */
export async function recordLabel(
  pool: pg.Pool,
  shop: string,
  orderId: string,
  label: { readonly bytes: Uint8Array; readonly contentType: string },
): Promise<void> {
  await pool.query(
    `UPDATE shipbridge_shopify_shipments SET label = $3, label_type = $4
     WHERE shop = $1 AND order_id = $2 AND package_id IS NOT NULL`,
    [shop, orderId, Buffer.from(label.bytes), label.contentType],
  );
}
