// Shipments begun before parcels were per fulfillment order (a whole-order
// row, its fulfillment order ''), end to end: such an order is not bought
// while part of it is on hold (its parcel would hold the held goods, and the
// held fulfillment order would never be fulfilled), only once released; and a cancelled
// fulfillment order of it puts its bought package before the merchant
// instead of making a row of its own beside it.
import { beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import { loadOrderShipments } from "../store/shipments.ts";
import { adminCall, HOLD, RELEASE_HOLD } from "../test-support/admin-call.ts";
import { eventually } from "../test-support/eventually.ts";
import { useHarness } from "../test-support/harness.ts";

const harness = useHarness();
const SHOP = "whole-order-rows.myshopify.com";
const TWO = { fulfillmentOrders: [{ lineItemIds: [1] }, { lineItemIds: [2] }] };
let app: ShopifyApp;

beforeAll(async () => {
  app = await harness.app();
  await harness.ready(app, SHOP, { shipOn: "manual" });
}, 60_000);

/** A row as the app made them before shipments were per fulfillment order. */
async function wholeOrderRow(id: number, status: string, packageId: number | null = null) {
  await harness.pool.query(
    `INSERT INTO shipbridge_shopify_shipments
       (shop, order_id, fulfillment_order_id, order_gid, order_name, status, package_id)
     VALUES ($1, $2, '', $3, $4, $5, $6)`,
    [SHOP, String(id), `gid://shopify/Order/${id}`, `#${id}`, status, packageId],
  );
}

describe("whole-order rows", () => {
  it("part of the order on hold: bought once released, and fulfilled whole", async () => {
    const order = harness.order(SHOP, 9401, {}, TWO);
    await wholeOrderRow(9401, "waiting");
    const [a, b] = harness.fake.order(SHOP, "gid://shopify/Order/9401")?.fulfillmentOrders ?? [];
    await adminCall(harness.fake, SHOP, HOLD, { id: b?.id, hold: { reason: "OTHER" } });
    expect((await harness.deliver(app, SHOP, "orders/create", order)).status).toBe(200);
    const reads = () =>
      harness.fake.calls.filter((call) => call.shop === SHOP && call.name === "ShopOrder").length;
    const before = reads();
    await app.merchant(SHOP).ship("9401");
    await eventually(async () => reads() > before, "the order read");
    await adminCall(harness.fake, SHOP, RELEASE_HOLD, { id: b?.id });
    await app.merchant(SHOP).ship("9401");
    expect((await harness.settled(SHOP, "9401", ["fulfilled", "needs_attention"])).status).toBe(
      "fulfilled",
    );
    // One parcel for the whole order, and both fulfillment orders fulfilled by it.
    expect((await harness.ledger(SHOP, "9401")).charges).toBe(1);
    expect([a?.status, b?.status]).toEqual(["CLOSED", "CLOSED"]);
    const rows = await loadOrderShipments(harness.pool, SHOP, "9401");
    expect(rows.map((row) => row.fulfillmentOrderId)).toEqual([""]);
  });

  it("a fulfillment order cancelled: the bought whole-order package needs attention", async () => {
    harness.order(SHOP, 9402, {}, TWO);
    await wholeOrderRow(9402, "shipped", 424242);
    const [a] = harness.fake.order(SHOP, "gid://shopify/Order/9402")?.fulfillmentOrders ?? [];
    if (!a) throw new Error("the order has no fulfillment order");
    for (const line of a.lineItems) line.remainingQuantity = 0;
    a.status = "CANCELLED";
    const delivered = await harness.deliver(app, SHOP, "fulfillment_orders/cancelled", {
      fulfillment_order: { id: a.id, status: "cancelled" },
    });
    expect(delivered.status).toBe(200);
    await eventually(
      async () =>
        (await loadOrderShipments(harness.pool, SHOP, "9402")).some(
          (row) => row.status === "needs_attention",
        ),
      "the whole-order row",
    );
    const rows = await loadOrderShipments(harness.pool, SHOP, "9402");
    expect(rows.map((row) => [row.fulfillmentOrderId, row.status, row.packageId])).toEqual([
      ["", "needs_attention", 424242],
    ]);
  });
});
