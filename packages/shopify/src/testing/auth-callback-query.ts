// The query string Shopify sends back to an app's `/auth/callback` when a
// merchant approves an install, signed as Shopify signs it: the hex
// HMAC-SHA256, with the app's secret, of the other parameters sorted by name.
// A script installing the app on a simulated store signs its own with this.
import { createHmac } from "node:crypto";

/** `params` (`code`, `shop`, `state`, `timestamp`, ...) with their `hmac`, as a query string. */
export function signedCallbackQuery(apiSecretKey: string, params: Record<string, string>): string {
  const sorted = Object.keys(params)
    .sort((a, b) => a.localeCompare(b))
    .map((key) => [key, params[key] as string]);
  const message = new URLSearchParams(sorted).toString().replace(/\+/g, "%20");
  const hmac = createHmac("sha256", apiSecretKey).update(message).digest("hex");
  return new URLSearchParams([...sorted, ["hmac", hmac]]).toString();
}

export interface AuthCallback {
  /** Where the app listens, e.g. http://127.0.0.1:8080. */
  readonly appUrl: string;
  readonly apiSecretKey: string;
  readonly shop: string;
  /** The authorization code the shop issued (`FakeShopify.approveInstall`). */
  readonly code: string;
  /** The `state` of the app's redirect from `/auth` (its Location's query). */
  readonly state: string;
  /** Seconds since the epoch. Default now. */
  readonly timestamp?: number;
}

/** The app's `/auth/callback` address with the query Shopify would send, signed. */
export function authCallbackUrl(callback: AuthCallback): string {
  // Shopify's `host`: the shop's admin, base64 without padding.
  const admin = `admin.shopify.com/store/${callback.shop.split(".")[0]}`;
  const host = Buffer.from(admin).toString("base64").replace(/=+$/, "");
  const query = signedCallbackQuery(callback.apiSecretKey, {
    code: callback.code,
    host,
    shop: callback.shop,
    state: callback.state,
    timestamp: String(callback.timestamp ?? Math.floor(Date.now() / 1000)),
  });
  return new URL(`/auth/callback?${query}`, callback.appUrl).href;
}
