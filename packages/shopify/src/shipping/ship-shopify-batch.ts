// Shipping many orders of one shop as one batch (the merchant's selection on
// the orders page): each order is prepared exactly as one order alone is
// (read from the shop's own Admin API, split into one parcel per
// fulfillment order, mapped and checked: prepare-shipment.ts), then every
// parcel that passes is shipped by one core shipBatch with the same store
// id, fulfillment order ids and lock as shipOrder (so a webhook shipping an
// order of the batch at the same moment buys one parcel per fulfillment
// order), and each parcel is recorded and fulfilled once in Shopify
// (complete-shipment.ts). An order that cannot ship goes to "needs
// attention" with its problems (record-ship-failure.ts) and never holds up
// the rest; one cancelled while the others were read is not bought. Each
// order's place in the batch is kept as it goes, which the batch page draws
// as a progress bar.
//
// It runs as a job: a run that dies part way (the instance killed) is
// resumed by the next run of the job, which takes up every order not
// settled yet; shipBatch with the same batch id finds the packages and
// order commands the dead run made, so nothing is bought twice. A run whose
// orders failed for a reason that may pass (the service or Shopify
// unreachable) throws, so the job runs again later; on its last try those
// orders go to "needs attention" instead.
import { type BatchProgress, ShipbridgeError, shipBatch } from "@shipbridge/core";
import {
  type BatchOrderOutcome,
  finishBatch,
  listBatchOrders,
  loadBatch,
  recordBatchOrder,
  recordBatchProgress,
  SETTLED_OUTCOMES,
  startBatchRun,
} from "../store/batches.ts";
import { loadShipment } from "../store/shipments.ts";
import { completeShipment } from "./complete-shipment.ts";
import { markGivenUp } from "./give-up-order.ts";
import { type PreparedShipment, prepareShipment } from "./prepare-shipment.ts";
import { recordShipFailure } from "./record-ship-failure.ts";
import type { ShipContext, ShipOutcome } from "./ship-context.ts";
import { orderOutcome, shipParcel } from "./ship-shopify-order.ts";

export interface BatchRunOptions {
  /** The job's last try: orders that failed for a passing reason then need attention. */
  readonly lastTry: boolean;
  /** Which try of the job this is (1 for the first), for the merchant's message. */
  readonly attempt: number;
  /** Orders read from Shopify (and fulfilled there) at once. */
  readonly concurrency?: number;
  /** shipBatch's own concurrency and chunk size (its defaults otherwise). */
  readonly shipConcurrency?: number;
  readonly chunkSize?: number;
  readonly signal?: AbortSignal;
}

/** Thrown when some orders of the batch failed for a reason that may pass: run it again. */
export class BatchIncompleteError extends ShipbridgeError {
  override readonly name = "BatchIncompleteError";
  /** The orders to try again. */
  readonly orderIds: readonly string[];
  constructor(orderIds: readonly string[], first: unknown) {
    const detail = first instanceof Error ? first.message : String(first);
    super(
      "batch_incomplete",
      `${orderIds.length} order(s) of the batch could not be shipped yet: ${detail}`,
    );
    this.orderIds = orderIds;
  }
}

const SETTLED = new Set<BatchOrderOutcome>(SETTLED_OUTCOMES);

function outcomeOf(outcome: ShipOutcome): BatchOrderOutcome {
  // A batch always ships (the merchant asked): "waiting" does not come back.
  return outcome === "waiting" ? "skipped" : outcome;
}

