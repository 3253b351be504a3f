// Which fulfillment orders of an order are parcels the app ships, as a
// table: open or in progress, no hold, a line left, shipped or sent to a
// pickup point; each parcel with its own lines at their remaining
// quantities, its name numbered when the order has several, and its value
// its own lines' when it is one of several.
import { describe, expect, it } from "vitest";
import type { AdminFulfillmentOrder, AdminOrder } from "./admin-order.ts";
import {
  fulfillmentOrderParcels,
  heldFulfillmentOrders,
  isShippable,
  wholeOrderParcel,
} from "./fulfillment-orders.ts";
import type { ShopifyOrder } from "./shopify-order.ts";

function fulfillmentOrder(
  id: number,
  overrides: Partial<AdminFulfillmentOrder> = {},
  lines: [string, number][] = [["gid://shopify/LineItem/1", 2]],
): AdminFulfillmentOrder {
  return {
    id: `gid://shopify/FulfillmentOrder/${id}`,
    status: "OPEN",
    deliveryMethod: { methodType: "SHIPPING" },
    fulfillmentHolds: [],
    assignedLocation: { name: "Shop location" },
    lineItems: {
      nodes: lines.map(([lineItem, remaining], index) => ({
        id: `gid://shopify/FulfillmentOrderLineItem/${id}${index}`,
        remainingQuantity: remaining,
        lineItem: { id: lineItem },
        weight: { unit: "GRAMS", value: 400 },
      })),
    },
    ...overrides,
  };
}

const held: ShopifyOrder = {
  id: "42",
  name: "#1042",
  total_price: "100.00",
  subtotal_price: "90.00",
  total_outstanding: "100.00",
  line_items: [
    { id: "gid://shopify/LineItem/1", name: "Mug", sku: "MUG", quantity: 3, price: "20.00" },
    { id: "gid://shopify/LineItem/2", name: "Book", sku: "BOOK", quantity: 1, price: "30.00" },
  ],
};

function order(nodes: AdminFulfillmentOrder[]): AdminOrder {
  return { fulfillmentOrders: { nodes } } as unknown as AdminOrder;
}

describe("the parcels of an order", () => {
  it.each([
    ["open", {}, true],
    ["in progress", { status: "IN_PROGRESS" }, true],
    ["on hold", { status: "ON_HOLD" }, false],
    ["open with a hold", { fulfillmentHolds: [{ id: "gid://shopify/FulfillmentHold/1" }] }, false],
    ["closed", { status: "CLOSED" }, false],
    ["cancelled", { status: "CANCELLED" }, false],
    ["scheduled", { status: "SCHEDULED" }, false],
    ["to a pickup point", { deliveryMethod: { methodType: "PICKUP_POINT" } }, true],
    ["picked up in store", { deliveryMethod: { methodType: "PICK_UP" } }, false],
    ["delivered locally", { deliveryMethod: { methodType: "LOCAL" } }, false],
  ] as const)("a fulfillment order %s: shipped %s", (_, overrides, shipped) => {
    expect(isShippable(fulfillmentOrder(1, overrides))).toBe(shipped);
  });

  it("nothing left to fulfil is no parcel", () => {
    expect(isShippable(fulfillmentOrder(1, {}, [["gid://shopify/LineItem/1", 0]]))).toBe(false);
  });

  it("two locations are two parcels, each its lines, numbered, valued by its lines", () => {
    const parcels = fulfillmentOrderParcels(
      order([
        fulfillmentOrder(7, {}, [["gid://shopify/LineItem/1", 2]]),
        fulfillmentOrder(8, { assignedLocation: { name: "Warehouse" } }, [
          ["gid://shopify/LineItem/2", 1],
        ]),
      ]),
      held,
    );
    expect(parcels.map((parcel) => [parcel.shipId, parcel.name, parcel.location])).toEqual([
      ["7", "#1042 (1/2)", "Shop location"],
      ["8", "#1042 (2/2)", "Warehouse"],
    ]);
    expect(parcels[0]?.lines).toEqual([
      {
        fulfillmentOrderId: "gid://shopify/FulfillmentOrder/7",
        fulfillmentOrderLineItems: [
          { id: "gid://shopify/FulfillmentOrderLineItem/70", quantity: 2 },
        ],
      },
    ]);
    expect(parcels[0]?.order).toMatchObject({
      id: "7",
      name: "#1042 (1/2)",
      total_price: "40.00",
      total_outstanding: "0.00",
      line_items: [expect.objectContaining({ name: "Mug", current_quantity: 2 })],
    });
    expect(parcels[1]?.order.line_items).toEqual([
      expect.objectContaining({ name: "Book", current_quantity: 1 }),
    ]);
  });

  it("one fulfillment order keeps the order's name and totals", () => {
    const [parcel] = fulfillmentOrderParcels(order([fulfillmentOrder(7)]), held);
    expect(parcel?.order).toMatchObject({ id: "7", name: "#1042", total_price: "100.00" });
  });

  it("a held one is not a parcel but waits; the whole order of a row begun before is one parcel", () => {
    const admin = order([fulfillmentOrder(7), fulfillmentOrder(8, { status: "ON_HOLD" })]);
    expect(fulfillmentOrderParcels(admin, held).map((parcel) => parcel.shipId)).toEqual(["7"]);
    expect(heldFulfillmentOrders(admin).map((fo) => fo.id)).toEqual([
      "gid://shopify/FulfillmentOrder/8",
    ]);
    const whole = wholeOrderParcel(admin, held);
    expect([whole.fulfillmentOrderId, whole.shipId, whole.name]).toEqual(["", "42", "#1042"]);
    expect(whole.lines.map((group) => group.fulfillmentOrderId)).toEqual([
      "gid://shopify/FulfillmentOrder/7",
    ]);
  });
});
