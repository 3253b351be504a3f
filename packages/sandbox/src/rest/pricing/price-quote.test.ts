// The sandbox's tariff: deterministic prices from weight, dimensions and
// services, and carriers that cannot take a parcel quoted as unavailable.
import { describe, expect, it } from "vitest";
import { billedKg, dimensionalWeightKg, quote, zloty } from "./price-quote.ts";

const parcel = { width: 30, depth: 20, height: 10, weight: 2, type: "package" };

describe("quote", () => {
  it("bills the greater of weight and dimensional weight, rounded up", () => {
    expect(dimensionalWeightKg({ ...parcel, width: 60, depth: 50, height: 40 })).toBe(20);
    expect(billedKg({ ...parcel, width: 60, depth: 50, height: 40 })).toBe(20);
    expect(billedKg({ ...parcel, weight: 2.1 })).toBe(3);
    expect(billedKg({ ...parcel, weight: 0.2 })).toBe(1);
  });

  it("prices base + per kg, adds VAT, and is the same every time", () => {
    const q = quote("inpost", { parcels: [parcel] }, "en_GB");
    expect(q).toEqual({
      available: true,
      errors: [],
      net: 1199 + 45,
      gross: Math.round((1199 + 45) * 1.23),
    });
    expect(quote("inpost", { parcels: [parcel] }, "en_GB")).toEqual(q);
    expect(zloty(q.gross)).toBe(15.3);
  });

  it("charges per flag, for COD and per parcel quantity", () => {
    const base = quote("dpd", { parcels: [parcel] }, "en_GB").net;
    expect(
      quote(
        "dpd",
        { parcels: [parcel], additional_services: { fragile: true, rod: false } },
        "en_GB",
      ).net,
    ).toBe(base + 250);
    expect(
      quote(
        "dpd",
        { parcels: [parcel], additional_services: { cod: { amount: 100, iban: "x" } } },
        "en_GB",
      ).net,
    ).toBe(base + 500 + 100);
    expect(quote("dpd", { parcels: [{ ...parcel, quantity: 3 }] }, "en_GB").net).toBe(base * 3);
  });

  it("quotes a carrier that cannot take the parcel as unavailable, saying why", () => {
    const heavy = quote("inpost", { parcels: [{ ...parcel, weight: 30 }] }, "pl_PL");
    expect(heavy.available).toBe(false);
    expect(heavy.errors[0]?.path).toBe("package.parcels[0].weight");
    expect(heavy.errors[0]?.message).toContain("25 kg");
    expect(quote("ups", { parcels: [{ ...parcel, weight: 30 }] }, "en_GB").available).toBe(true);
  });
});
