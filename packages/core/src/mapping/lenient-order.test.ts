// Tests of the lenient reading of an order that failed StoreOrderSchema.

import { describe, expect, it } from "vitest";
import { sampleOrder } from "../fixtures/index.ts";
import { isRelated, readLenientOrder } from "./lenient-order.ts";

describe("readLenientOrder", () => {
  it("leaves out the refused address fields and keeps the rest, codes upper-cased", () => {
    const order = sampleOrder({
      shipping_address: { ...sampleOrder().shipping_address, street: "", phone: "12345" },
    });
    const lenient = readLenientOrder(order, [{ path: "shipping_address.street" }]);
    expect(lenient?.shipping_address).not.toHaveProperty("street");
    expect(lenient?.shipping_address.phone).toBe("12345");
    expect(lenient?.shipping_address.country_code).toBe("PL");
  });

  it("drops broken items and unknown keys, and stands in for a refused id", () => {
    const order = { ...sampleOrder(), id: "", extra: 1 } as Record<string, unknown>;
    order["items"] = [...(sampleOrder().items as unknown[]), { name: "Lamp" }];
    const lenient = readLenientOrder(order, [
      { path: "id" },
      { path: "extra" },
      { path: "items[2].quantity" },
    ]);
    expect(lenient?.items).toHaveLength(2);
    expect(lenient).not.toHaveProperty("extra");
    expect(lenient?.id).toBe("order");
  });

  it("cannot read an order that is no object, or whose item list is refused", () => {
    expect(readLenientOrder("order", [{ path: "" }])).toBeUndefined();
    expect(readLenientOrder(sampleOrder({ items: [] }), [{ path: "items" }])).toBeUndefined();
  });
});

describe("isRelated", () => {
  it("is true at, under and above a refused path, false beside it", () => {
    const refused = ["order.shipping_address.street"];
    expect(isRelated("order.shipping_address.street", refused)).toBe(true);
    expect(isRelated("order.shipping_address", refused)).toBe(true);
    expect(isRelated("order.shipping_address.phone", refused)).toBe(false);
    expect(isRelated("order.items[0].weight", ["order.items"])).toBe(true);
  });
});
