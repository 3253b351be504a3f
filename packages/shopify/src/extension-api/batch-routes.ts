// "Ship with shipbridge" on the orders list: the selected orders as one
// batch of the shipping day (the same orders in the same state are the same
// batch, so a double click ships once), and the batch's progress with each
// order's outcome.
import type { Hono } from "hono";
import { type AsShop, BASE, readJson, selectedIds } from "./ask-shop.ts";
import { refusal } from "./extension-texts.ts";

export function batchRoutes(hono: Hono, asShop: AsShop): void {
  hono.post(
    `${BASE}/batches`,
    asShop(async (c, asker) => {
      const ids = selectedIds((await readJson(c))?.orderIds);
      if (!ids) {
        const message = refusal("no_orders", asker.language).message;
        return asker.refuse("no_orders", 400, [{ path: "orderIds", rule: "selection", message }]);
      }
      const batch = await asker.merchant.shipBatch(ids);
      if (!batch) return asker.refuse("nothing_to_ship", 409);
      return c.json({ language: asker.language, batch }, 202);
    }),
  );

  hono.get(
    `${BASE}/batches/:id`,
    asShop(async (c, asker) => {
      const batch = await asker.merchant.batch(c.req.param("id") ?? "", {
        language: asker.language,
      });
      if (!batch) return asker.refuse("no_such_batch", 404);
      c.header("cache-control", "no-store");
      return c.json({ language: asker.language, batch });
    }),
  );
}
