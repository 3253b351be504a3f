// Tracking numbers follow each carrier's format, never collide, and the
// carrier can be recognised from them.
import { describe, expect, it } from "vitest";
import { CARRIERS } from "../carriers/carriers.ts";
import { carrierOfNumber, trackingNumber } from "./tracking-numbers.ts";

describe("trackingNumber", () => {
  it("makes numbers in the carrier's format that are recognised as that carrier", () => {
    for (const carrier of CARRIERS) {
      for (const [id, index] of [
        [1, 0],
        [42, 3],
        [987654, 12],
      ] as const) {
        const no = trackingNumber(carrier, id, index);
        expect(carrierOfNumber(no)).toBe(carrier);
      }
    }
  });

  it("has the real shapes", () => {
    expect(trackingNumber("inpost", 7, 0)).toMatch(/^6\d{23}$/);
    expect(trackingNumber("poczta", 7, 0)).toMatch(/^00659\d{15}$/);
    expect(trackingNumber("ups", 7, 0)).toMatch(/^1Z[0-9A-Z]{6}\d{10}$/);
    expect(trackingNumber("dpd", 7, 0)).toMatch(/^\d{13}U$/);
  });

  it("is deterministic and unique per package and parcel", () => {
    expect(trackingNumber("dpd", 5, 1)).toBe(trackingNumber("dpd", 5, 1));
    const numbers = new Set<string>();
    for (let id = 1; id <= 200; id++)
      for (let i = 0; i < 3; i++) numbers.add(trackingNumber("gls", id, i));
    expect(numbers.size).toBe(600);
  });

  it("recognises nothing in a number of no known format", () => {
    expect(carrierOfNumber("HELLO")).toBeUndefined();
    expect(carrierOfNumber("1ZSB7E41")).toBeUndefined();
    expect(carrierOfNumber("12345")).toBeUndefined();
    expect(carrierOfNumber(" 1zsb7e416800000001 ")).toBe("ups");
  });
});
