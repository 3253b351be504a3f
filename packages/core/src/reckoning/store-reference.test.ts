// Reading a package's store order back from the reference shipOrder writes.
import { describe, expect, it } from "vitest";
import { shipOrderReference } from "../mapping/ship-order-reference.ts";
import { readStoreReference } from "./store-reference.ts";

describe("readStoreReference", () => {
  it("reads back what shipOrderReference writes, an order id with colons included", () => {
    for (const [storeId, orderId] of [
      ["shop.myshopify.com", "gid://shopify/Order/1001"],
      ["store_01", "1001"],
    ] as const) {
      expect(readStoreReference(shipOrderReference(storeId, orderId))).toEqual({
        storeId,
        orderId,
      });
    }
  });

  it("reads no store order from a reference without one, or one shortened for its length", () => {
    expect(readStoreReference(null)).toBeUndefined();
    expect(readStoreReference("1001")).toBeUndefined();
    expect(readStoreReference(":1001")).toBeUndefined();
    expect(readStoreReference("shop:")).toBeUndefined();
    const long = shipOrderReference("shop", "x".repeat(200));
    expect(long).toHaveLength(100);
    expect(readStoreReference(long)).toBeUndefined();
  });
});
