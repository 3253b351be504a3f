// @shipbridge/shopify/testing: what tests of a Shopify app need without
// reaching Shopify: sample orders and addresses.
export { SAMPLE_IBAN, SAMPLE_PARCEL, SAMPLE_SENDER, sampleShopifyOrder } from "./orders.ts";
