// Tests of the whole-grosze rule, case by case, including the amounts whose
// binary floating-point form made a "multiply by 100" check refuse them.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isWholeGrosze, roundToGrosze, toGrosze } from "./whole-grosze.ts";

describe("isWholeGrosze", () => {
  it("accepts amounts whose times-100 is not an integer in floating point", () => {
    for (const amount of [19.99, 0.29, 1.15, 4.35, 0.07, 0.1 + 0.2, 99_999.99]) {
      expect(isWholeGrosze(amount), String(amount)).toBe(true);
    }
    expect(19.99 * 100).not.toBe(1999);
  });

  it("accepts whole złoty and one decimal", () => {
    for (const amount of [1, 100, 100_000, 0.1, 12.5, 0]) {
      expect(isWholeGrosze(amount), String(amount)).toBe(true);
    }
  });

  it("rejects a third decimal and anything finer", () => {
    for (const amount of [19.991, 0.001, 0.005, 1.155, 4.3500001, 1e-7, 100_000.001]) {
      expect(isWholeGrosze(amount), String(amount)).toBe(false);
    }
  });

  it("rounds an accepted amount to the grosz, dropping floating-point noise", () => {
    expect(roundToGrosze(0.1 + 0.2)).toBe(0.3);
    expect(roundToGrosze(19.99)).toBe(19.99);
    expect(toGrosze(19.99)).toBe(1999);
    expect(toGrosze(4.35)).toBe(435);
  });

  it("rejects what is not a finite number", () => {
    for (const amount of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(isWholeGrosze(amount)).toBe(false);
    }
  });

  it("accepts every amount written with two decimals, and gives its grosze", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (grosze) => {
        const written = Number(
          `${Math.floor(grosze / 100)}.${String(grosze % 100).padStart(2, "0")}`,
        );
        return isWholeGrosze(written) && toGrosze(written) === grosze;
      }),
      { numRuns: 5000 },
    );
  });

  it("rejects every amount written with a non-zero third decimal", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 9 }),
        (grosze, third) => {
          const written = Number(
            `${Math.floor(grosze / 100)}.${String(grosze % 100).padStart(2, "0")}${third}`,
          );
          return !isWholeGrosze(written);
        },
      ),
      { numRuns: 5000 },
    );
  });
});
