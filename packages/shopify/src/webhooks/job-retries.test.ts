// A shipping-service outage longer than the job's retries: the order is not
// left "shipping" where nobody sees it, but needs attention with the error,
// listed on the settings page; once the service is back, its retry button
// ships it once.
import { beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import { APP_URL, useHarness } from "../test-support/harness.ts";

const harness = useHarness();
const SHOP = "outage-shop.myshopify.com";
let app: ShopifyApp;
let cookie: string;

beforeAll(async () => {
  app = await harness.app({ jobRetryLimit: 1, jobRetryDelaySeconds: 1 });
  cookie = await harness.ready(app, SHOP);
}, 60_000);

/** Waits (polling the database) until the order's shipment reaches one of `statuses`. */
const settled = (orderId: string, statuses: string[]) =>
  harness.settled(SHOP, orderId, statuses, 200);

describe("a job out of retries", () => {
  it("moves the order to needs attention, and its retry ships it once the service is back", async () => {
    const order = harness.order(SHOP, 8801);
    await harness.sandbox.control("/faults", { status: 503, path: "/**" });
    try {
      const delivered = await harness.deliver(app, SHOP, "orders/paid", order);
      expect(delivered.status).toBe(200);
      const row = await settled("8801", ["needs_attention", "fulfilled"]);
      expect(row.status).toBe("needs_attention");
      expect(row.packageId).toBeUndefined();
      // In the shop's language (Polish here), and in English when asked.
      expect(row.issues).toEqual([
        expect.objectContaining({
          path: "order",
          message: expect.stringMatching(/^Wysyłka nie powiodła się 2 razy; /),
        }),
      ]);
      const [listed] = (await app.merchant(SHOP).orders({ language: "en" })).filter(
        (o) => o.orderId === "8801",
      );
      expect(listed?.problems).toEqual([
        expect.objectContaining({
          path: "order",
          message: expect.stringMatching(/^Shipping failed 2 times; /),
        }),
      ]);
    } finally {
      await harness.sandbox.control("/faults", undefined, "DELETE");
    }
    const page = await (
      await app(new Request(`${APP_URL}/settings?shop=${SHOP}`, { headers: { cookie } }))
    ).text();
    expect(page).toContain('id="order-8801"');

    const retried = await app(
      new Request(`${APP_URL}/settings/retry`, {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: "order_id=8801",
      }),
    );
    expect(retried.status).toBe(303);
    expect((await settled("8801", ["fulfilled"])).tracking?.numbers[0]).toMatch(/\S/);
    expect(await harness.ledger(SHOP, "8801")).toEqual({
      packageIds: [expect.any(Number)],
      charges: 1,
    });
  });

  it("a cancellation Shopify cannot confirm puts the order with a paid parcel on needs attention", async () => {
    const order = harness.order(SHOP, 8803);
    await harness.deliverPaid(app, SHOP, order);
    const shipped = await settled("8803", ["fulfilled", "needs_attention"]);
    expect(shipped.status).toBe("fulfilled");
    const cancelled = { ...order, cancelled_at: new Date().toISOString() };
    harness.fake.updateOrder(SHOP, cancelled);
    // Shopify fails the order's read on every try of the cancellation's job.
    harness.fake.failNext("OrderState", { count: 2 });
    expect((await harness.deliver(app, SHOP, "orders/cancelled", cancelled)).status).toBe(200);
    const row = await settled("8803", ["needs_attention"]);
    expect(row.issues).toEqual([
      expect.objectContaining({ path: "order", rule: "cancellation_unconfirmed" }),
    ]);
    const [listed] = (await app.merchant(SHOP).orders({ language: "en" })).filter(
      (entry) => entry.orderId === "8803",
    );
    expect(listed?.problems[0]?.message).toContain("Shopify may have cancelled this order");
    // Retry reads the order, cancelled, and cancels its parcel.
    await app.merchant(SHOP).ship("8803");
    const done = await settled("8803", ["cancelled", "cancelled_after_order"]);
    const service = await harness.serviceClient();
    expect((await service.packages.get(done.packageId as number)).state).toBe("canceled");
  });
});
