// A fulfilment's items as the ledger counts them: a kit (one order line whose
// variant takes several inventory items, or several units of one) arrives
// from Medusa's workflow as one item per inventory item under the line's id,
// and counts as its line once; on a real PostgreSQL, a kit's fulfilment by
// hand is taken, and the same fulfilment again refused.
import { describe, expect, it } from "vitest";
import { AttemptLedger } from "./attempt-ledger.ts";
import {
  lineQuantities,
  orderedLines,
  shipmentLines,
  shipmentSignature,
} from "./shipment-items.ts";

const databaseUrl = process.env["SHIPBRIDGE_TEST_TOKENS_DATABASE_URL"] ?? "";

/** An order line of `quantity` whose variant takes `parts` (inventory item id to units per unit). */
function kitLine(id: string, quantity: number, parts: Record<string, number>, fulfilled = 0) {
  return {
    id,
    title: "Gift set",
    variant_title: "Gift set, blue",
    variant_sku: "SET-1",
    quantity,
    detail: { quantity, fulfilled_quantity: fulfilled },
    variant: {
      inventory_items: Object.entries(parts).map(([part, required]) => ({
        required_quantity: required,
        inventory: { id: part, title: `Part ${part}` },
      })),
    },
  };
}

/** What createOrderFulfillmentWorkflow hands the provider for `quantity` of a line: an item per part. */
function workflowItems(line: ReturnType<typeof kitLine>, quantity: number) {
  return line.variant.inventory_items.map((part) => ({
    line_item_id: line.id,
    inventory_item_id: part.inventory.id,
    quantity: part.required_quantity * quantity,
    title: part.inventory.title,
    sku: "",
  }));
}

describe("shipmentLines", () => {
  it("counts a kit of two parts once, in its line's quantity", () => {
    const line = kitLine("li_KIT", 2, { iitem_1: 1, iitem_2: 1 });
    const order = { id: "order_KIT", items: [line] };
    const items = workflowItems(line, 2);
    expect(lineQuantities(items, order)).toEqual({ li_KIT: 2 });
    expect(shipmentSignature("shipment", items, order)).toBe("shipment:li_KITx2");
    expect(shipmentLines(items, order)).toEqual([
      { line_item_id: "li_KIT", quantity: 2, title: "Gift set, blue", sku: "SET-1" },
    ]);
  });

  it("divides a part taken several times a unit by what a unit takes", () => {
    const line = kitLine("li_PAIR", 3, { iitem_sock: 2, iitem_box: 1 });
    const order = { id: "order_PAIR", items: [line] };
    expect(lineQuantities(workflowItems(line, 1), order)).toEqual({ li_PAIR: 1 });
    expect(lineQuantities(workflowItems(line, 3), order)).toEqual({ li_PAIR: 3 });
  });

  it("without the order's variants, never counts a line beyond what is left of it", () => {
    const items = [
      { line_item_id: "li_PAIR", inventory_item_id: "iitem_sock", quantity: 2 },
      { line_item_id: "li_ONE", inventory_item_id: "iitem_mug", quantity: 1 },
      { line_item_id: "li_ONE", inventory_item_id: "iitem_lid", quantity: 1 },
    ];
    const order = {
      id: "order_X",
      items: [
        { id: "li_PAIR", quantity: 1, detail: { quantity: 1, fulfilled_quantity: 0 } },
        { id: "li_ONE", quantity: 1, detail: { quantity: 1, fulfilled_quantity: 0 } },
      ],
    };
    expect(lineQuantities(items, order)).toEqual({ li_PAIR: 1, li_ONE: 1 });
    // Without any order, the parts of one line still count once.
    expect(lineQuantities(items.slice(1))).toEqual({ li_ONE: 1 });
  });

  it("keeps a line that is one item as it came, and adds up items without parts", () => {
    const mug = {
      line_item_id: "li_MUG",
      inventory_item_id: "iitem_mug",
      quantity: 2,
      title: "Mug",
    };
    const order = { id: "order_M", items: [kitLine("li_MUG", 2, { iitem_mug: 1 })] };
    expect(shipmentLines([mug], order)).toEqual([mug]);
    const twice = [
      { line_item_id: "li_A", quantity: 1 },
      { line_item_id: "li_A", quantity: 2 },
      { title: "Loose item", quantity: 1 },
    ];
    expect(lineQuantities(twice)).toEqual({ li_A: 3 });
    expect(shipmentSignature("shipment", twice)).toBe("shipment:Loose itemx1,li_Ax3");
  });
});

describe("a kit in the attempt ledger", () => {
  it("a kit's fulfilment by hand is taken, the same again refused already_fulfilled", async () => {
    const ledger = new AttemptLedger(databaseUrl);
    try {
      const line = kitLine("li_KIT", 1, { iitem_1: 1, iitem_2: 1 });
      const order = { id: "order_KIT", items: [line] };
      const items = workflowItems(line, 1);
      const begin = (fulfillmentId: string) =>
        ledger.begin({
          storeId: "kit-store",
          orderId: order.id,
          signature: shipmentSignature("shipment", items, order),
          fulfillmentId,
          fresh: `order_KIT-${fulfillmentId}`,
          lines: lineQuantities(items, order),
          order: orderedLines(order) ?? {},
        });
      const key = await begin("ful_KIT_1");
      expect(key).toBe("order_KIT-ful_KIT_1");
      await ledger.shipped(key, 4242);
      // The same kit again (a second click) while Medusa has not counted the first.
      await expect(begin("ful_KIT_2")).rejects.toMatchObject({ code: "already_fulfilled" });
    } finally {
      await ledger.close();
    }
  });
});
