// The tracking company Shopify shows for each carrier: core's carrier names
// (one list for every screen), in Shopify's own spelling where its list of
// tracking companies has one. Always sent with a tracking url, since not
// every Polish carrier is on Shopify's list.
import { serviceName } from "@shipbridge/core";

/** Where Shopify's list of tracking companies spells a carrier otherwise. */
const SHOPIFY_SPELLING: Record<string, string> = {
  dhl: "DHL Express",
};

export function trackingCompany(service: string): string {
  return SHOPIFY_SPELLING[service.toLowerCase()] ?? serviceName(service);
}
