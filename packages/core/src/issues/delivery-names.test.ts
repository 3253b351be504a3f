// Deliveries named for customers: couriers by carrier (Poczta Polska's as
// Pocztex), InPost's points as lockers, other carriers' as pickup points,
// with the distance in the language's number format; never a bare code.
import { describe, expect, it } from "vitest";
import { CARRIERS } from "../rules/service-flags.ts";
import { deliveryName } from "./delivery-names.ts";

describe("deliveryName", () => {
  it("names couriers by carrier in either language", () => {
    expect(deliveryName("dpd", null, "pl")).toBe("Kurier DPD");
    expect(deliveryName("dpd", null, "en_GB")).toBe("DPD courier");
    expect(deliveryName("inpost", null, "pl_PL")).toBe("Kurier InPost");
    expect(deliveryName("poczta", null, "pl")).toBe("Kurier Pocztex");
    expect(deliveryName("poczta", null, "en")).toBe("Pocztex courier");
  });

  it("names InPost's points as lockers and other carriers' as pickup points", () => {
    expect(deliveryName("inpost", { code: "GDA01M" }, "pl")).toBe("Paczkomat InPost GDA01M");
    expect(deliveryName("inpost", { code: "GDA01M" }, "en")).toBe("InPost locker GDA01M");
    expect(deliveryName("poczta", { code: "P1" }, "pl")).toBe("Punkt odbioru Poczta Polska P1");
    expect(deliveryName("dpd", { code: "PL123" }, "en")).toBe("DPD pickup point PL123");
  });

  it("names the way of delivery itself for a point not chosen yet", () => {
    expect(deliveryName("inpost", {}, "pl")).toBe("Paczkomat InPost");
    expect(deliveryName("inpost", { code: "" }, "en", { distanceKm: 1 })).toBe("InPost locker");
    expect(deliveryName("dpd", {}, "pl_PL")).toBe("Punkt odbioru DPD");
  });

  it("adds the point's distance in the language's number format", () => {
    expect(deliveryName("inpost", { code: "KRA010" }, "pl", { distanceKm: 0.44 })).toBe(
      "Paczkomat InPost KRA010 (0,4 km)",
    );
    expect(deliveryName("inpost", { code: "KRA010" }, "en", { distanceKm: 12 })).toBe(
      "InPost locker KRA010 (12.0 km)",
    );
    expect(deliveryName("dpd", { code: "PL1" }, "pl", { distanceKm: null })).toBe(
      "Punkt odbioru DPD PL1",
    );
  });

  it("never names a carrier core knows by its code, and the two languages differ", () => {
    for (const carrier of CARRIERS) {
      for (const point of [null, { code: "X1" }]) {
        const pl = deliveryName(carrier, point, "pl");
        const en = deliveryName(carrier, point, "en");
        expect(pl).not.toContain(carrier);
        expect(en).not.toContain(carrier);
        expect(pl).not.toBe(en);
      }
    }
  });
});
