// The job of one stored webhook delivery: load it, read it once into
// `{ shop, topic, order }` (delivery.ts), hand it to its topic's handler
// (handlers.ts), and mark it: done, or refused when the shop's Admin API
// does not know its order (done, never retried, never listed, its body
// blanked), as is an order delivery whose body names no order.
// Shipping by hand (the merchant's Ship or Retry button, queued with the
// order's newest delivery) ships the delivery's order whatever the topic
// and the shop's "ship on" setting.
import type { ProcessContext } from "../runtime/process-context.ts";
import { shipShopifyOrder } from "../shipping/ship-shopify-order.ts";
import { loadDelivery, markProcessed, markRefused } from "../store/inbox.ts";
import { isOrderDelivery, parseDelivery } from "./delivery.ts";
import { dispatch } from "./handlers.ts";
import { isOrderTopic } from "./topics.ts";

export async function processWebhook(
  context: ProcessContext,
  webhookId: string,
  options: { readonly ship?: boolean } = {},
): Promise<void> {
  const entry = await loadDelivery(context.pool, webhookId);
  if (!entry) return;
  const delivery = parseDelivery(entry);
  if (options.ship) {
    if (!delivery || !isOrderDelivery(delivery)) return;
    const outcome = await shipShopifyOrder(context, delivery.shop, delivery.order);
    if (outcome === "unknown_order") await markRefused(context.pool, webhookId, outcome);
    return;
  }
  // An order topic whose body names no order is refused as naming none the shop knows.
  const outcome = delivery
    ? await dispatch(context, delivery)
    : isOrderTopic(entry.topic)
      ? "unknown_order"
      : undefined;
  if (outcome === "unknown_order") await markRefused(context.pool, webhookId, outcome);
  else await markProcessed(context.pool, webhookId);
}
