// POST /rates: Shopify's carrier-service callback. The HMAC of the raw body
// is checked with shopify-api (401 and nothing done when it is wrong); then
// the answer is always 200 with `rates`, the quotes or the backup rates.
import type { Shopify } from "@shopify/shopify-api";
import type { Context } from "hono";
import type pg from "pg";
import type { ShippingConnections } from "../shipping/connections.ts";
import { loadSettings } from "../store/settings.ts";
import type { QuoteCache } from "./quote-cache.ts";
import { backupRates, quoteRates } from "./quote-rates.ts";
import type { RateRequest } from "./rate-request.ts";

export interface RateContext {
  readonly shopify: Shopify;
  readonly pool: pg.Pool;
  readonly connections: ShippingConnections;
  readonly cache: QuoteCache;
  readonly deadlineMs: number;
}

export async function rateCallback(context: RateContext, c: Context): Promise<Response> {
  const started = Date.now();
  const rawBody = await c.req.text();
  const check = await context.shopify.fulfillmentService.validate({
    rawBody,
    rawRequest: c.req.raw,
  });
  if (!check.valid) return c.text("Unauthorized", 401);
  const shop = context.shopify.utils.sanitizeShop(c.req.header("x-shopify-shop-domain") ?? "");
  let request: RateRequest;
  try {
    request = (JSON.parse(rawBody) as { rate: RateRequest }).rate;
    if (!request || !Array.isArray(request.items)) throw new TypeError("no rate");
  } catch {
    return c.json({ rates: [] });
  }
  if (!shop) return c.json({ rates: [] });
  const { settings, connection } = await loadSettings(context.pool, shop);
  if (connection !== "connected") return c.json({ rates: backupRates(settings, request.currency) });
  // Shopify says how long it waits; stay well inside it, and inside our own limit.
  const shopifyTimeout = Number(c.req.header("x-shopify-timeout"));
  const budget = Math.min(
    context.deadlineMs,
    Number.isFinite(shopifyTimeout) && shopifyTimeout > 0
      ? shopifyTimeout * 0.6
      : context.deadlineMs,
  );
  const outcome = await quoteRates({
    client: context.connections.client(shop),
    settings,
    request,
    cache: context.cache,
    deadlineMs: Math.max(budget - (Date.now() - started), 100),
  });
  return c.json({ rates: outcome.rates });
}
