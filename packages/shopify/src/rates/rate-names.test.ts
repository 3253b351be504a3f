// Rate names in the checkout's language: the locale Shopify sends picks it
// (regional forms too), the shop's language when it names none we speak;
// couriers, InPost lockers and other carriers' points each read as their kind.
import { describe, expect, it } from "vitest";
import {
  courierRateName,
  pointRateDescription,
  pointRateName,
  rateLanguage,
} from "./rate-names.ts";

describe("rate names", () => {
  it("takes the checkout's locale, else the shop's language", () => {
    expect(rateLanguage("pl", "en_GB")).toBe("pl");
    expect(rateLanguage("en-US", "pl_PL")).toBe("en");
    expect(rateLanguage("PL-pl", "en_GB")).toBe("pl");
    expect(rateLanguage("de", "pl_PL")).toBe("pl");
    expect(rateLanguage("de", "en_GB")).toBe("en");
    expect(rateLanguage(null, "en_GB")).toBe("en");
    // A tag counts by its whole primary subtag: "plk" is not Polish.
    expect(rateLanguage("plk", "en_GB")).toBe("en");
    expect(rateLanguage("  en_GB ", "pl_PL")).toBe("en");
  });

  it("names couriers and points by carrier, in the language", () => {
    expect(courierRateName("poczta", "pl")).toBe("Kurier Pocztex");
    expect(courierRateName("poczta", "en")).toBe("Pocztex courier");
    expect(courierRateName("dpd", "en")).toBe("DPD courier");
    expect(pointRateName("inpost", "KRA010", 0.44, "pl")).toBe("Paczkomat InPost KRA010 (0,4 km)");
    expect(pointRateName("inpost", "KRA010", 12, "en")).toBe("InPost locker KRA010 (12.0 km)");
    expect(pointRateName("dpd", "PL123", undefined, "pl")).toBe("Punkt odbioru DPD PL123");
    expect(pointRateName("dpd", "PL123", null, "en")).toBe("DPD pickup point PL123");
  });

  it("describes a point by its street, postcode and city, as far as known", () => {
    expect(
      pointRateDescription({ street: "Floriańska 1", postcode: "31-019", city: "Kraków" }),
    ).toBe("Floriańska 1, 31-019 Kraków");
    expect(pointRateDescription({ street: null, postcode: null, city: "Kraków" })).toBe("Kraków");
    expect(pointRateDescription(null)).toBeUndefined();
  });
});
