// The batches a merchant ships (many orders at once, one shipBatch): one row
// per batch, whose id is core's batchId, with the stage and counts its page
// shows as a progress bar; and one row per order of the batch, in the
// merchant's order, with what became of it. A batch is created once per id,
// so a double click or a second instance asking for the same batch finds
// the one already there.
import type pg from "pg";
import { FULL_ORDER_TOPICS } from "./inbox.ts";
import { COLUMNS, LEAST_SETTLED, type ShipmentRow, toRow } from "./shipments.ts";

/** `queued` (its job not started yet), `running`, or `done`. */
export type BatchStatus = "queued" | "running" | "done";

/** Where a running batch is: reading its orders from Shopify, buying parcels, fulfilling in Shopify. */
export type BatchStage = "reading" | "buying" | "fulfilling" | "done";

/**
 * Where one order of a batch is: `pending` (not read yet), `read` (read and
 * checked, its parcel being bought), `bought` (its parcel bought, its
 * fulfilment next), or settled: `fulfilled`, `needs_attention` (its problems
 * are on its shipment), `skipped` (cancelled, or shipped already),
 * `unknown_order` (the shop's Admin API does not know it).
 */
export type BatchOrderOutcome =
  | "pending"
  | "read"
  | "bought"
  | "fulfilled"
  | "needs_attention"
  | "skipped"
  | "unknown_order";

/** The outcomes that settle an order for good in its batch. */
export const SETTLED_OUTCOMES: readonly BatchOrderOutcome[] = [
  "fulfilled",
  "needs_attention",
  "skipped",
  "unknown_order",
];

export interface BatchRow {
  readonly id: string;
  readonly shop: string;
  readonly status: BatchStatus;
  readonly stage: BatchStage;
  readonly total: number;
  /** Orders read from Shopify and checked in the current run. */
  readonly read: number;
  /** shipBatch's own counts, as it last reported them. */
  readonly created: number;
  readonly ordered: number;
  readonly labelled: number;
  readonly failed: number;
  /** shipBatch's estimate of the time its part still takes, once known. */
  readonly remainingMs: number | undefined;
  /** The orders by outcome. */
  readonly outcomes: Readonly<Record<BatchOrderOutcome, number>>;
  /** How many times its job has started (a crashed run is resumed by the next). */
  readonly runs: number;
  readonly createdAt: Date;
  readonly startedAt: Date | undefined;
  readonly finishedAt: Date | undefined;
  readonly updatedAt: Date;
  /** A hash of what the request that made it asked for (none on batches made before it was kept). */
  readonly requestHash: string | undefined;
}

export interface BatchOrderRow {
  readonly orderId: string;
  readonly position: number;
  readonly outcome: BatchOrderOutcome;
  /** The order's shipment row (its status, package, tracking and problems), once it has one. */
  readonly shipment: ShipmentRow | undefined;
}

const OUTCOMES: readonly BatchOrderOutcome[] = ["pending", "read", "bought", ...SETTLED_OUTCOMES];

const BATCH_COLUMNS = `b.id, b.shop, b.status, b.stage, b.total, b.read, b.created, b.ordered, b.labelled,
  b.failed, b.remaining_ms, b.runs, b.created_at, b.started_at, b.finished_at, b.updated_at,
  b.request_hash,
  (SELECT jsonb_object_agg(outcome, n) FROM (
     SELECT outcome, count(*)::int AS n FROM shipbridge_shopify_batch_orders o
     WHERE o.batch_id = b.id GROUP BY outcome) counted) AS outcomes`;

function toBatch(row: Record<string, unknown>): BatchRow {
  const counted = (row.outcomes as Record<string, number> | null) ?? {};
  const outcomes = Object.fromEntries(
    OUTCOMES.map((outcome) => [outcome, counted[outcome] ?? 0]),
  ) as Record<BatchOrderOutcome, number>;
  const date = (value: unknown) =>
    value === null || value === undefined ? undefined : new Date(value as Date);
  return {
    id: row.id as string,
    shop: row.shop as string,
    status: row.status as BatchStatus,
    stage: row.stage as BatchStage,
    total: row.total as number,
    read: row.read as number,
    created: row.created as number,
    ordered: row.ordered as number,
    labelled: row.labelled as number,
    failed: row.failed as number,
    remainingMs: (row.remaining_ms as number | null) ?? undefined,
    outcomes,
    runs: row.runs as number,
    createdAt: new Date(row.created_at as Date),
    startedAt: date(row.started_at),
    finishedAt: date(row.finished_at),
    updatedAt: new Date(row.updated_at as Date),
    requestHash: (row.request_hash as string | null) ?? undefined,
  };
}

