// The thank-you and order-status blocks: the order's pickup point for the
// buyer (the one the merchant changed it to, if so), with its address and
// opening hours as the service describes it; null for an order by courier.
// A buyer's token names the shop and, when the buyer is signed in, the
// customer, but never the order: the app cannot read an order's customer
// (that needs the `read_customers` scope it does not ask for), so an order
// is told to a buyer only while it is new (BUYER_WINDOW_MS after it was
// placed: the thank-you page, and the order-status page of a fresh order);
// an older order answers 404, as an order that is not there. What was read
// is kept for a minute and reads are bounded per shop (buyer-answers.ts).
import type { Hono } from "hono";
import { loadShopOrder } from "../admin/load-shop-order.ts";
import { toStoreOrder } from "../mapping/to-store-order.ts";
import { loadPointChoice, withPointChoice } from "../store/point-choices.ts";
import { loadSettings } from "../store/settings.ts";
import { type AsBuyer, type Asker, BASE, orderIdOf } from "./ask-shop.ts";
import { BuyerAnswers, BuyerReadsBusy } from "./buyer-answers.ts";
import { type BuyerPoint, buyerPoint } from "./buyer-point.ts";

/** How long after it was placed an order's point is told to a buyer's token. */
export const BUYER_WINDOW_MS = 24 * 3600_000;

interface BuyerAnswer {
  /** When the order was placed (ms since the epoch; NaN when Shopify did not say). */
  readonly placedAt: number;
  readonly point: BuyerPoint | null;
}

async function readAnswer(asker: Asker, id: string): Promise<BuyerAnswer | undefined> {
  const { app, shop } = asker;
  const read = await loadShopOrder(app.shopify, await app.sessions.get(shop), id);
  if (!read) return undefined;
  const placedAt = Date.parse(read.order.created_at ?? "");
  // An order too old for a buyer costs the service nothing.
  if (!young(placedAt, (app.config.now ?? Date.now)())) return { placedAt, point: null };
  const { settings } = await loadSettings(app.pool, shop);
  const order = withPointChoice(
    toStoreOrder(read.order, { defaultService: settings.defaultService }),
    await loadPointChoice(app.pool, shop, id),
  );
  return { placedAt, point: await buyerPoint(app.connections.client(shop), order) };
}

function young(placedAt: number, now: number): boolean {
  return Number.isFinite(placedAt) && now - placedAt <= BUYER_WINDOW_MS;
}

export function buyerRoutes(hono: Hono, asBuyer: AsBuyer): void {
  const answers = new BuyerAnswers<BuyerAnswer>();
  hono.get(
    `${BASE}/pickup-point`,
    asBuyer(async (c, asker) => {
      const id = orderIdOf(c.req.query("order"));
      if (!id) return asker.refuse("unknown_order", 404);
      let answer: BuyerAnswer | undefined;
      try {
        answer = await answers.get(asker.shop, id, () => readAnswer(asker, id));
      } catch (error) {
        if (error instanceof BuyerReadsBusy) return asker.refuse("service_refused", 503);
        throw error;
      }
      const now = (asker.app.config.now ?? Date.now)();
      if (!answer || !young(answer.placedAt, now)) return asker.refuse("unknown_order", 404);
      c.header("cache-control", "no-store");
      return c.json({ point: answer.point });
    }),
  );
}
