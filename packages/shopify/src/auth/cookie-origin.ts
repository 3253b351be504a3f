// Whether a request the standalone app's session cookie would prove comes
// from the app's own pages: the cookie is SameSite=Lax, which still lets a
// sibling site (`evil.example.test` beside `ship.example.test`) post a form
// with it, so a change (any method but GET and HEAD) must also be sent by
// the app's pages as the browser tells it: `Sec-Fetch-Site` same-origin (or
// none, typed by the merchant), else an `Origin` that is the app's own. A
// request with neither header is not a browser's (a script holding the
// cookie), which no other site can make send it.
import type { Shopify } from "@shopify/shopify-api";

const SAFE = new Set(["GET", "HEAD"]);

export function fromOwnPages(shopify: Shopify, request: Request): boolean {
  if (SAFE.has(request.method.toUpperCase())) return true;
  const site = request.headers.get("sec-fetch-site");
  if (site !== null) return site === "same-origin" || site === "none";
  const origin = request.headers.get("origin");
  if (origin === null) return true;
  return origin === `${shopify.config.hostScheme ?? "https"}://${shopify.config.hostName}`;
}
