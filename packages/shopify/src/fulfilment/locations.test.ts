// Shipments are keyed on fulfillment orders: an order whose items ship from
// two locations has two, and becomes two parcels, each with its own
// fulfillment order's lines and weight, its name the order's with its place
// (`#7101 (1/2)`), each fulfilled with exactly its lines; a partly
// fulfilled one ships what remains. A fulfilment Shopify refuses after the
// parcel was paid for puts the shipment on "needs attention", whose Retry
// fulfils it with the same package; an order fulfilled by hand before it was
// shipped buys nothing.
import { beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import { loadOrderShipments } from "../store/shipments.ts";
import { adminCall, CREATE_FULFILLMENT } from "../test-support/admin-call.ts";
import { useHarness } from "../test-support/harness.ts";
import { SAMPLE_SENDER } from "../testing/orders.ts";

const harness = useHarness();
const SHOP = "locations-shop.myshopify.com";
let app: ShopifyApp;

beforeAll(async () => {
  app = await harness.app();
  await harness.ready(app, SHOP);
}, 60_000);

const WAREHOUSE = {
  id: "gid://shopify/Location/2",
  name: "Warehouse Gdynia",
  address: { address1: "ul. Portowa 7", city: "Gdynia", zip: "81-337", countryCode: "PL" },
};
const TWO_LOCATIONS = {
  fulfillmentOrders: [{ lineItemIds: [1] }, { lineItemIds: [2], location: WAREHOUSE }],
};
/** Two locations whose addresses were never entered in Shopify. */
const UNADDRESSED = {
  fulfillmentOrders: [
    { lineItemIds: [1] },
    { lineItemIds: [2], location: { id: "gid://shopify/Location/3", name: "Store Sopot" } },
  ],
};

async function senderOf(packageId: number) {
  const client = await harness.serviceClient();
  const { sender } = await client.packages.get(packageId);
  return [sender?.name, sender?.street, sender?.postcode, sender?.city];
}

async function parcelWeight(packageId: number): Promise<number> {
  const client = await harness.serviceClient();
  const shipped = await client.packages.get(packageId);
  return (shipped.parcels ?? []).reduce((sum, parcel) => sum + (parcel.weight ?? 0), 0);
}

describe("an order's fulfillment orders and their locations", () => {
  it("an order of two locations is two parcels, each fulfilled with exactly its lines", async () => {
    const order = harness.order(SHOP, 7101, {}, TWO_LOCATIONS);
    await harness.deliverPaid(app, SHOP, order);
    await harness.settled(SHOP, "7101", ["fulfilled", "needs_attention"]);
    const rows = await loadOrderShipments(harness.pool, SHOP, "7101");
    expect(rows.map((row) => [row.orderName, row.status])).toEqual([
      ["#7101 (1/2)", "fulfilled"],
      ["#7101 (2/2)", "fulfilled"],
    ]);
    const fake = harness.fake.order(SHOP, "gid://shopify/Order/7101");
    const [mugs, book] = fake?.fulfillmentOrders ?? [];
    expect(rows.map((row) => row.fulfillmentOrderId)).toEqual(
      harness.fulfillmentOrderIds(SHOP, "7101"),
    );
    // Each fulfilment is exactly one fulfillment order's lines and quantities.
    expect(fake?.fulfillments.map((fulfillment) => fulfillment.lineItems)).toEqual(
      expect.arrayContaining([
        [{ id: mugs?.lineItems[0]?.id, quantity: 3 }],
        [{ id: book?.lineItems[0]?.id, quantity: 1 }],
      ]),
    );
    expect(fake?.fulfillments).toHaveLength(2);
    expect(mugs?.status).toBe("CLOSED");
    expect(book?.status).toBe("CLOSED");
    // Each parcel weighs its own lines: 3 mugs of 400 g, one book of 500 g.
    expect(await parcelWeight(rows[0]?.packageId as number)).toBeCloseTo(1.2, 2);
    expect(await parcelWeight(rows[1]?.packageId as number)).toBeCloseTo(0.5, 2);
    // Each parcel ships from its location: the shop's sender, and the warehouse's address.
    expect(await senderOf(rows[0]?.packageId as number)).toEqual([
      SAMPLE_SENDER.name,
      SAMPLE_SENDER.street,
      SAMPLE_SENDER.postcode,
      SAMPLE_SENDER.city,
    ]);
    expect(await senderOf(rows[1]?.packageId as number)).toEqual([
      SAMPLE_SENDER.name,
      "ul. Portowa 7",
      "81-337",
      "Gdynia",
    ]);
    const ledger = await harness.ledger(SHOP, "7101");
    expect(ledger.packageIds).toHaveLength(2);
    expect(ledger.charges).toBe(2);
    const listed = (await app.merchant(SHOP).orders({ language: "en" })).filter(
      (entry) => entry.orderId === "7101",
    );
    expect(listed).toHaveLength(2);
  });

  it("two locations with no address in Shopify: not shipped from the one sender address", async () => {
    const order = harness.order(SHOP, 7105, {}, UNADDRESSED);
    await harness.deliverPaid(app, SHOP, order);
    const row = await harness.settled(SHOP, "7105", ["fulfilled", "needs_attention"]);
    expect(row.issues).toEqual([expect.objectContaining({ rule: "location_address_missing" })]);
    expect(await harness.ledger(SHOP, "7105")).toEqual({ packageIds: [], charges: 0 });
  });

  it("a partly fulfilled fulfillment order ships what remains, and fulfils that", async () => {
    const order = harness.order(SHOP, 7104);
    const fake = harness.fake.order(SHOP, "gid://shopify/Order/7104");
    const fulfillmentOrder = fake?.fulfillmentOrders[0];
    const mugLine = fulfillmentOrder?.lineItems[0]?.id as string;
    // The merchant sends one of the three mugs by hand first.
    const byHand = await adminCall(harness.fake, SHOP, CREATE_FULFILLMENT, {
      fulfillment: {
        lineItemsByFulfillmentOrder: [
          {
            fulfillmentOrderId: fulfillmentOrder?.id,
            fulfillmentOrderLineItems: [{ id: mugLine, quantity: 1 }],
          },
        ],
      },
    });
    expect(byHand.data?.fulfillmentCreate.userErrors).toEqual([]);
    expect(fulfillmentOrder?.status).toBe("IN_PROGRESS");
    await harness.deliverPaid(app, SHOP, order);
    const row = await harness.settled(SHOP, "7104", ["fulfilled", "needs_attention"]);
    expect(row.status).toBe("fulfilled");
    expect(fake?.fulfillments[1]?.lineItems).toEqual([
      { id: mugLine, quantity: 2 },
      { id: fulfillmentOrder?.lineItems[1]?.id, quantity: 1 },
    ]);
    // Two mugs and the book: 2 × 400 g + 500 g.
    expect(await parcelWeight(row.packageId as number)).toBeCloseTo(1.3, 2);
    expect(fulfillmentOrder?.status).toBe("CLOSED");
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

    // Retry fulfils what is left of the fulfillment order with the same package.
    await app.merchant(SHOP).ship("7102");
    expect((await harness.settled(SHOP, "7102", ["fulfilled"])).status).toBe("fulfilled");
    expect(fake?.fulfillments).toHaveLength(1);
    const ledger = await harness.ledger(SHOP, "7102");
    expect(ledger.packageIds).toHaveLength(1);
    expect(ledger.charges).toBe(1);
  });

  it("an order fulfilled by hand before it was shipped buys no parcel", async () => {
    const order = harness.order(SHOP, 7103, {}, TWO_LOCATIONS);
    // The merchant ships both parts by hand in Shopify: every fulfillment order closes.
    for (const fulfillmentOrder of harness.fake.order(SHOP, "gid://shopify/Order/7103")
      ?.fulfillmentOrders ?? []) {
      for (const line of fulfillmentOrder.lineItems) line.remainingQuantity = 0;
      fulfillmentOrder.status = "CLOSED";
    }
    await harness.deliverPaid(app, SHOP, order);
    const row = await harness.settled(SHOP, "7103", ["fulfilled", "needs_attention"]);
    expect(row.issues).toEqual([
      expect.objectContaining({ path: "order.fulfillment_orders", rule: "fulfilled_elsewhere" }),
    ]);
    expect(await harness.ledger(SHOP, "7103")).toEqual({ packageIds: [], charges: 0 });
    const [listed] = await app.merchant(SHOP).orders({ language: "en" });
    expect(listed?.problems[0]?.message).toContain("outside the app");
  });
});
