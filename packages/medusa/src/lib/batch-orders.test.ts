// What of an order a batch ships: one group per shipping method of this
// plugin, with the lines Medusa's fulfillment workflow accepts together for
// that method (its shipping profile's lines that need shipping); and, on a
// real PostgreSQL, a batch's paid attempt of such a group handed to the
// admin's fulfilment of the same lines by hand, instead of holding lines
// Medusa would never fulfil with it.
import { describe, expect, it } from "vitest";
import { AttemptLedger, batchFulfillmentId, batchShipmentKey } from "./attempt-ledger.ts";
import { shipmentGroups } from "./batch-orders.ts";
import { lineQuantities, orderedLines, shipmentSignature } from "./shipment-items.ts";

const databaseUrl = process.env["SHIPBRIDGE_TEST_TOKENS_DATABASE_URL"] ?? "";

function line(id: string, profile: string | undefined, quantity = 1, options = {}) {
  return {
    id,
    title: id,
    quantity,
    requires_shipping: true,
    detail: { quantity, fulfilled_quantity: 0 },
    variant: profile === undefined ? null : { product: { shipping_profile: { id: profile } } },
    ...options,
  };
}

/** An order of a mug and a pallet (two profiles, each shipped by this plugin), an e-book and a custom item. */
const ORDER = {
  id: "order_MIX",
  items: [
    line("li_MUG", "sp_parcels", 2),
    line("li_EBOOK", undefined, 1, { requires_shipping: false }),
    line("li_PALLET", "sp_pallets"),
    line("li_GIFT", undefined),
    line("li_SOFA", "sp_furniture"),
    line("li_DONE", "sp_parcels", 1, { detail: { quantity: 1, fulfilled_quantity: 1 } }),
  ],
  shipping_methods: [
    { id: "sm_FURNITURE", shipping_option_id: "so_manual", data: {} },
    { id: "sm_PARCELS", shipping_option_id: "so_dpd", data: { service: "dpd" } },
    { id: "sm_PALLETS", shipping_option_id: "so_dpd_pallets", data: { service: "dpd" } },
  ],
};
/** This plugin's options among the order's, with their shipping profiles. */
const OURS = new Map([
  ["so_dpd", "sp_parcels"],
  ["so_dpd_pallets", "sp_pallets"],
]);

describe("shipmentGroups", () => {
  it("gives each method of this plugin its profile's lines that need shipping, and nothing else", () => {
    const groups = shipmentGroups(ORDER, OURS);
    expect(
      groups.map((group) => ({
        method: group.methodId,
        option: group.optionId,
        lines: group.items.map((item) => [item["line_item_id"], item["quantity"]]),
      })),
    ).toEqual([
      // A line of no product (a custom item) goes with the first group.
      {
        method: "sm_PARCELS",
        option: "so_dpd",
        lines: [
          ["li_MUG", 2],
          ["li_GIFT", 1],
        ],
      },
      { method: "sm_PALLETS", option: "so_dpd_pallets", lines: [["li_PALLET", 1]] },
    ]);
  });

  it("an order with no method of this plugin has no group", () => {
    expect(shipmentGroups(ORDER, new Map())).toEqual([]);
  });
});

describe("a batch's attempt of one group", () => {
  it("is taken over by the admin's fulfilment of the same lines, not left unsettled", async () => {
    const ledger = new AttemptLedger(databaseUrl);
    try {
      const [group] = shipmentGroups(ORDER, OURS);
      if (group === undefined) throw new Error("no group");
      const order = orderedLines(ORDER) ?? {};
      const standIn = batchFulfillmentId("sbbat_MIX", ORDER.id, group.methodId);
      const key = await ledger.begin({
        storeId: "groups-store",
        orderId: ORDER.id,
        signature: shipmentSignature("shipment", group.items),
        fulfillmentId: standIn,
        fresh: batchShipmentKey("sbbat_MIX", ORDER.id, group.methodId),
        lines: lineQuantities(group.items),
        order,
        wait: false,
      });
      await ledger.shipped(key, 4242, standIn);
      // What Medusa accepts for that method: the same lines, in one fulfilment.
      const byHand = [
        { line_item_id: "li_MUG", quantity: 2 },
        { line_item_id: "li_GIFT", quantity: 1 },
      ];
      const taken = await ledger.begin({
        storeId: "groups-store",
        orderId: ORDER.id,
        signature: shipmentSignature("shipment", byHand),
        fulfillmentId: "ful_HAND",
        fresh: "order_MIX-hand",
        lines: lineQuantities(byHand),
        order,
      });
      expect(taken).toBe(key);
      // The other profile's line is free for its own fulfilment.
      const pallet = [{ line_item_id: "li_PALLET", quantity: 1 }];
      const own = await ledger.begin({
        storeId: "groups-store",
        orderId: ORDER.id,
        signature: shipmentSignature("shipment", pallet),
        fulfillmentId: "ful_PALLET",
        fresh: "order_MIX-pallet",
        lines: lineQuantities(pallet),
        order,
      });
      expect(own).toBe("order_MIX-pallet");
    } finally {
      await ledger.close();
    }
  });
});