/**
 * Creates the batch `id` of `orderIds` (in that order), made by a request
 * whose hash is `requestHash`, or finds it when it exists already (a double
 * click, another instance): `created` says which.
 */
export async function createBatch(
  pool: pg.Pool,
  batch: {
    readonly id: string;
    readonly shop: string;
    readonly orderIds: readonly string[];
    readonly requestHash: string;
  },
): Promise<{ batch: BatchRow; created: boolean }> {
  const db = await pool.connect();
  let created = false;
  try {
    await db.query("BEGIN");
    const inserted = await db.query(
      `INSERT INTO shipbridge_shopify_batches (id, shop, total, request_hash) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO NOTHING`,
      [batch.id, batch.shop, batch.orderIds.length, batch.requestHash],
    );
    created = (inserted.rowCount ?? 0) > 0;
    if (created) {
      await db.query(
        `INSERT INTO shipbridge_shopify_batch_orders (batch_id, shop, order_id, position)
         SELECT $1, $2, id, position::int - 1 FROM unnest($3::text[]) WITH ORDINALITY AS t(id, position)`,
        [batch.id, batch.shop, batch.orderIds],
      );
    }
    await db.query("COMMIT");
  } catch (error) {
    await db.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    db.release();
  }
  const found = await loadBatch(pool, batch.shop, batch.id);
  if (!found) throw new Error(`batch ${batch.id} vanished as it was made`);
  return { batch: found, created };
}

/**
 * Of `orderIds`, those a batch may ship, in the order given: orders the app
 * received from Shopify (a delivery not refused as another shop's) that are
 * not shipped, being shipped or cancelled yet (no row, waiting, or needing
 * attention). Each id once.
 */
export async function batchableOrders(
  pool: pg.Pool,
  shop: string,
  orderIds: readonly string[],
): Promise<string[]> {
  const { rows } = await pool.query(
    `SELECT t.id FROM unnest($2::text[]) WITH ORDINALITY AS t(id, position)
     WHERE EXISTS (
         SELECT 1 FROM shipbridge_shopify_inbox i
         WHERE i.shop = $1 AND i.topic = ANY($3::text[]) AND i.payload->>'id' = t.id
           AND i.refused IS NULL)
       AND (NOT EXISTS (
              SELECT 1 FROM shipbridge_shopify_shipments s WHERE s.shop = $1 AND s.order_id = t.id)
            OR EXISTS (
              SELECT 1 FROM shipbridge_shopify_shipments s
              WHERE s.shop = $1 AND s.order_id = t.id AND s.status IN ('waiting', 'needs_attention')))
     ORDER BY t.position`,
    [shop, orderIds, FULL_ORDER_TOPICS],
  );
  const seen = new Set<string>();
  return rows.map((row) => row.id as string).filter((id) => !seen.has(id) && Boolean(seen.add(id)));
}

/**
 * The state `orderIds` are in, as one text: the newest change of their
 * shipment rows. Asking to ship the same orders in the same state is the
 * same request; once any of them moves on, it is a new one.
 */
export async function ordersState(
  pool: pg.Pool,
  shop: string,
  orderIds: readonly string[],
): Promise<string> {
  const { rows } = await pool.query(
    `SELECT COALESCE(to_char(max(updated_at), 'YYYY-MM-DD"T"HH24:MI:SS.US'), 'new') AS state,
            count(*)::int AS n
     FROM shipbridge_shopify_shipments WHERE shop = $1 AND order_id = ANY($2::text[])`,
    [shop, orderIds],
  );
  return `${rows[0]?.n ?? 0}:${rows[0]?.state ?? "new"}`;
}

/** The shop's batch `id`, or undefined (also when it is another shop's). */
export async function loadBatch(
  pool: pg.Pool,
  shop: string,
  id: string,
): Promise<BatchRow | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await pool.query(
    `SELECT ${BATCH_COLUMNS} FROM shipbridge_shopify_batches b WHERE b.id = $1 AND b.shop = $2`,
    [id, shop],
  );
  return rows[0] ? toBatch(rows[0]) : undefined;
}

