// The fulfillment_orders/* deliveries, end to end (a real app, the sandbox
// over HTTP, the fake Admin API): a fulfillment order on hold is not
// shipped until hold_released; moved, split and merged re-read the order's
// fulfillment orders (a shipment whose fulfillment order went away before it
// was bought is dropped); cancelled cancels the package it was bought with;
// and a body naming a fulfillment order the shop does not have is refused.
import { beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import { numericId } from "../mapping/fulfillment-orders.ts";
import { loadOrderShipments, loadShipment } from "../store/shipments.ts";
import { adminCall, HOLD, MERGE, MOVE, RELEASE_HOLD, SPLIT } from "../test-support/admin-call.ts";
import { eventually } from "../test-support/eventually.ts";
import { useHarness } from "../test-support/harness.ts";
import { cancelCommandId } from "./cancel-shipment.ts";

const harness = useHarness();
const SHOP = "fo-events-shop.myshopify.com";
const MANUAL = "fo-events-manual.myshopify.com";
const WAREHOUSE = {
  id: "gid://shopify/Location/2",
  name: "Warehouse Gdynia",
  address: { address1: "ul. Portowa 7", city: "Gdynia", zip: "81-337", countryCode: "PL" },
};
let app: ShopifyApp;

beforeAll(async () => {
  app = await harness.app();
  await harness.ready(app, SHOP);
  await harness.ready(app, MANUAL, { shipOn: "manual" });
  harness.fake.addLocation(MANUAL, WAREHOUSE);
}, 60_000);

const gid = (id: number) => `gid://shopify/Order/${id}`;
const fulfillmentOrders = (shop: string, id: number) =>
  harness.fake.order(shop, gid(id))?.fulfillmentOrders ?? [];

async function deliver(shop: string, topic: string, payload: unknown): Promise<void> {
  expect((await harness.deliver(app, shop, topic, payload)).status).toBe(200);
}

/** Waits until every delivery of the shop stored so far has been processed. */
async function drained(shop: string): Promise<void> {
  await eventually(
    async () =>
      (await harness.count("shipbridge_shopify_inbox WHERE shop = $1 AND processed_at IS NULL", [
        shop,
      ])) === 0,
    "the deliveries",
  );
}

describe("fulfillment_orders/* deliveries", () => {
  it("a fulfillment order on hold is not shipped; hold_released ships it once", async () => {
    const order = harness.order(SHOP, 8101);
    const [fulfillmentOrder] = fulfillmentOrders(SHOP, 8101);
    const held = await adminCall(harness.fake, SHOP, HOLD, {
      id: fulfillmentOrder?.id,
      hold: { reason: "INCORRECT_ADDRESS", handle: "check-address" },
    });
    expect(held.data?.fulfillmentOrderHold.userErrors).toEqual([]);
    await deliver(SHOP, "fulfillment_orders/placed_on_hold", {
      fulfillment_order: { id: fulfillmentOrder?.id, status: "on_hold" },
    });
    await harness.deliverPaid(app, SHOP, order);
    await drained(SHOP);
    expect((await loadShipment(harness.pool, SHOP, "8101"))?.status).toBe("waiting");
    expect(await harness.ledger(SHOP, "8101")).toEqual({ packageIds: [], charges: 0 });

    const holdId = held.data?.fulfillmentOrderHold.fulfillmentHold.id;
    await adminCall(harness.fake, SHOP, RELEASE_HOLD, {
      id: fulfillmentOrder?.id,
      holdIds: [holdId],
    });
    const released = { fulfillment_order: { id: fulfillmentOrder?.id, status: "open" } };
    // Delivered twice (Shopify delivers at least once): one parcel.
    await deliver(SHOP, "fulfillment_orders/hold_released", released);
    await deliver(SHOP, "fulfillment_orders/hold_released", released);
    expect((await harness.settled(SHOP, "8101", ["fulfilled", "needs_attention"])).status).toBe(
      "fulfilled",
    );
    await drained(SHOP);
    expect((await harness.ledger(SHOP, "8101")).charges).toBe(1);
    expect(harness.fake.order(SHOP, gid(8101))?.fulfillments).toHaveLength(1);
  });

  it("a hold on one of two fulfillment orders ships the other alone", async () => {
    const order = harness.order(
      SHOP,
      8102,
      {},
      {
        fulfillmentOrders: [{ lineItemIds: [1] }, { lineItemIds: [2], location: WAREHOUSE }],
      },
    );
    const [mugs, book] = fulfillmentOrders(SHOP, 8102);
    await adminCall(harness.fake, SHOP, HOLD, { id: book?.id, hold: { reason: "OTHER" } });
    await harness.deliverPaid(app, SHOP, order);
    await drained(SHOP);
    await eventually(
      async () =>
        (
          await loadShipment(harness.pool, SHOP, {
            orderId: "8102",
            fulfillmentOrderId: numericId(mugs?.id ?? ""),
          })
        )?.status === "fulfilled",
      "the open fulfillment order's parcel",
    );
    const rows = await loadOrderShipments(harness.pool, SHOP, "8102");
    expect(rows.map((row) => row.status)).toEqual(["fulfilled", "waiting"]);
    expect(mugs?.status).toBe("CLOSED");
    expect(book?.status).toBe("ON_HOLD");
    expect((await harness.ledger(SHOP, "8102")).charges).toBe(1);
  });

  it("moved, split and merged re-read the order: shipments not bought follow its fulfillment orders", async () => {
    const order = harness.order(MANUAL, 8201);
    await harness.deliverPaid(app, MANUAL, order);
    await harness.settled(MANUAL, "8201", ["waiting"]);
    const [original] = fulfillmentOrders(MANUAL, 8201);
    const bookLine = original?.lineItems[1]?.id as string;
    // The book moves to the warehouse: a new fulfillment order, listed as waiting too.
    const moved = await adminCall(harness.fake, MANUAL, MOVE, {
      id: original?.id,
      to: WAREHOUSE.id,
      lines: [{ id: bookLine, quantity: 1 }],
    });
    const target = moved.data?.fulfillmentOrderMove.movedFulfillmentOrder;
    await deliver(MANUAL, "fulfillment_orders/moved", {
      original_fulfillment_order: { id: original?.id },
      moved_fulfillment_order: { id: target.id },
      destination_location_id: 2,
    });
    await drained(MANUAL);
    const ids = () =>
      loadOrderShipments(harness.pool, MANUAL, "8201").then((rows) =>
        rows.map((row) => [row.fulfillmentOrderId, row.status, row.orderName]),
      );
    expect(await ids()).toEqual([
      [numericId(original?.id ?? ""), "waiting", "#8201 (1/2)"],
      [numericId(target.id), "waiting", "#8201 (2/2)"],
    ]);
    // Two mugs split off, then merged back: the split-off one goes away with its row.
    const mugLine = original?.lineItems[0]?.id as string;
    const split = await adminCall(harness.fake, MANUAL, SPLIT, {
      splits: [
        {
          fulfillmentOrderId: original?.id,
          fulfillmentOrderLineItems: [{ id: mugLine, quantity: 2 }],
        },
      ],
    });
    const carved =
      split.data?.fulfillmentOrderSplit.fulfillmentOrderSplits[0].remainingFulfillmentOrder;
    await deliver(MANUAL, "fulfillment_orders/split", {
      fulfillment_order: { id: original?.id },
      remaining_fulfillment_order: { id: carved.id },
    });
    await drained(MANUAL);
    expect((await ids()).map(([id]) => id)).toContain(numericId(carved.id));
    await adminCall(harness.fake, MANUAL, MERGE, {
      inputs: [
        { mergeIntents: [{ fulfillmentOrderId: original?.id }, { fulfillmentOrderId: carved.id }] },
      ],
    });
    await deliver(MANUAL, "fulfillment_orders/merged", {
      fulfillment_order: { id: original?.id },
      merge_intents: [
        { fulfillment_order_id: Number(numericId(original?.id ?? "")) },
        { fulfillment_order_id: Number(numericId(carved.id)) },
      ],
    });
    await drained(MANUAL);
    // Shopify makes a new fulfillment order of a merge: the merged ones' rows go with them.
    const mergedInto = fulfillmentOrders(MANUAL, 8201).at(-1);
    expect(mergedInto?.status).toBe("OPEN");
    expect((await ids()).map(([id]) => id)).toEqual(
      [numericId(target.id), numericId(mergedInto?.id ?? "")].sort(),
    );
    // Shipped by hand now: one parcel per fulfillment order, each once.
    await app.merchant(MANUAL).ship("8201");
    await harness.settled(MANUAL, "8201", ["fulfilled"], 300);
    expect(await harness.ledger(MANUAL, "8201")).toEqual({
      packageIds: [expect.any(Number), expect.any(Number)],
      charges: 2,
    });
    const fake = harness.fake.order(MANUAL, gid(8201));
    expect(fake?.fulfillments.map((f) => f.lineItems)).toEqual(
      expect.arrayContaining([
        [{ id: mergedInto?.lineItems[0]?.id, quantity: 3 }],
        [{ id: target.lineItems?.nodes?.[0]?.id ?? expect.any(String), quantity: 1 }],
      ]),
    );
  });

  it("cancelled cancels the package a fulfillment order was bought with, not fulfilled", async () => {
    const order = harness.order(SHOP, 8301);
    const [fulfillmentOrder] = fulfillmentOrders(SHOP, 8301);
    // The parcel is bought; Shopify fails the fulfilment; this instance stops.
    harness.fake.failNext("FulfillmentCreate");
    const first = await harness.app();
    await harness.deliverPaid(first, SHOP, order);
    await harness.settled(SHOP, "8301", ["shipped", "needs_attention", "fulfilled"]);
    await eventually(
      async () =>
        harness.fake.calls.some(
          (call) => call.shop === SHOP && call.name === "FulfillmentCreate" && call.status === 503,
        ),
      "the failed fulfilment",
    );
    await first.close();
    // Shopify cancels it (as it does a merchant-managed one's, with its order's line items).
    if (!fulfillmentOrder) throw new Error("the order has no fulfillment order");
    for (const line of fulfillmentOrder.lineItems) line.remainingQuantity = 0;
    fulfillmentOrder.status = "CANCELLED";
    await deliver(SHOP, "fulfillment_orders/cancelled", {
      fulfillment_order: { id: fulfillmentOrder?.id, status: "cancelled" },
    });
    const row = await harness.settled(SHOP, "8301", ["cancelled", "cancelled_after_order"], 300);
    expect(row.status).toBe("cancelled");
    const service = await harness.serviceClient();
    expect((await service.packages.get(row.packageId as number)).state).toBe("canceled");
    const command = await service.cancelCommands.get(
      cancelCommandId(SHOP, "8301", numericId(fulfillmentOrder?.id ?? "")),
    );
    expect(command.successfully_canceled_packages).toEqual([
      expect.objectContaining({ package_id: row.packageId }),
    ]);
    expect(harness.fake.order(SHOP, gid(8301))?.fulfillments).toEqual([]);
    expect((await harness.ledger(SHOP, "8301")).packageIds).toHaveLength(1);
  });

  it("refuses a body naming a fulfillment order the shop does not have", async () => {
    await deliver(SHOP, "fulfillment_orders/hold_released", {
      fulfillment_order: { id: "gid://shopify/FulfillmentOrder/987654321" },
    });
    await drained(SHOP);
    expect(
      await harness.count(
        "shipbridge_shopify_inbox WHERE shop = $1 AND topic = $2 AND refused = 'unknown_order'",
        [SHOP, "fulfillment_orders/hold_released"],
      ),
    ).toBe(1);
  });
});
