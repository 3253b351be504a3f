// Shipping many orders at once because the merchant asked (the orders page's
// "Ship selected" and "Ship all waiting", ShopMerchant.shipBatch): one batch
// row whose id derives from the shop and the request's key, and one job for
// it. The same request twice (a double click, or the same form sent to two
// instances) finds the same batch and queues no second job. The same key
// asking for something else (a page brought back with the Back button, then
// other orders chosen) is not that batch: it is refused, and nothing ships.
// Only orders the app received and has not shipped, begun shipping or
// cancelled go in.
import { createHash } from "node:crypto";
import type pg from "pg";
import type { PgBoss } from "pg-boss";
import { BATCH_QUEUE, type BatchJob, batchIdOf, batchJobId } from "../queue/jobs.ts";
import { type BatchRow, batchableOrders, createBatch, loadBatch } from "../store/batches.ts";

export type QueueBatchResult =
  /** The batch (made now, or found: `created` false). */
  | { readonly kind: "queued"; readonly batch: BatchRow; readonly created: boolean }
  /** None of the orders asked for can be shipped now. */
  | { readonly kind: "nothing_to_ship" }
  /** The key made `batch` for another selection: nothing is queued. */
  | { readonly kind: "key_reused"; readonly batch: BatchRow };

export interface BatchRequest {
  /** The request's own key (the form's, or the caller's): the batch's id derives from it. */
  readonly key: string;
  /** What was asked for, as sent: the order ids chosen, or every order waiting. */
  readonly selection: readonly string[] | "waiting";
}

/** The hash of a selection: the same orders in any order, or "waiting", hash alike. */
function selectionHash(selection: BatchRequest["selection"]): string {
  const text =
    selection === "waiting" ? "waiting" : `orders:${[...new Set(selection)].sort().join(",")}`;
  return createHash("sha256").update(text).digest("hex");
}

export async function queueBatch(
  context: { readonly pool: pg.Pool; readonly boss: PgBoss },
  shop: string,
  orderIds: readonly string[],
  request: BatchRequest,
): Promise<QueueBatchResult> {
  const id = batchIdOf(shop, request.key);
  const requestHash = selectionHash(request.selection);
  let batch = await loadBatch(context.pool, shop, id);
  let created = false;
  if (!batch) {
    const orders = await batchableOrders(context.pool, shop, orderIds);
    if (orders.length === 0) return { kind: "nothing_to_ship" };
    ({ batch, created } = await createBatch(context.pool, {
      id,
      shop,
      orderIds: orders,
      requestHash,
    }));
  }
  // Made by another request under the same key (found, or made by it a moment
  // before): not this request's batch. A batch made before requests were
  // hashed cannot tell, and is taken as the same.
  if (batch.requestHash !== undefined && batch.requestHash !== requestHash) {
    return { kind: "key_reused", batch };
  }
  // Sent again when the batch was found too: a request that died between the
  // row and the job is made good, and a job that exists is not sent twice.
  await context.boss.send(BATCH_QUEUE, { batchId: id, shop } satisfies BatchJob, {
    id: batchJobId(id),
  });
  return { kind: "queued", batch, created };
}
