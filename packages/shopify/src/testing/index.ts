// @shipbridge/shopify/testing: Shopify's side of an app, locally, for tests
// that must not reach Shopify: a fake Admin API and token endpoint checked
// against the real Admin schema, signed webhook and rate-callback requests,
// session tokens, sample data, and the fake served over HTTP for an app in
// another process (the shipbridge-fake-shopify bin). The schema comes from `@shopify/dev-mcp`,
// which tests must install (an optional peer dependency).
export { ADMIN_API_VERSION, type AdminSchema, loadAdminSchema } from "./admin-schema.ts";
export {
  type AuthCallback,
  authCallbackUrl,
  signedCallbackQuery,
} from "./auth-callback-query.ts";
export {
  type FakeCarrierService,
  type FakeFulfillment,
  type FakeFulfillmentEvent,
  type FakeFulfillmentOrder,
  type FakeOrder,
  FakeShopify,
  type FakeShopifyCall,
  type FakeShopifyOptions,
  type FakeTrackingInfo,
} from "./fake-shopify.ts";
export {
  type FakeShopifyServer,
  type FakeShopifyServerOptions,
  serveFakeShopify,
} from "./fake-shopify-server.ts";
export { SAMPLE_IBAN, SAMPLE_PARCEL, SAMPLE_SENDER, sampleShopifyOrder } from "./orders.ts";
export { routeShopifyFetch } from "./route-shopify-fetch.ts";
export {
  type BuyerTokenOptions,
  makeBuyerSessionToken,
  makeSessionToken,
  type SessionTokenOptions,
  verifySessionToken,
} from "./session-token.ts";
export {
  type RateCallback,
  rateCallbackRequest,
  shopifyHmac,
  type WebhookDelivery,
  webhookRequest,
} from "./signed-requests.ts";
export {
  type AdminRequest,
  type AdminRequestCheck,
  checkAdminRequest,
} from "./validate-admin-request.ts";
