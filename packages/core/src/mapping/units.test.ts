// Tests of weight and length conversion and of the round-up rules.
import { describe, expect, it } from "vitest";
import { ceilCentimetres, ceilKilogramsToGram, toCentimetres, toKilograms } from "./units.ts";

describe("toKilograms", () => {
  it.each([
    [1500, "g", 1.5],
    [2, "kg", 2],
    [1, "lb", 0.45359237],
    [16, "oz", 0.45359237],
  ] as const)("%d %s is %d kg", (value, unit, kilograms) => {
    expect(toKilograms(value, unit)).toBeCloseTo(kilograms, 12);
  });
});

describe("toCentimetres", () => {
  it.each([
    [125, "mm", 12.5],
    [30, "cm", 30],
    [1.2, "m", 120],
    [10, "in", 25.4],
  ] as const)("%d %s is %d cm", (value, unit, centimetres) => {
    expect(toCentimetres(value, unit)).toBeCloseTo(centimetres, 9);
  });
});

describe("ceilCentimetres", () => {
  it("rounds a fraction up, never down", () => {
    expect(ceilCentimetres(12.01)).toBe(13);
    expect(ceilCentimetres(12.5)).toBe(13);
    expect(ceilCentimetres(12.99)).toBe(13);
  });

  it("keeps whole centimetres, even with floating point noise", () => {
    expect(ceilCentimetres(12)).toBe(12);
    expect(ceilCentimetres(toCentimetres(0.1, "m"))).toBe(10);
    expect(ceilCentimetres(toCentimetres(0.29, "m"))).toBe(29);
  });

  it("never gives less than 1 cm", () => {
    expect(ceilCentimetres(0.2)).toBe(1);
  });
});

describe("ceilKilogramsToGram", () => {
  it("removes floating point noise from sums", () => {
    expect(ceilKilogramsToGram(0.1 + 0.2)).toBe(0.3);
    expect(ceilKilogramsToGram(3 * 0.4)).toBe(1.2);
  });

  it("rounds a fraction of a gram up", () => {
    expect(ceilKilogramsToGram(toKilograms(1, "oz"))).toBe(0.029);
    expect(ceilKilogramsToGram(1.2341)).toBe(1.235);
  });
});
