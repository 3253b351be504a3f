// Orders with many lines: a fulfillment order's lines past the first page
// are read page by page (each query under Shopify's cost limit), so an order
// of 60 lines ships whole, with every unit's weight; one of more than 100
// lines (more than the app reads) needs attention, never ships without some.
import { beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import type { ShopifyLineItem } from "../mapping/shopify-order.ts";
import { useHarness } from "../test-support/harness.ts";

const harness = useHarness();
const SHOP = "large-orders-shop.myshopify.com";
let app: ShopifyApp;

beforeAll(async () => {
  app = await harness.app();
  await harness.ready(app, SHOP);
}, 60_000);

function lines(count: number): ShopifyLineItem[] {
  return Array.from({ length: count }, (_, index) => ({
    id: 10_000 + index,
    sku: `SKU-${index}`,
    name: `Item ${index}`,
    title: `Item ${index}`,
    quantity: 1,
    current_quantity: 1,
    grams: 50,
    price: "1.00",
    requires_shipping: true,
  }));
}

describe("an order with many lines", () => {
  it("ships an order of 60 lines whole, every line fulfilled", async () => {
    const order = harness.order(SHOP, 7301, { line_items: lines(60) });
    await harness.deliverPaid(app, SHOP, order);
    const row = await harness.settled(SHOP, "7301", ["fulfilled", "needs_attention"]);
    expect(row.issues).toEqual([]);
    expect(row.status).toBe("fulfilled");
    const fake = harness.fake.order(SHOP, "gid://shopify/Order/7301");
    expect(fake?.fulfillments[0]?.lineItems).toHaveLength(60);
    // Every unit's weight was read: 60 × 50 g.
    const client = await harness.serviceClient();
    const shipped = await client.packages.get(row.packageId as number);
    const weight = (shipped.parcels ?? []).reduce((sum, parcel) => sum + (parcel.weight ?? 0), 0);
    expect(weight).toBeCloseTo(3, 1);
    expect(
      harness.fake.calls.filter(
        (call) =>
          call.shop === SHOP && call.name === "FulfillmentOrderLines" && call.status === 200,
      ).length,
    ).toBeGreaterThan(0);
  });

  it("an order of more than 100 lines needs attention, with a message that says so", async () => {
    const order = harness.order(SHOP, 7302, { line_items: lines(101) });
    await harness.deliverPaid(app, SHOP, order);
    const row = await harness.settled(SHOP, "7302", ["fulfilled", "needs_attention"]);
    expect(row.status).toBe("needs_attention");
    expect(row.issues).toEqual([
      expect.objectContaining({
        path: "order.line_items",
        rule: "order_too_large",
        message: expect.stringContaining("100"),
      }),
    ]);
    expect(await harness.ledger(SHOP, "7302")).toEqual({ packageIds: [], charges: 0 });
  });
});
