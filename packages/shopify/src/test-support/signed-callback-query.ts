// The query string Shopify sends back to an app's OAuth callback, signed as
// Shopify signs it: hex HMAC-SHA256, with the app's secret, of the other
// parameters sorted by name.
import { createHmac } from "node:crypto";

export function signedCallbackQuery(secret: string, params: Record<string, string>): string {
  const sorted = Object.keys(params)
    .sort((a, b) => a.localeCompare(b))
    .map((key) => [key, params[key] as string]);
  const message = new URLSearchParams(sorted).toString().replace(/\+/g, "%20");
  const hmac = createHmac("sha256", secret).update(message).digest("hex");
  return new URLSearchParams([...sorted, ["hmac", hmac]]).toString();
}
