// An order cancelled while its batch runs, end to end on a real PostgreSQL,
// the sandbox over HTTP and FakeShopify: cancelled in Shopify after the
// batch read it and before its parcel was bought, it is marked cancelled by
// its orders/cancelled delivery, and the batch, looking at its orders' rows
// once more before buying, buys nothing for it (no parcel bought, then
// cancelled and refunded); the batch's other order ships.
import { beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import { loadShipment } from "../store/shipments.ts";
import { eventually } from "../test-support/eventually.ts";
import { useHarness } from "../test-support/harness.ts";

const harness = useHarness();
const SHOP = "batch-cancel-shop.myshopify.com";
let app: ShopifyApp;

beforeAll(async () => {
  app = await harness.app();
  await harness.ready(app, SHOP, { shipOn: "manual", language: "en_GB" });
}, 60_000);

describe("an order cancelled while its batch runs", () => {
  it("is not bought when the app marked it cancelled after the batch read it", async () => {
    for (const id of [8801, 8802]) {
      await harness.deliverPaid(app, SHOP, harness.order(SHOP, id));
      await harness.settled(SHOP, String(id), ["waiting"]);
    }
    const merchant = app.merchant(SHOP);
    // Shopify holds one of the two reads: the other order is read and waits to be bought.
    const hold = harness.fake.holdNext("ShopOrder");
    let cancelledId = "";
    let batchId = "";
    try {
      batchId = (await merchant.shipBatch(["8801", "8802"], { key: "cancelled" }))?.id ?? "";
      await hold.reached;
      await eventually(
        async () => ((await merchant.batch(batchId))?.counts.read ?? 0) === 1,
        "one order read",
      );
      cancelledId =
        (await merchant.batch(batchId))?.orders.find((order) => order.outcome === "read")
          ?.orderId ?? "";
      const cancelled = {
        ...harness.order(SHOP, Number(cancelledId)),
        cancelled_at: new Date().toISOString(),
      };
      harness.fake.updateOrder(SHOP, cancelled);
      expect((await harness.deliver(app, SHOP, "orders/cancelled", cancelled)).status).toBe(200);
      await harness.settled(SHOP, cancelledId, ["cancelled"]);
    } finally {
      hold.release();
    }
    await eventually(
      async () => (await merchant.batch(batchId))?.status === "done",
      "the batch",
      600,
    );
    const outcomes = (await merchant.batch(batchId))?.orders.map((o) => [o.orderId, o.outcome]);
    const shippedId = cancelledId === "8801" ? "8802" : "8801";
    expect(Object.fromEntries(outcomes ?? [])).toEqual({
      [cancelledId]: "skipped",
      [shippedId]: "fulfilled",
    });
    const row = await loadShipment(harness.pool, SHOP, cancelledId);
    expect([row?.status, row?.packageId]).toEqual(["cancelled", undefined]);
    expect(await harness.ledger(SHOP, cancelledId)).toEqual({ packageIds: [], charges: 0 });
    expect(harness.fake.order(SHOP, `gid://shopify/Order/${cancelledId}`)?.fulfillments).toEqual(
      [],
    );
    expect((await harness.ledger(SHOP, shippedId)).charges).toBe(1);
  });
});
