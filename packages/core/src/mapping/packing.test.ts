// Tests of the default packing policy: summed weights and the enclosing box.
import { describe, expect, it } from "vitest";
import { parcelDimensions, totalWeightKg } from "./packing.ts";
import type { StoreOrderItem } from "./store-order.ts";

function item(overrides: Partial<StoreOrderItem>): StoreOrderItem {
  return { name: "Mug", quantity: 1, weight: { value: 300, unit: "g" }, price: 10, ...overrides };
}

describe("totalWeightKg", () => {
  it("multiplies each unit weight by its quantity before summing", () => {
    const items = [
      item({ quantity: 3, weight: { value: 400, unit: "g" } }),
      item({ quantity: 2, weight: { value: 1.25, unit: "kg" } }),
    ];
    expect(totalWeightKg(items)).toBe(3.7);
  });

  it("sums items given in different units", () => {
    const items = [
      item({ quantity: 1, weight: { value: 2, unit: "lb" } }),
      item({ quantity: 4, weight: { value: 8, unit: "oz" } }),
    ];
    // 2 lb + 32 oz = 4 lb = 1.81436948 kg, rounded up to the gram
    expect(totalWeightKg(items)).toBe(1.815);
  });

  it("lets weightless items (gift cards) add nothing", () => {
    const items = [item({ weight: { value: 0, unit: "g" } }), item({})];
    expect(totalWeightKg(items)).toBe(0.3);
  });
});

describe("parcelDimensions", () => {
  it("is undefined when neither a default box nor item dimensions are known", () => {
    expect(parcelDimensions([item({})], undefined)).toBeUndefined();
  });

  it("uses the default box when no item is larger", () => {
    expect(parcelDimensions([item({})], { width: 30, depth: 20, height: 10 })).toEqual({
      width: 30,
      depth: 20,
      height: 10,
    });
  });

  it("takes the largest item in any orientation, rounded up to whole cm", () => {
    const items = [
      item({ dimensions: { length: 105, width: 251, height: 40.5, unit: "mm" } }),
      item({ dimensions: { length: 5, width: 5, height: 12, unit: "cm" } }),
    ];
    expect(parcelDimensions(items, undefined)).toEqual({ width: 26, depth: 11, height: 5 });
  });

  it("grows the default box on the axis an item does not fit", () => {
    const items = [item({ dimensions: { length: 0.5, width: 0.1, height: 0.05, unit: "m" } })];
    expect(parcelDimensions(items, { width: 30, depth: 20, height: 10 })).toEqual({
      width: 50,
      depth: 20,
      height: 10,
    });
  });

  it("converts inches and never rounds down", () => {
    const items = [item({ dimensions: { length: 10, width: 4, height: 1, unit: "in" } })];
    // 25.4 cm, 10.16 cm, 2.54 cm
    expect(parcelDimensions(items, undefined)).toEqual({ width: 26, depth: 11, height: 3 });
  });
});