/** The shop's batches, newest first. */
export async function listBatches(pool: pg.Pool, shop: string, limit = 20): Promise<BatchRow[]> {
  const { rows } = await pool.query(
    `SELECT ${BATCH_COLUMNS} FROM shipbridge_shopify_batches b WHERE b.shop = $1
     ORDER BY b.created_at DESC, b.id LIMIT $2`,
    [shop, limit],
  );
  return rows.map(toBatch);
}

/** The batch's orders in the merchant's order, each with its shipment row when it has one. */
export async function listBatchOrders(
  pool: pg.Pool,
  shop: string,
  id: string,
): Promise<BatchOrderRow[]> {
  if (!isUuid(id)) return [];
  const { rows } = await pool.query(
    `SELECT o.order_id, o.position, o.outcome, to_jsonb(s) AS shipment
     FROM shipbridge_shopify_batch_orders o
     LEFT JOIN LATERAL (
       SELECT ${COLUMNS} FROM shipbridge_shopify_shipments
       WHERE shop = o.shop AND order_id = o.order_id ORDER BY ${LEAST_SETTLED} LIMIT 1
     ) s ON true
     WHERE o.batch_id = $1 AND o.shop = $2 ORDER BY o.position`,
    [id, shop],
  );
  return rows.map((row) => ({
    orderId: row.order_id as string,
    position: row.position as number,
    outcome: row.outcome as BatchOrderOutcome,
    shipment: row.shipment ? toRow(row.shipment as Record<string, unknown>) : undefined,
  }));
}

/**
 * The ordered (paid) packages the batch settled its orders with, in the
 * batch's order: what its labels, protocols and pickup are for. A package
 * another batch (or path) bought for one of its orders is not the batch's;
 * a cancelled order's package, or one the order no longer has, is left out.
 */
export async function batchPackages(
  pool: pg.Pool,
  shop: string,
  id: string,
): Promise<{ orderId: string; packageId: number; service: string | undefined }[]> {
  if (!isUuid(id)) return [];
  const { rows } = await pool.query(
    `SELECT o.order_id, s.package_id, s.service FROM shipbridge_shopify_batch_orders o
     JOIN shipbridge_shopify_shipments s ON s.shop = o.shop AND s.order_id = o.order_id
     WHERE o.batch_id = $1 AND o.shop = $2 AND s.package_id IS NOT NULL
       AND (s.package_id = o.package_id OR s.package_id = ANY(o.package_ids))
       AND s.status IN ('shipped', 'fulfilled')
     ORDER BY o.position, s.fulfillment_order_id`,
    [id, shop],
  );
  return rows.map((row) => ({
    orderId: row.order_id as string,
    packageId: Number(row.package_id),
    service: (row.service as string | null) ?? undefined,
  }));
}

/** A run of the batch's job begins (the first, or one resuming a run that died). */
export async function startBatchRun(pool: pg.Pool, id: string): Promise<void> {
  await pool.query(
    `UPDATE shipbridge_shopify_batches SET status = 'running', stage = 'reading', read = 0,
       created = 0, ordered = 0, labelled = 0, failed = 0, remaining_ms = NULL,
       started_at = COALESCE(started_at, now()), runs = runs + 1, updated_at = now()
     WHERE id = $1 AND status <> 'done'`,
    [id],
  );
}

/** The batch's stage, and shipBatch's counts as it last reported them. */
export async function recordBatchProgress(
  pool: pg.Pool,
  id: string,
  progress: {
    readonly stage: BatchStage;
    readonly read?: number;
    readonly created?: number;
    readonly ordered?: number;
    readonly labelled?: number;
    readonly failed?: number;
    readonly remainingMs?: number | undefined;
  },
): Promise<void> {
  await pool.query(
    `UPDATE shipbridge_shopify_batches SET stage = $2,
       created = COALESCE($3, created), ordered = COALESCE($4, ordered),
       labelled = COALESCE($5, labelled), failed = COALESCE($6, failed),
       remaining_ms = $7, read = COALESCE($8, read), updated_at = now()
     WHERE id = $1 AND status = 'running'`,
    [
      id,
      progress.stage,
      progress.created ?? null,
      progress.ordered ?? null,
      progress.labelled ?? null,
      progress.failed ?? null,
      progress.remainingMs === undefined ? null : Math.round(progress.remainingMs),
      progress.read ?? null,
    ],
  );
}

