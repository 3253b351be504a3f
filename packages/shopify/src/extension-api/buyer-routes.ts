// The thank-you and order-status blocks: the order's pickup point for the
// buyer (the one the merchant changed it to, if so), with its address and
// opening hours as the service describes it; null for an order by courier.
import type { Hono } from "hono";
import { loadShopOrder } from "../admin/load-shop-order.ts";
import { toStoreOrder } from "../mapping/to-store-order.ts";
import { loadPointChoice, withPointChoice } from "../store/point-choices.ts";
import { loadSettings } from "../store/settings.ts";
import { type AsBuyer, BASE, orderIdOf } from "./ask-shop.ts";
import { buyerPoint } from "./buyer-point.ts";

export function buyerRoutes(hono: Hono, asBuyer: AsBuyer): void {
  hono.get(
    `${BASE}/pickup-point`,
    asBuyer(async (c, asker) => {
      const id = orderIdOf(c.req.query("order"));
      if (!id) return asker.refuse("unknown_order", 404);
      const { app, shop } = asker;
      const read = await loadShopOrder(app.shopify, await app.sessions.get(shop), id);
      if (!read) return asker.refuse("unknown_order", 404);
      const { settings } = await loadSettings(app.pool, shop);
      const order = withPointChoice(
        toStoreOrder(read.order, { defaultService: settings.defaultService }),
        await loadPointChoice(app.pool, shop, id),
      );
      c.header("cache-control", "no-store");
      return c.json({ point: await buyerPoint(app.connections.client(shop), order) });
    }),
  );
}
