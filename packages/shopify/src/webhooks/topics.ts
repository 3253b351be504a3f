// The webhook topics the app subscribes to, as Shopify writes them in
// X-Shopify-Topic. The three compliance topics are set in the app's TOML.
import { FULFILLMENT_ORDER_TOPICS } from "../shipping/fulfillment-order-events.ts";

export { FULFILLMENT_ORDER_TOPICS };

export const ORDER_TOPICS = [
  "orders/create",
  "orders/paid",
  "orders/updated",
  "orders/edited",
  "orders/cancelled",
] as const;

export type OrderTopic = (typeof ORDER_TOPICS)[number];

/** A return approved (or created by the merchant), requested, cancelled, declined, closed or processed. */
export const RETURN_TOPICS = [
  "returns/request",
  "returns/approve",
  "returns/cancel",
  "returns/decline",
  "returns/close",
  "returns/process",
] as const;

export const COMPLIANCE_TOPICS = [
  "customers/data_request",
  "customers/redact",
  "shop/redact",
] as const;

export const APP_TOPICS = [
  ...ORDER_TOPICS,
  ...RETURN_TOPICS,
  ...FULFILLMENT_ORDER_TOPICS,
  "app/uninstalled",
  ...COMPLIANCE_TOPICS,
] as const;
export type AppTopic = (typeof APP_TOPICS)[number];

export function isOrderTopic(topic: string): topic is OrderTopic {
  return (ORDER_TOPICS as readonly string[]).includes(topic);
}

export function isAppTopic(topic: string): topic is AppTopic {
  return (APP_TOPICS as readonly string[]).includes(topic);
}
