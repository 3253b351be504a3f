// POST /rates: Shopify's carrier-service callback. The HMAC of the raw body
// is checked with shopify-api (401 and nothing done when it is wrong); then
// the answer is always 200 with `rates`, within one deadline: the quotes,
// the backup rates, or none. Everything after the HMAC (setup, the shop's
// settings, the quotes) runs under that deadline and inside one catch, so a
// database that does not answer or a body that cannot be read never turns
// into a 5xx or a hang.
import type { Shopify } from "@shopify/shopify-api";
import type { Context } from "hono";
import type pg from "pg";
import type { ShippingConnections } from "../shipping/connections.ts";
import { loadSettings } from "../store/settings.ts";
import { destinationFit } from "./destination-fit.ts";
import type { QuoteCache } from "./quote-cache.ts";
import { backupRates, quoteRates } from "./quote-rates.ts";
import type { RateRequest, ShopifyRate } from "./rate-request.ts";

export interface RateContext {
  readonly shopify: Shopify;
  /** The app once set up: its database and shipping connections. */
  readonly runtime: () => Promise<{
    readonly pool: pg.Pool;
    readonly connections: ShippingConnections;
  }>;
  readonly cache: QuoteCache;
  readonly deadlineMs: number;
}

/** The least time the quotes get, once the settings are read. */
const MIN_QUOTE_MS = 100;
/** The quotes end this much before the callback's deadline, which answers the fallback. */
const MARGIN_MS = 50;

export async function rateCallback(context: RateContext, c: Context): Promise<Response> {
  const started = Date.now();
  const rawBody = await c.req.text();
  const check = await context.shopify.fulfillmentService.validate({
    rawBody,
    rawRequest: c.req.raw,
  });
  if (!check.valid) return c.text("Unauthorized", 401);
  // Shopify says how long it waits; stay well inside it, and inside our own limit.
  const shopifyTimeout = Number(c.req.header("x-shopify-timeout"));
  const budget = Math.min(
    context.deadlineMs,
    Number.isFinite(shopifyTimeout) && shopifyTimeout > 0
      ? shopifyTimeout * 0.6
      : context.deadlineMs,
  );
  const deadline = started + budget;
  const shop = context.shopify.utils.sanitizeShop(c.req.header("x-shopify-shop-domain") ?? "");
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, Math.max(deadline - Date.now(), 0), undefined);
  });
  // What to answer when time runs out or anything fails: none until the
  // shop's settings are read, then its backup rates.
  const fallback: { rates: readonly ShopifyRate[] } = { rates: [] };
  try {
    const rates = await Promise.race([answer(context, shop, rawBody, deadline, fallback), late]);
    return c.json({ rates: rates ?? fallback.rates });
  } catch {
    return c.json({ rates: fallback.rates });
  } finally {
    clearTimeout(timer);
  }
}

function courierFits(request: RateRequest | undefined, language: "pl_PL" | "en_GB"): boolean {
  try {
    return !request?.destination || destinationFit(request.destination, language).courier;
  } catch {
    return true;
  }
}

async function answer(
  context: RateContext,
  shop: string | null,
  rawBody: string,
  deadline: number,
  fallback: { rates: readonly ShopifyRate[] },
): Promise<readonly ShopifyRate[]> {
  if (!shop) return [];
  const { pool, connections } = await context.runtime();
  const { settings, connection } = await loadSettings(pool, shop);
  let request: RateRequest | undefined;
  try {
    request = (JSON.parse(rawBody) as { rate?: RateRequest } | null)?.rate;
  } catch {
    request = undefined;
  }
  const currency = typeof request?.currency === "string" ? request.currency : "PLN";
  // A backup rate goes to the address: none for an address a courier cannot find.
  fallback.rates = courierFits(request, settings.language) ? backupRates(settings, currency) : [];
  if (connection !== "connected" || !request || typeof request !== "object") {
    return fallback.rates;
  }
  const outcome = await quoteRates({
    shop,
    client: connections.client(shop),
    settings,
    request,
    cache: context.cache,
    deadlineMs: Math.max(deadline - Date.now() - MARGIN_MS, MIN_QUOTE_MS),
  });
  return outcome.rates;
}
