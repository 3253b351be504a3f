// Shipping many orders at once because the merchant asked (the orders page's
// "Ship selected" and "Ship all waiting", ShopMerchant.shipBatch): one batch
// row whose id derives from the shop and the request's key, and one job for
// it. The same request twice (a double click, or the same form sent to two
// instances) finds the same batch and queues no second job. Only orders the
// app received and has not shipped, begun shipping or cancelled go in.
import type pg from "pg";
import type { PgBoss } from "pg-boss";
import { BATCH_QUEUE, type BatchJob, batchIdOf, batchJobId } from "../queue/jobs.ts";
import { type BatchRow, batchableOrders, createBatch, loadBatch } from "../store/batches.ts";

export type QueueBatchResult =
  /** The batch (made now, or found: `created` false). */
  | { readonly kind: "queued"; readonly batch: BatchRow; readonly created: boolean }
  /** None of the orders asked for can be shipped now. */
  | { readonly kind: "nothing_to_ship" };

export async function queueBatch(
  context: { readonly pool: pg.Pool; readonly boss: PgBoss },
  shop: string,
  orderIds: readonly string[],
  requestKey: string,
): Promise<QueueBatchResult> {
  const id = batchIdOf(shop, requestKey);
  let batch = await loadBatch(context.pool, shop, id);
  let created = false;
  if (!batch) {
    const orders = await batchableOrders(context.pool, shop, orderIds);
    if (orders.length === 0) return { kind: "nothing_to_ship" };
    ({ batch, created } = await createBatch(context.pool, { id, shop, orderIds: orders }));
  }
  // Sent again when the batch was found too: a request that died between the
  // row and the job is made good, and a job that exists is not sent twice.
  await context.boss.send(BATCH_QUEUE, { batchId: id, shop } satisfies BatchJob, {
    id: batchJobId(id),
  });
  return { kind: "queued", batch, created };
}
