// A batch of orders from two locations, end to end (a real app, the sandbox
// over HTTP, FakeShopify): one batch has one sender, so a parcel from
// another location is bought on its own, from that location's address, and
// the batch's other parcels ship from the shop's sender as before.
import { beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import { loadOrderShipments } from "../store/shipments.ts";
import { eventually } from "../test-support/eventually.ts";
import { useHarness } from "../test-support/harness.ts";
import { SAMPLE_SENDER } from "../testing/orders.ts";

const harness = useHarness();
const SHOP = "batch-locations-shop.myshopify.com";
const WAREHOUSE = {
  id: "gid://shopify/Location/2",
  name: "Warehouse Gdynia",
  address: { address1: "ul. Portowa 7", city: "Gdynia", zip: "81-337", countryCode: "PL" },
};
let app: ShopifyApp;

beforeAll(async () => {
  app = await harness.app();
  await harness.ready(app, SHOP, { shipOn: "manual", language: "en_GB" });
}, 60_000);

describe("a batch with parcels from two locations", () => {
  it("buys each parcel from its own location's address", async () => {
    const two = {
      fulfillmentOrders: [{ lineItemIds: [1] }, { lineItemIds: [2], location: WAREHOUSE }],
    };
    await harness.deliverPaid(app, SHOP, harness.order(SHOP, 8811, {}, two));
    await harness.deliverPaid(app, SHOP, harness.order(SHOP, 8812));
    for (const id of ["8811", "8812"]) await harness.settled(SHOP, id, ["waiting"]);
    const merchant = app.merchant(SHOP);
    const batchId = (await merchant.shipBatch(["8811", "8812"], { key: "locations" }))?.id ?? "";
    await eventually(
      async () => (await merchant.batch(batchId))?.status === "done",
      "the batch",
      600,
    );
    const outcomes = (await merchant.batch(batchId))?.orders.map((o) => [o.orderId, o.outcome]);
    expect(Object.fromEntries(outcomes ?? [])).toEqual({ 8811: "fulfilled", 8812: "fulfilled" });
    const client = await harness.serviceClient();
    const streets = [];
    for (const id of ["8811", "8812"]) {
      for (const row of await loadOrderShipments(harness.pool, SHOP, id)) {
        const { sender } = await client.packages.get(row.packageId as number);
        streets.push([row.orderName, sender?.street, sender?.city]);
      }
    }
    expect(streets).toEqual([
      ["#8811 (1/2)", SAMPLE_SENDER.street, SAMPLE_SENDER.city],
      ["#8811 (2/2)", "ul. Portowa 7", "Gdynia"],
      ["#8812", SAMPLE_SENDER.street, SAMPLE_SENDER.city],
    ]);
    expect((await harness.ledger(SHOP, "8811")).charges).toBe(2);
  });
});
