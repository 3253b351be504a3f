// The app's record of each Shopify return it ships a parcel for: where the
// return stands (shipping, bought, attached, delivered, cancelled, ...), its
// package at the service, tracking numbers, the label Shopify fetches, the
// reverse delivery it was attached as, and the parcel's last tracking state.
// Every statement of returns is here; the steps that decide live in returns/.
import type { Issue, Language } from "@shipbridge/core";
import type pg from "pg";
import { withAdvisoryLock } from "./advisory-lock.ts";

/**
 * - `shipping`: the parcel is being bought (or a try failed and is retried);
 * - `bought`: the parcel is ordered, its label kept, not yet attached in Shopify;
 * - `attached`: label and tracking are on the return's reverse delivery;
 * - `delivered`: the parcel is back at the merchant;
 * - `cancelled`: the return was cancelled or declined; no parcel, or its parcel given back;
 * - `cancelled_after_handover`: cancelled after the customer handed the parcel in;
 * - `needs_attention`: it cannot be shipped as it is (`issues` say why).
 */
export type ReturnStatus =
  | "shipping"
  | "bought"
  | "attached"
  | "delivered"
  | "cancelled"
  | "cancelled_after_handover"
  | "needs_attention";

export interface ReturnTracking {
  readonly numbers: readonly string[];
  readonly urls: readonly string[];
}

export interface ReturnRow {
  readonly shop: string;
  readonly returnId: string;
  readonly returnName: string;
  readonly orderId: string;
  readonly status: ReturnStatus;
  readonly packageId: number | undefined;
  readonly tracking: ReturnTracking | undefined;
  readonly reverseDeliveryId: string | undefined;
  readonly trackingState: string | undefined;
  readonly issues: Partial<Record<Language, readonly Issue<string>[]>> | undefined;
}

const COLUMNS = `shop, return_id, return_name, order_id, status, package_id, tracking,
  reverse_delivery_id, tracking_state, issues`;

function toRow(row: Record<string, unknown>): ReturnRow {
  return {
    shop: row["shop"] as string,
    returnId: row["return_id"] as string,
    returnName: row["return_name"] as string,
    orderId: row["order_id"] as string,
    status: row["status"] as ReturnStatus,
    packageId: row["package_id"] === null ? undefined : Number(row["package_id"]),
    tracking: (row["tracking"] as ReturnTracking | null) ?? undefined,
    reverseDeliveryId: (row["reverse_delivery_id"] as string | null) ?? undefined,
    trackingState: (row["tracking_state"] as string | null) ?? undefined,
    issues: (row["issues"] as ReturnRow["issues"] | null) ?? undefined,
  };
}

export async function loadReturn(
  pool: pg.Pool,
  shop: string,
  returnId: string,
): Promise<ReturnRow | undefined> {
  const { rows } = await pool.query(
    `SELECT ${COLUMNS} FROM shipbridge_shopify_returns WHERE shop = $1 AND return_id = $2`,
    [shop, returnId],
  );
  return rows[0] ? toRow(rows[0]) : undefined;
}

/** The return's row, made (as `shipping`) when there is none yet. */
export async function claimReturn(
  pool: pg.Pool,
  entry: { shop: string; returnId: string; returnName: string; orderId: string },
): Promise<ReturnRow> {
  await pool.query(
    `INSERT INTO shipbridge_shopify_returns (shop, return_id, return_name, order_id, status)
     VALUES ($1, $2, $3, $4, 'shipping') ON CONFLICT (shop, return_id) DO NOTHING`,
    [entry.shop, entry.returnId, entry.returnName, entry.orderId],
  );
  return (await loadReturn(pool, entry.shop, entry.returnId)) as ReturnRow;
}

/** The parcel is ordered: its package, tracking and label. */
export async function recordReturnBought(
  pool: pg.Pool,
  shop: string,
  returnId: string,
  bought: { packageId: number; tracking: ReturnTracking; label: Uint8Array; labelType: string },
): Promise<void> {
  await pool.query(
    `UPDATE shipbridge_shopify_returns SET status = 'bought', package_id = $3, tracking = $4::jsonb,
       label = $5, label_type = $6, issues = NULL, updated_at = now()
     WHERE shop = $1 AND return_id = $2 AND status IN ('shipping', 'needs_attention')`,
    [
      shop,
      returnId,
      bought.packageId,
      JSON.stringify(bought.tracking),
      Buffer.from(bought.label),
      bought.labelType,
    ],
  );
}

export async function recordReturnAttached(
  pool: pg.Pool,
  shop: string,
  returnId: string,
  reverseDeliveryId: string,
): Promise<void> {
  await pool.query(
    `UPDATE shipbridge_shopify_returns SET status = 'attached', reverse_delivery_id = $3,
       issues = NULL, updated_at = now()
     WHERE shop = $1 AND return_id = $2 AND status IN ('bought', 'needs_attention')`,
    [shop, returnId, reverseDeliveryId],
  );
}

