// The mapping from Shopify's shapes to core's: the order payload, the
// service codes of checkout rates, and the pure Shopify order -> StoreOrder.
export { decodeServiceCode, encodeServiceCode, type RateChoice } from "./service-code.ts";
export type {
  ShopifyAddress,
  ShopifyLineItem,
  ShopifyMoneySet,
  ShopifyOrder,
  ShopifyShippingLine,
} from "./shopify-order.ts";
export { type ToStoreOrderOptions, toStoreOrder } from "./to-store-order.ts";