export async function shipShopifyBatch(
  context: ShipContext,
  shop: string,
  batchId: string,
  options: BatchRunOptions,
): Promise<void> {
  const { pool } = context;
  const batch = await loadBatch(pool, shop, batchId);
  if (!batch || batch.status === "done") return;
  await startBatchRun(pool, batchId);
  const unsettled = (await listBatchOrders(pool, shop, batchId)).filter(
    (order) => !SETTLED.has(order.outcome),
  );
  const client = context.connections.client(shop);
  const concurrency = Math.max(1, options.concurrency ?? 4);
  /** Orders that failed for a reason that may pass, with the error. */
  const passing = new Map<string, unknown>();
  const settle = (orderId: string, outcome: ShipOutcome) =>
    recordBatchOrder(pool, batchId, orderId, outcomeOf(outcome));

  // 1. Read and check every order as it would be alone: each becomes its
  // parcels, one per fulfillment order the app ships.
  const prepared = new Map<string, PreparedShipment>();
  /** What became of each order's parcels so far, to settle it with one outcome. */
  const outcomes = new Map<string, ShipOutcome[]>();
  const note = (orderId: string, outcome: ShipOutcome) =>
    outcomes.set(orderId, [...(outcomes.get(orderId) ?? []), outcome]);
  let read = 0;
  await eachAtMost(concurrency, unsettled, options.signal, async ({ orderId }) => {
    try {
      const ready = await prepareShipment(context, shop, orderId, { requirePayment: true }, client);
      if (typeof ready === "string") note(orderId, ready);
      else {
        for (const outcome of ready.outcomes) note(orderId, outcome);
        for (const parcel of ready.ready) prepared.set(parcel.shipId, parcel);
        if (ready.ready.length > 0) await recordBatchOrder(pool, batchId, orderId, "read");
      }
    } catch (error) {
      if (options.signal?.aborted) throw error;
      passing.set(orderId, error);
    }
    read += 1;
    await recordBatchProgress(pool, batchId, { stage: "reading", read });
  });

  // 2. Buy every parcel at once, for the parcels still to ship: one marked
  // cancelled since it was read (its cancellation came meanwhile) is not
  // bought, only to be cancelled and refunded after.
  for (const [shipId, parcel] of prepared) {
    const row = await loadShipment(pool, shop, parcel);
    if (!row?.status.startsWith("cancelled")) continue;
    prepared.delete(shipId);
    note(parcel.orderId, "skipped");
  }
  // Bought already, their fulfillment orders no longer shipped: only fulfilled.
  for (const [shipId, parcel] of prepared) {
    if (!parcel.bought) continue;
    prepared.delete(shipId);
    try {
      note(parcel.orderId, await completeShipment(context, parcel, parcel.bought));
    } catch (error) {
      passing.set(parcel.orderId, error);
    }
  }
  // One batch has one sender: a parcel from another location (its own
  // address) is bought alone, as the order's Ship button would.
  for (const [shipId, parcel] of prepared) {
    if (JSON.stringify(parcel.mapping.sender) === JSON.stringify(parcel.settings.sender)) continue;
    prepared.delete(shipId);
    try {
      const outcome = await shipParcel(context, parcel);
      // Its package is the batch's too (its labels and handover documents).
      const packageId = (await loadShipment(pool, shop, parcel))?.packageId;
      if (packageId !== undefined) {
        await recordBatchOrder(pool, batchId, parcel.orderId, "bought", packageId);
      }
      note(parcel.orderId, outcome);
    } catch (error) {
      passing.set(parcel.orderId, error);
    }
  }
  const ready = [...prepared.values()];
  const first = ready[0];
  if (first) {
    await recordBatchProgress(pool, batchId, { stage: "buying", read });
    const progress = progressWriter(pool, batchId, (shipId) => prepared.get(shipId)?.orderId);
    const result = await shipBatch(
      client,
      ready.map((parcel) => ({ ...parcel.storeOrder, id: parcel.shipId })),
      {
        ...first.mapping,
        lock: context.tokenStore,
        batchId,
        ...(options.shipConcurrency === undefined ? {} : { concurrency: options.shipConcurrency }),
        ...(options.chunkSize === undefined ? {} : { chunkSize: options.chunkSize }),
        ...(options.signal === undefined ? {} : { signal: options.signal }),
        onProgress: progress.report,
      },
    );
    await progress.flush();
    await recordBatchProgress(pool, batchId, { stage: "fulfilling", read });

    // 3. Keep what was bought and fulfil each in Shopify; show why the others failed.
    await eachAtMost(concurrency, result.failed, options.signal, async (failure) => {
      const parcel = prepared.get(failure.orderId);
      if (!parcel) return;
      const outcome = failure.retryable
        ? undefined
        : await recordShipFailure(context, parcel, failure.error);
      if (outcome === undefined) passing.set(parcel.orderId, failure.error);
      else note(parcel.orderId, outcome);
    });
    await eachAtMost(concurrency, result.shipped, options.signal, async (shipment) => {
      const parcel = prepared.get(shipment.orderId);
      if (!parcel) return;
      try {
        // The package is the batch's own (its labels, protocols and courier are
        // for it): kept before the fulfilment, so a run that dies after
        // fulfilling, and whose next run skips the fulfilled order, still has it.
        await recordBatchOrder(pool, batchId, parcel.orderId, "bought", shipment.packageId);
        note(parcel.orderId, await completeShipment(context, parcel, shipment));
      } catch (error) {
        passing.set(parcel.orderId, error);
      }
    });
  }
  // Each order settles once all its parcels have: with one outcome for them all.
  for (const [orderId, each] of outcomes) {
    if (!passing.has(orderId)) await settle(orderId, orderOutcome(each));
  }

  if (passing.size > 0) {
    const [firstError] = passing.values();
    if (!options.lastTry) throw new BatchIncompleteError([...passing.keys()], firstError);
    for (const [orderId, error] of passing) {
      await markGivenUp(pool, { shop, orderId }, options.attempt, error);
      await settle(orderId, "needs_attention");
    }
  }
  await finishBatch(pool, batchId);
}

/**
 * shipBatch's progress, written to the batch row as it comes without
 * holding the batch up: one write at a time, each with the newest counts;
 * `flush` waits for the last.
 */
function progressWriter(
  pool: ShipContext["pool"],
  batchId: string,
  orderOf: (shipId: string) => string | undefined,
) {
  let latest: BatchProgress | undefined;
  let writing: Promise<void> | undefined;
  const bought: string[] = [];
  const write = async (): Promise<void> => {
    while (latest !== undefined || bought.length > 0) {
      const progress = latest;
      latest = undefined;
      for (const orderId of bought.splice(0)) {
        await recordBatchOrder(pool, batchId, orderId, "bought");
      }
      if (progress) {
        await recordBatchProgress(pool, batchId, {
          stage: "buying",
          created: progress.created,
          ordered: progress.ordered,
          labelled: progress.labelled,
          failed: progress.failed,
          remainingMs: progress.remainingMs,
        });
      }
    }
  };
  const start = () => {
    writing ??= write()
      .catch(() => {
        // The bar is only shown: a lost write is made good by the next one.
      })
      .finally(() => {
        writing = undefined;
        if (latest !== undefined || bought.length > 0) start();
      });
  };
  return {
    report(progress: BatchProgress): void {
      latest = progress;
      const orderId = progress.orderId === undefined ? undefined : orderOf(progress.orderId);
      if (progress.event === "labelled" && orderId !== undefined) bought.push(orderId);
      start();
    },
    async flush(): Promise<void> {
      while (writing) await writing;
    },
  };
}

/**
 * Runs `work` on every item, at most `limit` at once, each only while
 * `signal` has not aborted; the first error stops it and is thrown.
 */
async function eachAtMost<T>(
  limit: number,
  items: readonly T[],
  signal: AbortSignal | undefined,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < items.length && !failed) {
      signal?.throwIfAborted();
      const item = items[next++] as T;
      try {
        await work(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
