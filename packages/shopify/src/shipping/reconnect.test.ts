// When the shipping service no longer accepts the shop's authorization (it
// lapsed: the sandbox's clock is moved past it), an order is not dropped
// silently: the shop shows "reconnect", the order needs attention, and after
// the merchant reconnects, a retry ships it.
import type pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import { loadSettings } from "../store/settings.ts";
import { APP_URL, useHarness } from "../test-support/harness.ts";
import { cancelCommandId } from "./cancel-shipment.ts";

const harness = useHarness();
const SHOP = "reconnect-shop.myshopify.com";
let app: ShopifyApp;
let cookie: string;
let pool: pg.Pool;

beforeAll(async () => {
  app = await harness.app();
  cookie = await harness.ready(app, SHOP);
  pool = harness.pool;
}, 60_000);

/** Waits (polling the database) until the order's shipment reaches one of `statuses`. */
const settled = (orderId: string, statuses: string[]) => harness.settled(SHOP, orderId, statuses);

describe("a lapsed shipping authorization", () => {
  it("shows reconnect and keeps the order until the merchant reconnects", async () => {
    // Past the authorization's months: the stored refresh token is refused.
    await harness.sandbox.control("/clock/advance", { seconds: 200 * 24 * 3600 });
    const order = harness.order(SHOP, 4401);
    const delivered = await harness.deliver(app, SHOP, "orders/paid", order);
    expect(delivered.status).toBe(200);
    const row = await settled("4401", ["needs_attention", "fulfilled"]);
    expect(row.status).toBe("needs_attention");
    expect(row.issues.map((issue) => [issue.path, issue.rule])).toEqual([
      ["connection", "reauthorization_required"],
    ]);
    expect((await loadSettings(pool, SHOP)).connection).toBe("reconnect");
    const page = await (
      await app(new Request(`${APP_URL}/settings?shop=${SHOP}`, { headers: { cookie } }))
    ).text();
    expect(page).toContain("Konto wysyłkowe trzeba połączyć ponownie.");

    await harness.connect(app, SHOP, cookie);
    expect((await loadSettings(pool, SHOP)).connection).toBe("connected");
    const retried = await app(
      new Request(`${APP_URL}/settings/retry`, {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: "order_id=4401",
      }),
    );
    expect(retried.status).toBe(303);
    expect((await settled("4401", ["fulfilled"])).tracking?.numbers[0]).toMatch(/\S/);
  });

  it("keeps the package of an order whose authorization lapsed after it was paid for, so a cancellation cancels it", async () => {
    const order = harness.order(SHOP, 4402);
    // The package is read back after the order command: it waits while the authorization lapses.
    await harness.sandbox.control("/faults", {
      latency_ms: 2500,
      path: "/packages/*",
      method: "GET",
      count: 1,
    });
    try {
      await harness.deliver(app, SHOP, "orders/paid", order);
      for (let attempt = 0; attempt < 100; attempt++) {
        if ((await harness.ledger(SHOP, "4402")).charges > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await harness.sandbox.control("/clock/advance", { seconds: 200 * 24 * 3600 });
      const attention = await settled("4402", ["needs_attention", "fulfilled"]);
      expect(attention.status).toBe("needs_attention");
    } finally {
      await harness.sandbox.control("/faults", undefined, "DELETE");
    }
    const { packageIds, charges } = await harness.ledger(SHOP, "4402");
    expect(charges).toBe(1);

    // The merchant reconnects; the order is then cancelled in Shopify: its paid package is cancelled.
    await harness.connect(app, SHOP, cookie);
    const cancelledOrder = { ...order, cancelled_at: new Date().toISOString() };
    harness.fake.updateOrder(SHOP, cancelledOrder);
    await harness.deliver(app, SHOP, "orders/cancelled", cancelledOrder);
    const cancelled = await settled("4402", ["cancelled", "cancelled_after_order"]);
    expect(cancelled.packageId).toBe(packageIds[0]);
    const service = await harness.serviceClient();
    const command = await service.cancelCommands.get(
      cancelCommandId(SHOP, "4402", harness.fulfillmentOrderIds(SHOP, "4402")[0]),
    );
    // The command was sent for that package; the row says what it achieved.
    const canceled = (command.successfully_canceled_packages ?? []).map((pkg) => pkg.package_id);
    expect(canceled.includes(packageIds[0] as number)).toBe(cancelled.status === "cancelled");
    const state = (await service.packages.get(packageIds[0] as number)).state;
    expect(state === "canceled").toBe(cancelled.status === "cancelled");
  });
});
