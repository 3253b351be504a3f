// The order page's block: the shop's language, the order's shipment with
// the buttons that apply, Ship and Retry (the merchant's one shipping job),
// and Change pickup point (checked at the service with shipping's own
// check, then saved for the shipment to use).
import type { Hono } from "hono";
import { loadShopOrder } from "../admin/load-shop-order.ts";
import { toStoreOrder } from "../mapping/to-store-order.ts";
import { toLanguage } from "../settings/settings-view.ts";
import { pickupPointIssues } from "../shipping/check-pickup-point.ts";
import { loadPointChoice, savePointChoice } from "../store/point-choices.ts";
import { loadSettings } from "../store/settings.ts";
import { type AsShop, BASE, orderIdOf, readJson } from "./ask-shop.ts";
import { refusal } from "./extension-texts.ts";
import { hasParcel, notShipped, orderCard } from "./order-card.ts";

const POINT_CODE = /^[A-Za-z0-9_-]{1,64}$/;

export function orderRoutes(hono: Hono, asShop: AsShop): void {
  // The shop's language (the app's setting), for an extension's first words.
  hono.get(
    `${BASE}/shop`,
    asShop(async (c, asker) => c.json({ language: asker.language })),
  );

  hono.get(
    `${BASE}/orders/:id`,
    asShop(async (c, asker) => {
      const id = orderIdOf(c.req.param("id"));
      const order = id ? await asker.knownOrder(id) : undefined;
      if (!id || !order) return asker.refuse("unknown_order", 404);
      const labelUrl = hasParcel(order)
        ? asker.documentUrl({ kind: "labels", orderIds: [id] })
        : null;
      const choice = await loadPointChoice(asker.app.pool, asker.shop, id);
      c.header("cache-control", "no-store");
      return c.json({ language: asker.language, order: orderCard(order, choice, labelUrl) });
    }),
  );

  // Ship and Retry: the same job as the orders page's buttons (once, however often asked).
  hono.post(
    `${BASE}/orders/:id/ship`,
    asShop(async (c, asker) => {
      const id = orderIdOf(c.req.param("id"));
      const order = id ? await asker.knownOrder(id) : undefined;
      if (!id || !order) return asker.refuse("unknown_order", 404);
      if (order.status !== "waiting" && order.status !== "needs_attention") {
        return asker.refuse("not_shippable", 409);
      }
      await asker.merchant.ship(id);
      return c.json({ queued: true }, 202);
    }),
  );

  hono.post(
    `${BASE}/orders/:id/pickup-point`,
    asShop(async (c, asker) => {
      const id = orderIdOf(c.req.param("id"));
      const body = await readJson(c);
      const code = typeof body?.code === "string" ? body.code.trim() : "";
      if (!POINT_CODE.test(code)) {
        const message = refusal("point_code_missing", asker.language).message;
        return asker.refuse("point_code_missing", 400, [
          { path: "code", rule: "point_code", message },
        ]);
      }
      const order = id ? await asker.knownOrder(id) : undefined;
      if (!id || !order) return asker.refuse("unknown_order", 404);
      if (!notShipped(order)) return asker.refuse("not_shippable", 409);
      const { app, shop } = asker;
      const read = await loadShopOrder(app.shopify, await app.sessions.get(shop), id);
      if (!read) return asker.refuse("unknown_order", 404);
      const { settings } = await loadSettings(app.pool, shop);
      const mapped = toStoreOrder(read.order, { defaultService: settings.defaultService });
      const carrier = mapped.pickup_point?.carrier;
      if (!carrier) return asker.refuse("no_pickup_point", 409);
      const issues = await pickupPointIssues(app.connections.client(shop), {
        ...mapped,
        pickup_point: { code, carrier },
      });
      if (issues) {
        const inLanguage = issues[toLanguage(asker.language)] ?? [];
        return asker.refuse(
          "point_unavailable",
          422,
          inLanguage.map(({ path, rule, message }) => ({ path, rule, message })),
        );
      }
      await savePointChoice(app.pool, shop, id, { service: carrier, code });
      return c.json({ pickupPoint: { code, service: carrier } });
    }),
  );
}
