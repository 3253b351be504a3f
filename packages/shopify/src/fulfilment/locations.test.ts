// One parcel has one sender, and Shopify fulfils the fulfillment orders of
// one location per fulfillmentCreate. An order whose open fulfillment orders
// are assigned to several locations is refused before a parcel is bought;
// and a fulfilment Shopify refuses after the parcel was paid for puts the
// order on "needs attention", whose Retry fulfils it with the same package.
import { beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import { useHarness } from "../test-support/harness.ts";

const harness = useHarness();
const SHOP = "locations-shop.myshopify.com";
let app: ShopifyApp;

beforeAll(async () => {
  app = await harness.app();
  await harness.ready(app, SHOP);
}, 60_000);

const WAREHOUSE = { id: "gid://shopify/Location/2", name: "Warehouse Gdynia" };

describe("an order's fulfillment orders and their locations", () => {
  it("an order split over two locations needs attention and buys no parcel", async () => {
    const order = harness.order(SHOP, 7101);
    harness.fake.moveToLocation(
      SHOP,
      "gid://shopify/Order/7101",
      ["gid://shopify/LineItem/2"],
      WAREHOUSE,
    );
    await harness.deliverPaid(app, SHOP, order);
    const row = await harness.settled(SHOP, "7101", ["fulfilled", "needs_attention"]);
    expect(row.status).toBe("needs_attention");
    expect(row.issues).toEqual([
      expect.objectContaining({ path: "order.fulfillment_orders", rule: "several_locations" }),
    ]);
    expect(await harness.ledger(SHOP, "7101")).toEqual({ packageIds: [], charges: 0 });
    const [listed] = await app.merchant(SHOP).orders({ language: "pl" });
    expect(listed?.problems[0]?.message).toContain("Warehouse Gdynia");
    expect(
      harness.fake.calls.some((call) => call.shop === SHOP && call.name === "FulfillmentCreate"),
    ).toBe(false);
  });

  it("a fulfilment refused after the parcel was paid needs attention; Retry fulfils it once", async () => {
    const order = harness.order(SHOP, 7102);
    // While the app writes the fulfilment, the merchant fulfils one line by hand.
    const held = harness.fake.holdNext("FulfillmentCreate");
    await harness.deliverPaid(app, SHOP, order);
    await held.reached;
    const fake = harness.fake.order(SHOP, "gid://shopify/Order/7102");
    const line = fake?.fulfillmentOrders[0]?.lineItems[0];
    if (!line) throw new Error("the order has no fulfillment order line");
    line.remainingQuantity = 0;
    held.release();

    const row = await harness.settled(SHOP, "7102", ["fulfilled", "needs_attention"]);
    expect(row.status).toBe("needs_attention");
    expect(row.issues).toEqual([
      expect.objectContaining({ path: "order.fulfillment", rule: "fulfilment_refused" }),
    ]);
    expect(row.packageId).toBeDefined();
    expect((await harness.ledger(SHOP, "7102")).charges).toBe(1);

    await app.merchant(SHOP).ship("7102");
    expect((await harness.settled(SHOP, "7102", ["fulfilled"])).status).toBe("fulfilled");
    expect(fake?.fulfillments).toHaveLength(1);
    const ledger = await harness.ledger(SHOP, "7102");
    expect(ledger.packageIds).toHaveLength(1);
    expect(ledger.charges).toBe(1);
  });

  it("an order fulfilled by hand while it needed attention buys no parcel on its update", async () => {
    const order = harness.order(SHOP, 7103);
    harness.fake.moveToLocation(
      SHOP,
      "gid://shopify/Order/7103",
      ["gid://shopify/LineItem/2"],
      WAREHOUSE,
    );
    await harness.deliverPaid(app, SHOP, order);
    expect((await harness.settled(SHOP, "7103", ["fulfilled", "needs_attention"])).status).toBe(
      "needs_attention",
    );
    // The merchant ships both parts by hand in Shopify: every fulfillment order closes.
    for (const fulfillmentOrder of harness.fake.order(SHOP, "gid://shopify/Order/7103")
      ?.fulfillmentOrders ?? []) {
      for (const line of fulfillmentOrder.lineItems) line.remainingQuantity = 0;
      fulfillmentOrder.status = "CLOSED";
    }
    expect((await harness.deliver(app, SHOP, "orders/updated", order)).status).toBe(200);
    await harness.waitForInbox(SHOP, "7103");
    const row = await harness.settled(SHOP, "7103", ["fulfilled", "needs_attention"]);
    expect(row.issues).toEqual([
      expect.objectContaining({ path: "order.fulfillment_orders", rule: "fulfilled_elsewhere" }),
    ]);
    expect(await harness.ledger(SHOP, "7103")).toEqual({ packageIds: [], charges: 0 });
    const [listed] = await app.merchant(SHOP).orders({ language: "en" });
    expect(listed?.problems[0]?.message).toContain("outside the app");
  });
});
