// Which handler a delivery's topic goes to: one line per topic. A handler
// takes the delivery as read (delivery.ts) and answers "unknown_order" when
// the shop's Admin API has no such order (the delivery is then refused);
// any other answer marks it done. The type asks for a line for every topic
// in topics.ts, so a topic subscribed to is never left without one. A topic
// whose handler reads its own body gets the body as it came, as `order`:
// `"a/topic": (context, { shop, topic, order }) => handle(context, shop, topic, order)`.

import { handleReturnEvent } from "../returns/return-events.ts";
import type { ProcessContext } from "../runtime/process-context.ts";
import { handleFulfillmentOrderEvent } from "../shipping/fulfillment-order-events.ts";
import { handleCustomerRedact, handleDataRequest, handleShopRedact } from "./compliance.ts";
import type { Delivery } from "./delivery.ts";
import { handleOrderArrival } from "./order-arrival.ts";
import { handleOrderCancellation } from "./order-cancellation.ts";
import { handleOrderUpdate } from "./order-update.ts";
import type { AppTopic } from "./topics.ts";
import { handleUninstall } from "./uninstall.ts";

export type TopicHandler<T extends AppTopic> = (
  context: ProcessContext,
  delivery: Delivery<T>,
) => Promise<unknown>;

export const HANDLERS: { readonly [T in AppTopic]: TopicHandler<T> } = {
  "orders/create": handleOrderArrival,
  "orders/paid": handleOrderArrival,
  "orders/updated": handleOrderUpdate,
  "orders/edited": handleOrderUpdate,
  "orders/cancelled": handleOrderCancellation,
  "fulfillment_orders/placed_on_hold": (context, { shop, topic, order }) =>
    handleFulfillmentOrderEvent(context, shop, topic, order),
  "fulfillment_orders/hold_released": (context, { shop, topic, order }) =>
    handleFulfillmentOrderEvent(context, shop, topic, order),
  "fulfillment_orders/moved": (context, { shop, topic, order }) =>
    handleFulfillmentOrderEvent(context, shop, topic, order),
  "fulfillment_orders/split": (context, { shop, topic, order }) =>
    handleFulfillmentOrderEvent(context, shop, topic, order),
  "fulfillment_orders/merged": (context, { shop, topic, order }) =>
    handleFulfillmentOrderEvent(context, shop, topic, order),
  "fulfillment_orders/cancelled": (context, { shop, topic, order }) =>
    handleFulfillmentOrderEvent(context, shop, topic, order),
  "returns/request": (context, { shop, topic, order }) =>
    handleReturnEvent(context, shop, topic, order),
  "returns/approve": (context, { shop, topic, order }) =>
    handleReturnEvent(context, shop, topic, order),
  "returns/cancel": (context, { shop, topic, order }) =>
    handleReturnEvent(context, shop, topic, order),
  "returns/decline": (context, { shop, topic, order }) =>
    handleReturnEvent(context, shop, topic, order),
  "returns/close": (context, { shop, topic, order }) =>
    handleReturnEvent(context, shop, topic, order),
  "returns/process": (context, { shop, topic, order }) =>
    handleReturnEvent(context, shop, topic, order),
  "app/uninstalled": handleUninstall,
  "shop/redact": handleShopRedact,
  "customers/redact": handleCustomerRedact,
  "customers/data_request": handleDataRequest,
};

/** Runs the delivery's handler. */
export function dispatch<T extends AppTopic>(
  context: ProcessContext,
  delivery: Delivery<T>,
): Promise<unknown> {
  // A Delivery<T>'s topic is T (the type distributes over the topics).
  const handler: TopicHandler<T> = HANDLERS[delivery.topic as T];
  return handler(context, delivery);
}
