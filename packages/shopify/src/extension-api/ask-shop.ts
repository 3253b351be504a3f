// What every extension route shares: the shop its ID token proves (a
// merchant's token for the admin routes, a buyer's for the buyer's route;
// 401, retry with a new token, otherwise), the language it answers in (the one
// asked, else the shop's), its refusals as JSON in that language with both
// texts, a failure of Shopify or the service answered as a refusal (503)
// rather than a trace, and the helpers the routes read a request with.
import type { Context } from "hono";
import type { Buyer } from "../auth/session-token-claims.ts";
import {
  type ShopMerchant,
  type ShopOrderShipment,
  shopMerchant,
} from "../merchant/shop-merchant.ts";
import type { AppRuntime } from "../runtime/app-runtime.ts";
import { loadSettings } from "../store/settings.ts";
import { type DocumentRequest, makeDocumentTicket } from "./document-ticket.ts";
import { extensionBuyer, extensionShop } from "./extension-auth.ts";
import { type ExtensionLanguage, type RefusalCode, refusal } from "./extension-texts.ts";

export const BASE = "/extension-api";
/** Shopify lets a merchant select at most 250 orders at once. */
export const MAX_SELECTED = 250;

type Status = 400 | 401 | 404 | 409 | 410 | 422 | 503;

export interface Asker {
  readonly app: AppRuntime;
  readonly shop: string;
  readonly language: ExtensionLanguage;
  readonly merchant: ShopMerchant;
  refuse(code: RefusalCode, status: Status, issues?: Parameters<typeof refusal>[2]): Response;
  /** The order as the orders page lists it (among the newest 500), or undefined. */
  knownOrder(id: string): Promise<ShopOrderShipment | undefined>;
  /** The signed five-minute link to a document of the shop. */
  documentUrl(document: DocumentRequest): string;
}

export type AsShop = (
  handle: (c: Context, asker: Asker) => Promise<Response>,
) => (c: Context) => Promise<Response>;

/** A buyer's route: the asker of the buyer's shop, and the buyer. */
export type AsBuyer = (
  handle: (c: Context, asker: Asker, buyer: Buyer) => Promise<Response>,
) => (c: Context) => Promise<Response>;

/** The numeric order id from a GID (`gid://shopify/Order/1`) or the id itself; undefined if neither. */
export function orderIdOf(value: unknown): string | undefined {
  const text = typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
  return /^(?:gid:\/\/shopify\/(?:Order|OrderIdentity)\/)?(\d{1,20})$/.exec(text)?.[1];
}

/** The ids of a selection of orders, or undefined when it is empty, too long or not all orders. */
export function selectedIds(value: unknown): string[] | undefined {
  const ids = Array.isArray(value) ? value.map(orderIdOf) : [];
  if (ids.length === 0 || ids.length > MAX_SELECTED) return undefined;
  return ids.every((id) => id !== undefined) ? (ids as string[]) : undefined;
}

export function askedLanguage(c: Context): ExtensionLanguage | undefined {
  const asked = c.req.query("language")?.slice(0, 2).toLowerCase();
  return asked === "pl" || asked === "en" ? asked : undefined;
}

export async function readJson(c: Context): Promise<Record<string, unknown> | undefined> {
  try {
    const body = await c.req.json();
    return body && typeof body === "object" && !Array.isArray(body) ? body : undefined;
  } catch {
    return undefined;
  }
}

/** The app once set up, or undefined while it cannot be (its database not answering). */
export async function ready(runtime: () => Promise<AppRuntime>): Promise<AppRuntime | undefined> {
  try {
    return await runtime();
  } catch {
    return undefined;
  }
}

/** The admin routes: a merchant's ID token alone proves the shop. */
export function asShopOf(runtime: () => Promise<AppRuntime>): AsShop {
  const as = askAs(runtime, async (shopify, request) => {
    const shop = await extensionShop(shopify, request);
    return shop ? { shop, who: true } : undefined;
  });
  return (handle) => as((c, asker) => handle(c, asker));
}

/** The buyer's route: a buyer's ID token (checkout or customer accounts) alone proves the shop. */
export function asBuyerOf(runtime: () => Promise<AppRuntime>): AsBuyer {
  return askAs(runtime, async (shopify, request) => {
    const buyer = await extensionBuyer(shopify, request);
    return buyer ? { shop: buyer.shop, who: buyer } : undefined;
  });
}

function askAs<Who>(
  runtime: () => Promise<AppRuntime>,
  prove: (
    shopify: AppRuntime["shopify"],
    request: Request,
  ) => Promise<{ shop: string; who: Who } | undefined>,
) {
  return (handle: (c: Context, asker: Asker, who: Who) => Promise<Response>) =>
    async (c: Context): Promise<Response> => {
      const asked = askedLanguage(c);
      const app = await ready(runtime);
      if (!app) return c.json(refusal("service_refused", asked ?? "en"), 503);
      const proven = await prove(app.shopify, c.req.raw);
      if (!proven) {
        c.header("X-Shopify-Retry-Invalid-Session-Request", "1");
        return c.json(refusal("unauthorised", asked ?? "en"), 401);
      }
      const { shop } = proven;
      const language =
        asked ?? ((await loadSettings(app.pool, shop)).settings.language === "en_GB" ? "en" : "pl");
      const merchant = shopMerchant(runtime, shop);
      const asker: Asker = {
        app,
        shop,
        language,
        merchant,
        refuse: (code, status, issues) => c.json(refusal(code, language, issues), status),
        knownOrder: async (id) =>
          (await merchant.orders({ language, limit: 500 })).find((order) => order.orderId === id),
        documentUrl: (document) => {
          const now = (app.config.now ?? Date.now)();
          const ticket = makeDocumentTicket(app.config.apiSecretKey, { shop, document }, now);
          return new URL(`${BASE}/documents/${ticket}`, app.config.appUrl).href;
        },
      };
      try {
        return await handle(c, asker, proven.who);
      } catch {
        // The service or Shopify failed (or the shop is not installed any
        // more): a clear refusal the extension can show, never a trace.
        return asker.refuse("service_refused", 503);
      }
    };
}
