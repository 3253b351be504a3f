// app/uninstalled: the shop's access is forgotten. Its Shopify sessions,
// its shipping-service tokens and its jobs still waiting in the queues (all
// but the one running this) are removed. A batch whose job is removed
// (queued, or waiting for its retry) is given up: no job is left to finish
// it, so its orders not settled yet need attention (with Retry) instead of
// the batch running forever.
import { ShipbridgeError } from "@shipbridge/core";
import { BATCH_QUEUE, type BatchJob, WEBHOOK_QUEUE, type WebhookJob } from "../queue/jobs.ts";
import type { ProcessContext } from "../runtime/process-context.ts";
import { giveUpBatch } from "../shipping/give-up-batch.ts";
import { setConnection } from "../store/settings.ts";
import type { Delivery } from "./delivery.ts";

export async function handleUninstall(
  context: ProcessContext,
  delivery: Delivery<"app/uninstalled">,
): Promise<undefined> {
  await forgetShopAccess(context, delivery.shop, delivery.webhookId);
  return undefined;
}

/** Removes what lets the app act for the shop; `webhookId` is the delivery running this. */
export async function forgetShopAccess(
  context: ProcessContext,
  shop: string,
  webhookId: string,
): Promise<void> {
  const pending = await context.boss.findJobs<WebhookJob>(WEBHOOK_QUEUE, {
    data: { shop },
    queued: true,
    limit: 100_000,
  });
  const ids = pending.filter((job) => job.data.webhookId !== webhookId).map((job) => job.id);
  if (ids.length > 0) await context.boss.deleteJob(WEBHOOK_QUEUE, ids);
  const batches = await context.boss.findJobs<BatchJob>(BATCH_QUEUE, {
    data: { shop },
    queued: true,
    limit: 100_000,
  });
  if (batches.length > 0) {
    await context.boss.deleteJob(
      BATCH_QUEUE,
      batches.map((job) => job.id),
    );
    const uninstalled = new ShipbridgeError(
      "uninstalled",
      "The app was uninstalled before the batch finished.",
    );
    for (const job of batches) {
      await giveUpBatch(
        context.pool,
        shop,
        job.data.batchId,
        Math.max(1, job.retryCount),
        uninstalled,
      );
    }
  }
  const sessions = await context.storage.findSessionsByShop(shop);
  if (sessions.length > 0)
    await context.storage.deleteSessions(sessions.map((session) => session.id));
  await context.connections.oauth(shop).disconnect();
  await setConnection(context.pool, shop, "not_connected");
}
