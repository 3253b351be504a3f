// Shipping one order because the merchant asked (the settings page's Ship and
// Retry buttons, ShopMerchant.ship): a job that ships the order through the
// same once-only path as the webhooks. The job's id names the order and the
// state it was asked in, so pressing twice, or on two instances, queues one
// job; once that run has ended in "needs attention" again, asking again
// queues a new one.
import type pg from "pg";
import type { PgBoss } from "pg-boss";
import { nameBasedUuid, WEBHOOK_QUEUE, type WebhookJob } from "../queue/jobs.ts";
import { latestOrderDelivery, wasOrderRefused } from "../store/inbox.ts";
import { loadShipment } from "../store/shipments.ts";

/**
 * `unknown_order`: the app never received the order; `refused_order`: every
 * delivery of it was refused, the shop's Admin API not knowing it.
 */
export type QueueShipResult = "queued" | "unknown_order" | "refused_order" | "not_needed";

export async function queueShip(
  context: { readonly pool: pg.Pool; readonly boss: PgBoss },
  shop: string,
  orderId: string,
): Promise<QueueShipResult> {
  const delivery = await latestOrderDelivery(context.pool, shop, orderId);
  if (delivery === undefined) {
    return (await wasOrderRefused(context.pool, shop, orderId)) ? "refused_order" : "unknown_order";
  }
  const row = await loadShipment(context.pool, shop, orderId);
  // Already on its way, shipped or cancelled: nothing to queue.
  if (row && row.status !== "waiting" && row.status !== "needs_attention") return "not_needed";
  const asked = row ? `${row.status}:${row.updatedAt.toISOString()}` : "new";
  await context.boss.send(
    WEBHOOK_QUEUE,
    { webhookId: delivery, shop, ship: true } satisfies WebhookJob,
    { id: nameBasedUuid(`shipbridge-shopify-ship:${shop}:${orderId}:${asked}`) },
  );
  return "queued";
}