export async function recordReturnIssues(
  pool: pg.Pool,
  shop: string,
  returnId: string,
  issues: ReturnRow["issues"],
): Promise<void> {
  await pool.query(
    `UPDATE shipbridge_shopify_returns SET status = 'needs_attention', issues = $3::jsonb,
       updated_at = now()
     WHERE shop = $1 AND return_id = $2 AND status IN ('shipping', 'needs_attention')`,
    [shop, returnId, JSON.stringify(issues ?? {})],
  );
}

/** The shop's returns, newest first; only those needing attention when asked. */
export async function listReturns(
  pool: pg.Pool,
  shop: string,
  options: { readonly needsAttention?: boolean; readonly limit: number },
): Promise<ReturnRow[]> {
  const { rows } = await pool.query(
    `SELECT ${COLUMNS} FROM shipbridge_shopify_returns
     WHERE shop = $1 AND ($2::boolean IS NOT TRUE OR status = 'needs_attention')
     ORDER BY created_at DESC, return_id DESC LIMIT $3`,
    [shop, options.needsAttention ?? false, options.limit],
  );
  return rows.map(toRow);
}

/**
 * A purchase or attach whose job gave up: the return needs attention with
 * `issues` while it is still being bought or not yet attached (a retry
 * finds the parcel bought, by its reference, and attaches it).
 */
export async function recordReturnGivenUp(
  pool: pg.Pool,
  shop: string,
  returnId: string,
  issues: ReturnRow["issues"],
): Promise<void> {
  await pool.query(
    `UPDATE shipbridge_shopify_returns SET status = 'needs_attention', issues = $3::jsonb,
       updated_at = now()
     WHERE shop = $1 AND return_id = $2 AND status IN ('shipping', 'bought')`,
    [shop, returnId, JSON.stringify(issues ?? {})],
  );
}

/**
 * The parcel of a return on its way was cancelled at the service (outside
 * this app's cancellation): the return needs attention and is no longer
 * followed.
 */
export async function recordReturnParcelCancelled(
  pool: pg.Pool,
  shop: string,
  returnId: string,
  issues: ReturnRow["issues"],
): Promise<void> {
  await pool.query(
    `UPDATE shipbridge_shopify_returns SET status = 'needs_attention', issues = $3::jsonb,
       updated_at = now()
     WHERE shop = $1 AND return_id = $2 AND status IN ('bought', 'attached')`,
    [shop, returnId, JSON.stringify(issues ?? {})],
  );
}

/**
 * Forgets the label bytes of returns settled or attached more than `days`
 * ago: Shopify keeps its own copy once attached, and the app's signed link
 * lives minutes. Answers how many were forgotten.
 */
export async function forgetReturnLabels(pool: pg.Pool, days: number): Promise<number> {
  const result = await pool.query(
    `UPDATE shipbridge_shopify_returns SET label = NULL, label_type = NULL
     WHERE label IS NOT NULL
       AND status IN ('attached', 'delivered', 'cancelled', 'cancelled_after_handover')
       AND updated_at < now() - make_interval(days => $1)`,
    [days],
  );
  return result.rowCount ?? 0;
}

/** What the app holds of the returns of these orders, for a customer's data request. */
export async function returnsOfOrders(
  pool: pg.Pool,
  shop: string,
  orderIds: readonly string[],
): Promise<Record<string, unknown>[]> {
  const { rows } = await pool.query(
    `SELECT return_id, return_name, order_id, status, package_id, tracking, tracking_state
     FROM shipbridge_shopify_returns WHERE shop = $1 AND order_id = ANY($2::text[])
     ORDER BY order_id, return_id`,
    [shop, orderIds],
  );
  return rows;
}

/** Shopify refused the label of a bought parcel (the parcel is given back): the return needs attention. */
export async function recordReturnLabelRefused(
  pool: pg.Pool,
  shop: string,
  returnId: string,
  issues: ReturnRow["issues"],
): Promise<void> {
  await pool.query(
    `UPDATE shipbridge_shopify_returns SET status = 'needs_attention', issues = $3::jsonb,
       updated_at = now()
     WHERE shop = $1 AND return_id = $2 AND status = 'bought'`,
    [shop, returnId, JSON.stringify(issues ?? {})],
  );
}

/**
 * A cancellation that could not be confirmed at the service (its job gave
 * up): the return needs attention with `issues`, unless it is settled
 * already (cancelled or delivered). The returns pass tries it again.
 */
export async function recordReturnCancelUnconfirmed(
  pool: pg.Pool,
  shop: string,
  returnId: string,
  issues: ReturnRow["issues"],
): Promise<void> {
  await pool.query(
    `UPDATE shipbridge_shopify_returns SET status = 'needs_attention', issues = $3::jsonb,
       updated_at = now()
     WHERE shop = $1 AND return_id = $2
       AND status NOT IN ('cancelled', 'cancelled_after_handover', 'delivered')`,
    [shop, returnId, JSON.stringify(issues ?? {})],
  );
}

