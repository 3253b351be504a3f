// Where the app reaches a shop's admin when it is pointed at a simulated
// Shopify (`adminApiUrl`, the bin's SHOPIFY_ADMIN_API_URL): every address
// `https://{shop}/admin/...` becomes `{adminApiUrl}/{shop}/admin/...`, for
// the Admin API and the OAuth token endpoint (through shopify-api's fetch,
// which is one per process) and for the install's authorize page.
import "@shopify/shopify-api/adapters/web-api";
import { setAbstractFetchFunc } from "@shopify/shopify-api/runtime";

const SHOP_HOST = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

/** `url` as served at `base` when it is a shop's admin address; any other address as it is. */
export function adminAddress(base: string, url: string): string {
  const target = new URL(url);
  if (target.protocol !== "https:" || !SHOP_HOST.test(target.hostname)) return url;
  if (!target.pathname.startsWith("/admin/")) return url;
  const root = base.endsWith("/") ? base : `${base}/`;
  return new URL(`${target.hostname}${target.pathname}${target.search}`, root).href;
}

/** Sends shopify-api's requests for a shop's admin to `base`, for the whole process. */
export function routeAdminApi(base: string): void {
  setAbstractFetchFunc(async (input, init) => {
    const request = new Request(input, init);
    const to = adminAddress(base, request.url);
    if (to === request.url) return fetch(request);
    const body =
      request.method === "GET" || request.method === "HEAD"
        ? undefined
        : await request.arrayBuffer();
    return fetch(to, { method: request.method, headers: request.headers, body });
  });
}
