// One row per shipment the app handles: one fulfillment order of a Shopify
// order (the order is its parent; a row made before shipments were per
// fulfillment order has '' for it and stands for the whole order): where it
// stands, the package and tracking once shipped, core's path-addressed issues
// when it needs the merchant's attention, and the Shopify fulfilment once
// made. A function given an order id alone acts on every shipment of the
// order; given a ShipmentKey, on that one.
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

/** One shipment of an order: its fulfillment order's numeric id ('' for a whole-order row). */
export interface ShipmentKey {
  readonly orderId: string;
  readonly fulfillmentOrderId: string;
}

/** The order's shipments (its id) or one of them (its key). */
export type ShipmentTarget = string | ShipmentKey;

function targetOf(target: ShipmentTarget): [string, string | null] {
  return typeof target === "string" ? [target, null] : [target.orderId, target.fulfillmentOrderId];
}

/** Rows of `$2` (the order) and, when `$3` is not null, of that fulfillment order only. */
const TARGET = "order_id = $2 AND ($3::text IS NULL OR fulfillment_order_id = $3::text)";

/**
 * The order of an order's shipments by how far they are from settled: of
 * several, the least settled one speaks for the order (an order is
 * fulfilled once every shipment is).
 */
export const LEAST_SETTLED = `CASE status WHEN 'needs_attention' THEN 0 WHEN 'waiting' THEN 1
  WHEN 'shipping' THEN 2 WHEN 'shipped' THEN 3 WHEN 'cancelled_after_order' THEN 4
  WHEN 'fulfilled' THEN 5 ELSE 6 END, fulfillment_order_id`;