/** How far an outcome is: pending, read, bought, then settled (any of them). */
function stepOf(outcome: string): string {
  return `CASE ${outcome} WHEN 'pending' THEN 0 WHEN 'read' THEN 1 WHEN 'bought' THEN 2 ELSE 3 END`;
}

/**
 * Where one order of the batch now is, only ever forward (a run resuming the
 * batch reads a bought order again without taking it back to "read"; a
 * settled order stays settled, though one settled outcome may replace
 * another), and, once the batch has bought it, the package it bought
 * (which its documents and courier are for).
 */
export async function recordBatchOrder(
  pool: pg.Pool,
  id: string,
  orderId: string,
  outcome: BatchOrderOutcome,
  packageId?: number,
): Promise<void> {
  await pool.query(
    `UPDATE shipbridge_shopify_batch_orders SET
       outcome = CASE WHEN ${stepOf("outcome")} < ${stepOf("$3::text")}
                        OR (outcome = ANY($4::text[]) AND $3::text = ANY($4::text[]))
                      THEN $3::text ELSE outcome END,
       package_id = COALESCE($5, package_id),
       package_ids = CASE WHEN $5::bigint IS NULL OR $5::bigint = ANY(package_ids) THEN package_ids
                          ELSE array_append(package_ids, $5::bigint) END
     WHERE batch_id = $1 AND order_id = $2`,
    [id, orderId, outcome, SETTLED_OUTCOMES, packageId ?? null],
  );
}

/** The batch is over: every order settled, or given up on. */
export async function finishBatch(pool: pg.Pool, id: string): Promise<void> {
  await pool.query(
    `UPDATE shipbridge_shopify_batches SET status = 'done', stage = 'done', remaining_ms = NULL,
       finished_at = COALESCE(finished_at, now()), updated_at = now()
     WHERE id = $1`,
    [id],
  );
}

/** A pickup booked for a batch's parcels of one carrier. */
export interface PickupRow {
  readonly commandId: string;
  readonly batchId: string;
  readonly service: string;
  readonly packageIds: readonly number[];
  readonly window: { readonly date: string; readonly from: string; readonly to: string };
  readonly pickupNumber: string | undefined;
  readonly cancelled: boolean;
  readonly createdAt: Date;
}

function toPickup(row: Record<string, unknown>): PickupRow {
  return {
    commandId: row.command_id as string,
    batchId: row.batch_id as string,
    service: row.service as string,
    packageIds: row.package_ids as number[],
    window: row.pickup_window as PickupRow["window"],
    pickupNumber: (row.pickup_number as string | null) ?? undefined,
    cancelled: row.cancelled === true,
    createdAt: new Date(row.created_at as Date),
  };
}

/** Keeps a booked pickup (once per command; a repeat only adds a pickup number learnt since). */
export async function recordPickup(
  pool: pg.Pool,
  shop: string,
  pickup: Omit<PickupRow, "cancelled" | "createdAt">,
): Promise<void> {
  await pool.query(
    `INSERT INTO shipbridge_shopify_pickups
       (command_id, shop, batch_id, service, package_ids, pickup_window, pickup_number)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7)
     ON CONFLICT (command_id) DO UPDATE SET
       pickup_number = COALESCE(EXCLUDED.pickup_number, shipbridge_shopify_pickups.pickup_number)`,
    [
      pickup.commandId,
      shop,
      pickup.batchId,
      pickup.service,
      JSON.stringify(pickup.packageIds),
      JSON.stringify(pickup.window),
      pickup.pickupNumber ?? null,
    ],
  );
}

/** The pickups booked for the batch, oldest first (cancelled ones too). */
export async function listPickups(
  pool: pg.Pool,
  shop: string,
  batchId: string,
): Promise<PickupRow[]> {
  if (!isUuid(batchId)) return [];
  const { rows } = await pool.query(
    `SELECT * FROM shipbridge_shopify_pickups WHERE shop = $1 AND batch_id = $2
     ORDER BY created_at, command_id`,
    [shop, batchId],
  );
  return rows.map(toPickup);
}

/** Marks the shop's pickup cancelled; false when the shop has no such pickup. */
export async function markPickupCancelled(
  pool: pg.Pool,
  shop: string,
  commandId: string,
): Promise<boolean> {
  const { rowCount } = await pool.query(
    "UPDATE shipbridge_shopify_pickups SET cancelled = true WHERE shop = $1 AND command_id = $2",
    [shop, commandId],
  );
  return (rowCount ?? 0) > 0;
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
