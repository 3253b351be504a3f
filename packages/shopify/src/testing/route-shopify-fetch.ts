// Sends the requests `@shopify/shopify-api` makes (OAuth token endpoint,
// Admin GraphQL) to a FakeShopify. The library has one fetch per process, set
// by its runtime adapter, so this swaps it process-wide and returns the undo.
import "@shopify/shopify-api/adapters/web-api";
import { setAbstractFetchFunc } from "@shopify/shopify-api/runtime";
import type { FakeShopify } from "./fake-shopify.ts";

export function routeShopifyFetch(fake: FakeShopify): () => void {
  setAbstractFetchFunc(fake.fetch);
  return () => setAbstractFetchFunc(globalThis.fetch);
}
