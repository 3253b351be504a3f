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

export const COMPLIANCE_TOPICS = [
  "customers/data_request",
  "customers/redact",
  "shop/redact",
] as const;

export const APP_TOPICS = [
  ...ORDER_TOPICS,
  ...FULFILLMENT_ORDER_TOPICS,
  "app/uninstalled",
  ...COMPLIANCE_TOPICS,
] as const;
export type AppTopic = (typeof APP_TOPICS)[number];

export function isAppTopic(topic: string): topic is AppTopic {
  return (APP_TOPICS as readonly string[]).includes(topic);
}