export interface ShipmentRow {
  readonly shop: string;
  readonly orderId: string;
  /** The fulfillment order's numeric id ('' for a row that stands for the whole order). */
  readonly fulfillmentOrderId: string;
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
  /** The goods its parcel is (being) bought with: line item GID -> quantity; absent before the first purchase. */
  readonly goods: Readonly<Record<string, number>> | undefined;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export function toRow(row: Record<string, unknown>): ShipmentRow {
  return {
    shop: row.shop as string,
    orderId: row.order_id as string,
    fulfillmentOrderId: (row.fulfillment_order_id as string | null) ?? "",
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
    goods: (row.goods as Record<string, number> | null) ?? undefined,
    createdAt: new Date(row.created_at as Date | string),
    updatedAt: new Date(row.updated_at as Date | string),
  };
}

export const COLUMNS = `shop, order_id, fulfillment_order_id, order_gid, order_name, status, package_id, command_id, tracking,
  issues, fulfillment_id, service, pickup_point, price, issues_by_language, tracking_state,
  label IS NOT NULL AS has_label, goods, created_at, updated_at`;

/**
 * One shipment (by its key), or, by the order's id, the order's least
 * settled shipment (see LEAST_SETTLED).
 */
export async function loadShipment(
  pool: pg.Pool | pg.PoolClient,
  shop: string,
  target: ShipmentTarget,
): Promise<ShipmentRow | undefined> {
  const { rows } = await pool.query(
    `SELECT ${COLUMNS} FROM shipbridge_shopify_shipments WHERE shop = $1 AND ${TARGET}
     ORDER BY ${LEAST_SETTLED} LIMIT 1`,
    [shop, ...targetOf(target)],
  );
  return rows[0] ? toRow(rows[0]) : undefined;
}

/** Every shipment of the order, by fulfillment order. */
export async function loadOrderShipments(
  pool: pg.Pool | pg.PoolClient,
  shop: string,
  orderId: string,
): Promise<ShipmentRow[]> {
  const { rows } = await pool.query(
    `SELECT ${COLUMNS} FROM shipbridge_shopify_shipments WHERE shop = $1 AND order_id = $2
     ORDER BY fulfillment_order_id`,
    [shop, orderId],
  );
  return rows.map(toRow);
}

/** The order one of the shop's shipments of `fulfillmentOrderIds` belongs to, if any. */
export async function orderOfFulfillmentOrders(
  pool: pg.Pool,
  shop: string,
  fulfillmentOrderIds: readonly string[],
): Promise<string | undefined> {
  const { rows } = await pool.query(
    `SELECT order_id FROM shipbridge_shopify_shipments
     WHERE shop = $1 AND fulfillment_order_id = ANY($2::text[]) LIMIT 1`,
    [shop, fulfillmentOrderIds],
  );
  return (rows[0]?.order_id as string | undefined) ?? undefined;
}

/**
 * Removes a shipment never bought whose fulfillment order is gone (moved,
 * split, merged). One being shipped now ("shipping": a run may be buying
 * it) is left; once that run has ended it is dropped or kept by its outcome.
 */
export async function dropUnboughtShipment(
  pool: pg.Pool,
  shop: string,
  key: ShipmentKey,
): Promise<boolean> {
  const { rowCount } = await pool.query(
    `DELETE FROM shipbridge_shopify_shipments WHERE shop = $1 AND ${TARGET}
       AND package_id IS NULL AND status IN ('waiting', 'needs_attention')`,
    [shop, key.orderId, key.fulfillmentOrderId],
  );
  return (rowCount ?? 0) > 0;
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

/** A shipment as first recorded: its key, the order's GID and the name shown for it. */
export interface NewShipment extends ShipmentKey, Route {
  readonly shop: string;
  readonly orderGid: string;
  readonly orderName: string;
}

function newShipmentValues(key: NewShipment): unknown[] {
  return [
    key.shop,
    key.orderId,
    key.fulfillmentOrderId,
    key.orderGid,
    key.orderName,
    key.service ?? null,
    key.pickupPoint ?? null,
  ];
}

/** Records that the shipment is being shipped, unless it is already further along. */
export async function beginShipment(pool: pg.Pool, key: NewShipment): Promise<ShipmentRow> {
  const { rows } = await pool.query(
    `INSERT INTO shipbridge_shopify_shipments
       (shop, order_id, fulfillment_order_id, order_gid, order_name, status, service, pickup_point)
     VALUES ($1, $2, $3, $4, $5, 'shipping', $6, $7)
     ON CONFLICT (shop, order_id, fulfillment_order_id) DO UPDATE SET
       status = CASE WHEN shipbridge_shopify_shipments.status IN ('needs_attention', 'waiting')
                     THEN 'shipping' ELSE shipbridge_shopify_shipments.status END,
       order_name = CASE WHEN shipbridge_shopify_shipments.package_id IS NULL
                         THEN EXCLUDED.order_name ELSE shipbridge_shopify_shipments.order_name END,
       service = CASE WHEN shipbridge_shopify_shipments.package_id IS NULL
                      THEN COALESCE(EXCLUDED.service, shipbridge_shopify_shipments.service)
                      ELSE shipbridge_shopify_shipments.service END,
       pickup_point = CASE WHEN shipbridge_shopify_shipments.package_id IS NULL
                      THEN EXCLUDED.pickup_point ELSE shipbridge_shopify_shipments.pickup_point END,
       updated_at = now()
     RETURNING ${COLUMNS}`,
    newShipmentValues(key),
  );
  return toRow(rows[0] as Record<string, unknown>);
}

/**
 * Records a shipment that waits for the merchant to ship it by hand (once;
 * nothing further is undone, only the name shown follows the order's
 * fulfillment orders until a package is bought: `#1001 (1/2)`).
 */
export async function recordWaiting(pool: pg.Pool, key: NewShipment): Promise<void> {
  await pool.query(
    `INSERT INTO shipbridge_shopify_shipments
       (shop, order_id, fulfillment_order_id, order_gid, order_name, status, service, pickup_point)
     VALUES ($1, $2, $3, $4, $5, 'waiting', $6, $7)
     ON CONFLICT (shop, order_id, fulfillment_order_id) DO UPDATE SET
       order_name = EXCLUDED.order_name
     WHERE shipbridge_shopify_shipments.package_id IS NULL
       AND shipbridge_shopify_shipments.order_name <> EXCLUDED.order_name`,
    newShipmentValues(key),
  );
}

/**
 * Records the ordered package. A shipment cancelled in Shopify while it was
 * being shipped keeps its cancelled status (the caller then cancels the
 * package); answers the row as it now stands. A label not given (a batch
 * fetches none) leaves the stored one, if any, and so does a command not
 * known (the package was ordered by a command core cannot name).
 */
export async function recordShipped(
  pool: pg.Pool,
  shop: string,
  key: ShipmentKey,
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
       command_id = COALESCE($5, CASE WHEN package_id = $4 THEN command_id END),
       package_id = $4, tracking = $6::jsonb, issues = NULL,
       issues_by_language = NULL, label = COALESCE($7, label),
       label_type = COALESCE($8, label_type),
       price = COALESCE($9::jsonb, price), updated_at = now()
     WHERE shop = $1 AND ${TARGET}
     RETURNING ${COLUMNS}`,
    [
      shop,
      ...targetOf(key),
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
 * Marks a cancelled shipment that has no package yet; answers false when a
 * package was recorded meanwhile (the caller cancels it at the service).
 */
export async function cancelUnordered(
  pool: pg.Pool,
  shop: string,
  key: ShipmentKey,
): Promise<boolean> {
  const { rowCount } = await pool.query(
    `UPDATE shipbridge_shopify_shipments SET status = 'cancelled', updated_at = now()
     WHERE shop = $1 AND ${TARGET} AND package_id IS NULL`,
    [shop, ...targetOf(key)],
  );
  return (rowCount ?? 0) > 0;
}

/** Records a shipment cancelled before the app began shipping it; false when it has a row already. */
export async function recordCancelled(pool: pg.Pool, key: NewShipment): Promise<boolean> {
  const { rowCount } = await pool.query(
    `INSERT INTO shipbridge_shopify_shipments
       (shop, order_id, fulfillment_order_id, order_gid, order_name, status, service, pickup_point)
     VALUES ($1, $2, $3, $4, $5, 'cancelled', $6, $7)
     ON CONFLICT (shop, order_id, fulfillment_order_id) DO NOTHING`,
    newShipmentValues(key),
  );
  return (rowCount ?? 0) > 0;
}

/**
 * Records the goods the shipment's parcel is about to be bought with; once
 * its package is known they are kept (what that package holds).
 */
export async function recordGoods(
  pool: pg.Pool,
  shop: string,
  key: ShipmentKey,
  goods: Readonly<Record<string, number>>,
): Promise<void> {
  await pool.query(
    `UPDATE shipbridge_shopify_shipments SET goods = $4::jsonb
     WHERE shop = $1 AND ${TARGET} AND package_id IS NULL`,
    [shop, ...targetOf(key), JSON.stringify(goods)],
  );
}

/** Records a package id known before the shipment completed, so a cancellation can cancel it. */
export async function recordPackageId(
  pool: pg.Pool,
  shop: string,
  key: ShipmentKey,
  packageId: number,
): Promise<ShipmentRow | undefined> {
  const { rows } = await pool.query(
    `UPDATE shipbridge_shopify_shipments SET package_id = COALESCE(package_id, $4), updated_at = now()
     WHERE shop = $1 AND ${TARGET} RETURNING ${COLUMNS}`,
    [shop, ...targetOf(key), packageId],
  );
  return rows[0] ? toRow(rows[0]) : undefined;
}

export async function recordNeedsAttention(
  pool: pg.Pool,
  shop: string,
  target: ShipmentTarget,
  issues: readonly Issue<string>[],
  byLanguage?: IssuesByLanguage,
): Promise<void> {
  await pool.query(
    `UPDATE shipbridge_shopify_shipments SET status = 'needs_attention', issues = $4::jsonb,
       issues_by_language = $5::jsonb, updated_at = now()
     WHERE shop = $1 AND ${TARGET} AND status IN ('shipping', 'shipped', 'needs_attention')`,
    [
      shop,
      ...targetOf(target),
      JSON.stringify(issues),
      byLanguage ? JSON.stringify(byLanguage) : null,
    ],
  );
}

/**
 * Puts a shipment with a package (even fulfilled) on "needs attention", unless
 * it is cancelled already: for a cancellation that could not be confirmed.
 * False when none has a package or all are cancelled.
 */
export async function recordPackageNeedsAttention(
  pool: pg.Pool,
  shop: string,
  target: ShipmentTarget,
  issues: readonly Issue<string>[],
  byLanguage: IssuesByLanguage,
): Promise<boolean> {
  const { rowCount } = await pool.query(
    `UPDATE shipbridge_shopify_shipments SET status = 'needs_attention', issues = $4::jsonb,
       issues_by_language = $5::jsonb, updated_at = now()
     WHERE shop = $1 AND ${TARGET} AND package_id IS NOT NULL
       AND status NOT IN ('cancelled', 'cancelled_after_order')`,
    [shop, ...targetOf(target), JSON.stringify(issues), JSON.stringify(byLanguage)],
  );
  return (rowCount ?? 0) > 0;
}

export async function recordStatus(
  pool: pg.Pool | pg.PoolClient,
  shop: string,
  target: ShipmentTarget,
  status: ShipmentStatus,
  fulfillmentId?: string,
): Promise<void> {
  await pool.query(
    `UPDATE shipbridge_shopify_shipments SET status = $4,
       fulfillment_id = COALESCE($5, fulfillment_id), updated_at = now()
     WHERE shop = $1 AND ${TARGET}`,
    [shop, ...targetOf(target), status, fulfillmentId ?? null],
  );
}

/** The shipment's label (by the order's id: its first shipment's that has one). */
export async function loadLabel(
  pool: pg.Pool,
  shop: string,
  target: ShipmentTarget,
): Promise<{ bytes: Uint8Array; contentType: string } | undefined> {
  const { rows } = await pool.query(
    `SELECT label, label_type FROM shipbridge_shopify_shipments
     WHERE shop = $1 AND ${TARGET} AND label IS NOT NULL ORDER BY fulfillment_order_id LIMIT 1`,
    [shop, ...targetOf(target)],
  );
  const row = rows[0];
  return row ? { bytes: new Uint8Array(row.label), contentType: row.label_type } : undefined;
}

/** Keeps a shipment's label fetched after it shipped (a batch's get theirs when asked). */
export async function recordLabel(
  pool: pg.Pool,
  shop: string,
  key: ShipmentKey,
  label: { readonly bytes: Uint8Array; readonly contentType: string },
): Promise<void> {
  await pool.query(
    `UPDATE shipbridge_shopify_shipments SET label = $4, label_type = $5
     WHERE shop = $1 AND ${TARGET} AND package_id IS NOT NULL`,
    [shop, ...targetOf(key), Buffer.from(label.bytes), label.contentType],
  );
}
