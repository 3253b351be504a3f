// The secret the service signs a shop's tracking pushes with. It is derived
// from the app's Shopify secret and the shop, so every instance computes the
// same one without storing it, and one shop's secret says nothing of another's.
import { createHmac } from "node:crypto";

export function trackingSecret(apiSecretKey: string, shop: string): string {
  return createHmac("sha256", apiSecretKey)
    .update(`shipbridge-tracking-push:${shop}`)
    .digest("hex");
}

/** Where the service pushes a shop's tracking updates. */
export function trackingUrl(appUrl: string, shop: string): string {
  return new URL(`/tracking/${encodeURIComponent(shop)}`, appUrl).href;
}