/**
 * Marks the return cancelled, or cancelled after the customer handed the
 * parcel in (made when there is no row yet).
 */
export async function recordReturnCancelled(
  pool: pg.Pool,
  entry: { shop: string; returnId: string; returnName: string; orderId: string },
  status: "cancelled" | "cancelled_after_handover" = "cancelled",
): Promise<void> {
  await pool.query(
    `INSERT INTO shipbridge_shopify_returns (shop, return_id, return_name, order_id, status)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (shop, return_id) DO UPDATE SET status = EXCLUDED.status, issues = NULL,
       updated_at = now()`,
    [entry.shop, entry.returnId, entry.returnName, entry.orderId, status],
  );
}

/** How the app holds a return, for the day's reckoning (as an order: see DayOrderState). */
export type DayReturnState = "open" | "shipped" | "cancelled" | "unknown";

/**
 * `shipped` (its parcel bought: bought, attached, delivered), `cancelled`
 * (cancelled, also after hand-over), `open` (being bought, or waiting for the
 * merchant), or `unknown` (the app has no such return of the shop). The id is
 * the return's numeric id, as its parcel's reference names it.
 */
export async function dayReturnState(
  pool: pg.Pool,
  shop: string,
  legacyReturnId: string,
): Promise<DayReturnState> {
  const { rows } = await pool.query(
    `SELECT status FROM shipbridge_shopify_returns WHERE shop = $1 AND return_id = $2`,
    [shop, `gid://shopify/Return/${legacyReturnId}`],
  );
  const status = rows[0]?.status as ReturnStatus | undefined;
  if (status === undefined) return "unknown";
  if (status === "bought" || status === "attached" || status === "delivered") return "shipped";
  if (status === "cancelled" || status === "cancelled_after_handover") return "cancelled";
  return "open";
}

/** The label Shopify fetches, by the return; undefined when none is kept. */
export async function loadReturnLabel(
  pool: pg.Pool,
  shop: string,
  returnId: string,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; contentType: string } | undefined> {
  const { rows } = await pool.query(
    `SELECT label, label_type FROM shipbridge_shopify_returns
     WHERE shop = $1 AND return_id = $2 AND label IS NOT NULL`,
    [shop, returnId],
  );
  const row = rows[0] as { label: Buffer; label_type: string | null } | undefined;
  return row
    ? { bytes: new Uint8Array(row.label), contentType: row.label_type ?? "application/pdf" }
    : undefined;
}

/** A return parcel the returns pass follows. */
export interface ReturnInTransit {
  readonly shop: string;
  readonly returnId: string;
  readonly packageId: number;
  readonly status: ReturnStatus;
}

/**
 * Return parcels on their way back (attached or bought, not delivered) and
 * those whose cancellation is not confirmed yet (`cancellation_unconfirmed`),
 * checked longest ago first.
 */
export async function returnsInTransit(pool: pg.Pool, limit: number): Promise<ReturnInTransit[]> {
  const { rows } = await pool.query(
    `SELECT r.shop, r.return_id, r.package_id, r.status FROM shipbridge_shopify_returns r
     JOIN shipbridge_shopify_settings t ON t.shop = r.shop AND t.connection = 'connected'
     WHERE r.package_id IS NOT NULL
       AND (r.status IN ('bought', 'attached')
            OR (r.status = 'needs_attention'
                AND r.issues->'en_GB'->0->>'rule' = 'cancellation_unconfirmed'))
     ORDER BY r.tracking_checked_at ASC NULLS FIRST, r.updated_at LIMIT $1`,
    [limit],
  );
  return (
    rows as { shop: string; return_id: string; package_id: string; status: ReturnStatus }[]
  ).map((row) => ({
    shop: row.shop,
    returnId: row.return_id,
    packageId: Number(row.package_id),
    status: row.status,
  }));
}

/** The parcel's latest tracking state; `delivered` ends the return's journey. */
export async function recordReturnTracking(
  pool: pg.Pool,
  shop: string,
  returnId: string,
  state: string | undefined,
): Promise<void> {
  await pool.query(
    `UPDATE shipbridge_shopify_returns SET tracking_checked_at = now(),
       tracking_state = COALESCE($3, tracking_state),
       status = CASE WHEN $3 = 'delivered' AND status IN ('bought', 'attached') THEN 'delivered'
                     ELSE status END,
       updated_at = CASE WHEN $3 IS DISTINCT FROM tracking_state THEN now() ELSE updated_at END
     WHERE shop = $1 AND return_id = $2`,
    [shop, returnId, state ?? null],
  );
}

/**
 * Runs `work` while holding the return's lock in the database, so that two
 * instances (or two deliveries) never buy, attach or cancel one return at
 * once. A crashed holder's connection ends, and its lock with it.
 */
export async function withReturnLock<T>(
  pool: pg.Pool,
  shop: string,
  returnId: string,
  work: () => Promise<T>,
): Promise<T> {
  return withAdvisoryLock(pool, `shipbridge-shopify-return:${shop}:${returnId}`, work);
}
