// Tracking of an order shipped in two parcels (two fulfillment orders): each
// parcel's tracking goes to its own fulfilment, and each fulfilment gets its
// own delivery statuses, so the second parcel is not taken for the first.
import { beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import { loadOrderShipments } from "../store/shipments.ts";
import { useHarness } from "../test-support/harness.ts";

const harness = useHarness();
const SHOP = "fo-tracking-shop.myshopify.com";
const WAREHOUSE = {
  id: "gid://shopify/Location/2",
  name: "Warehouse Gdynia",
  address: { address1: "ul. Portowa 7", city: "Gdynia", zip: "81-337", countryCode: "PL" },
};
let app: ShopifyApp;

beforeAll(async () => {
  app = await harness.app();
  await harness.ready(app, SHOP);
  // No pushes: the reconcile pass carries tracking.
  await (await harness.serviceClient()).account.deleteTrackingWebhook();
}, 60_000);

describe("tracking of an order in two parcels", () => {
  it("gives each fulfilment its own parcel's tracking and delivery status", async () => {
    const order = harness.order(
      SHOP,
      9801,
      {},
      {
        fulfillmentOrders: [{ lineItemIds: [1] }, { lineItemIds: [2], location: WAREHOUSE }],
      },
    );
    await harness.deliverPaid(app, SHOP, order);
    await harness.settled(SHOP, "9801", ["fulfilled"]);
    await harness.sandbox.control("/clock/advance", { seconds: 3 * 24 * 3600 });
    expect(await app.reconcileTracking()).toBeGreaterThan(0);

    const rows = await loadOrderShipments(harness.pool, SHOP, "9801");
    expect(rows.map((row) => row.trackingState)).toEqual(["delivered", "delivered"]);
    const fake = harness.fake.order(SHOP, "gid://shopify/Order/9801");
    for (const row of rows) {
      const fulfillment = fake?.fulfillments.find((f) => f.id === row.fulfillmentId);
      expect(fulfillment?.trackingInfo.map((info) => info.number)).toEqual([
        row.tracking?.numbers[0],
      ]);
      expect(fulfillment?.events.map((event) => event.status)).toEqual(["DELIVERED"]);
    }
  });
});
