// A batch whose job failed for good (its last try threw, or the instance
// running it died, with no handler left to say so): every order of it not
// settled yet is settled now. One still being shipped (or shipped with no
// fulfilment yet) goes to "needs attention" with the error (`worker_lost`
// for a dead instance) and its Retry button; one that another path
// finished meanwhile takes its row's outcome. The batch is then done, so
// its page stops waiting.
import { ShipbridgeError } from "@shipbridge/core";
import type pg from "pg";
import {
  type BatchOrderOutcome,
  finishBatch,
  listBatchOrders,
  loadBatch,
  recordBatchOrder,
  SETTLED_OUTCOMES,
} from "../store/batches.ts";
import { markGivenUp } from "./give-up-order.ts";

export async function giveUpBatch(
  pool: pg.Pool,
  shop: string,
  batchId: string,
  attempts: number,
  error: unknown = new ShipbridgeError(
    "worker_lost",
    "The app instance running the last try stopped before it ended.",
  ),
): Promise<void> {
  const batch = await loadBatch(pool, shop, batchId);
  if (!batch || batch.status === "done") return;
  for (const order of await listBatchOrders(pool, shop, batchId)) {
    if (SETTLED_OUTCOMES.includes(order.outcome)) continue;
    const row = order.shipment;
    let outcome: BatchOrderOutcome = "needs_attention";
    if (row?.status === "fulfilled") outcome = "fulfilled";
    else if (row?.status.startsWith("cancelled")) outcome = "skipped";
    else await markGivenUp(pool, { shop, orderId: order.orderId }, attempts, error);
    await recordBatchOrder(pool, batchId, order.orderId, outcome);
  }
  await finishBatch(pool, batchId);
}
