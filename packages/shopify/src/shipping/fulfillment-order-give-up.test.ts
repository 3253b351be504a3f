// A fulfillment_orders/* delivery whose job runs out of retries (the
// shipping service down longer than the queue waits) does not leave the
// order "shipping" where nobody sees it: it needs attention with the error,
// and once the service is back its Ship button ships it once.
import { beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import { adminCall, HOLD, RELEASE_HOLD } from "../test-support/admin-call.ts";
import { useHarness } from "../test-support/harness.ts";

const harness = useHarness();
const SHOP = "fo-give-up-shop.myshopify.com";
let app: ShopifyApp;

beforeAll(async () => {
  app = await harness.app({ jobRetryLimit: 1, jobRetryDelaySeconds: 1 });
  await harness.ready(app, SHOP);
}, 60_000);

describe("a fulfillment order delivery out of retries", () => {
  it("puts the order on needs attention; Ship then ships it once", async () => {
    const order = harness.order(SHOP, 8901);
    const [fulfillmentOrder] =
      harness.fake.order(SHOP, "gid://shopify/Order/8901")?.fulfillmentOrders ?? [];
    const held = await adminCall(harness.fake, SHOP, HOLD, {
      id: fulfillmentOrder?.id,
      hold: { reason: "OTHER" },
    });
    await harness.deliverPaid(app, SHOP, order);
    await harness.settled(SHOP, "8901", ["waiting"]);
    await adminCall(harness.fake, SHOP, RELEASE_HOLD, {
      id: fulfillmentOrder?.id,
      holdIds: [held.data?.fulfillmentOrderHold.fulfillmentHold.id],
    });
    await harness.sandbox.control("/faults", { status: 503, path: "/**" });
    try {
      const released = { fulfillment_order: { id: fulfillmentOrder?.id, status: "open" } };
      expect(
        (await harness.deliver(app, SHOP, "fulfillment_orders/hold_released", released)).status,
      ).toBe(200);
      const row = await harness.settled(SHOP, "8901", ["needs_attention", "fulfilled"], 300);
      expect(row.status).toBe("needs_attention");
      expect(row.issues).toEqual([
        expect.objectContaining({ path: "order", message: expect.stringMatching(/2 razy/) }),
      ]);
    } finally {
      await harness.sandbox.control("/faults", undefined, "DELETE");
    }
    await app.merchant(SHOP).ship("8901");
    expect((await harness.settled(SHOP, "8901", ["fulfilled"], 300)).status).toBe("fulfilled");
    expect((await harness.ledger(SHOP, "8901")).charges).toBe(1);
  }, 120_000);
});
