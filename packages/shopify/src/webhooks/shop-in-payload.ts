// Shopify's HMAC covers a webhook's body, not its headers: a captured body
// could be replayed under another shop's X-Shopify-Shop-Domain or another
// X-Shopify-Topic (an order's body as app/uninstalled). Where the body names
// the shop, it must be the header's shop; the topics that delete or report
// data must name it (app/uninstalled's shop resource, the compliance topics).

/** The topics whose body must name the shop, and the field that names it. */
const REQUIRED: Readonly<Record<string, string>> = {
  "app/uninstalled": "myshopify_domain",
  "shop/redact": "shop_domain",
  "customers/redact": "shop_domain",
  "customers/data_request": "shop_domain",
};

/** Whether the body agrees with the headers' shop and topic. */
export function payloadMatchesShop(topic: string, shop: string, payload: unknown): boolean {
  const body = (typeof payload === "object" && payload !== null ? payload : {}) as Record<
    string,
    unknown
  >;
  for (const field of ["shop_domain", "myshopify_domain"]) {
    const named = body[field];
    if (named !== undefined && named !== null && String(named).toLowerCase() !== shop) {
      return false;
    }
  }
  const required = REQUIRED[topic];
  return required === undefined || typeof body[required] === "string";
}
