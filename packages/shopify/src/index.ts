// @shipbridge/shopify: a Shopify shipping app for the parcel-shipping
// service. The mapping from Shopify orders to core's StoreOrder.

export { APP_SCOPES } from "./admin/documents.ts";
export { createShopifyApp, type ShopifyApp } from "./app/create-shopify-app.ts";
export type { CloseOptions, CloseStep } from "./app/stop-in-order.ts";
export type { ShippingServiceConfig, ShopifyAppConfig } from "./config/app-config.ts";
export {
  decodeServiceCode,
  encodeServiceCode,
  type RateChoice,
  type ShopifyAddress,
  type ShopifyLineItem,
  type ShopifyMoneySet,
  type ShopifyOrder,
  type ShopifyShippingLine,
  type ToStoreOrderOptions,
  toStoreOrder,
} from "./mapping/index.ts";
export { ShopNotInstalledError } from "./merchant/installed-shop.ts";
export {
  type BatchCourier,
  BatchKeyReusedError,
  BatchLabelPartsError,
  type CarrierCourier,
  type ShopBatch,
  type ShopBatchDetails,
  type ShopBatchOrder,
  type ShopConnectionState,
  type ShopDocument,
  type ShopLabelFile,
  type ShopMerchant,
  type ShopOrderShipment,
  type ShopOrderStatus,
  type ShopPickup,
  UnknownOrderError,
} from "./merchant/shop-merchant.ts";
export {
  isSettingsError,
  SettingsError,
} from "./settings/save-settings.ts";
export type { ShipMode, ShopSettingsView } from "./settings/settings-view.ts";
