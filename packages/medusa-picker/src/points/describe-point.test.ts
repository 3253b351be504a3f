// The picker names a point by its name, address and distance, in the
// shopper's language.
import { describe, expect, it } from "vitest";
import { formatPrice, pointAddress, pointDistance, pointTitle } from "./describe-point.ts";

const point = {
  code: "GDA01M",
  name: "Paczkomat InPost",
  address: { street: "Długa 5", postcode: "80-831", city: "Gdańsk" },
  distance: 1.234,
};

describe("a point as the shopper reads it", () => {
  it("has its name and code, else its code", () => {
    expect(pointTitle(point)).toBe("Paczkomat InPost (GDA01M)");
    expect(pointTitle({ code: "GDA02M", name: " " })).toBe("GDA02M");
  });

  it("has its street, postcode and city on one line, skipping what is missing", () => {
    expect(pointAddress(point)).toBe("Długa 5, 80-831 Gdańsk");
    expect(pointAddress({ code: "X", address: { city: "Gdańsk" } })).toBe("Gdańsk");
    expect(pointAddress({ code: "X", address: null })).toBe("");
  });

  it("has its distance in the shopper's language, when the route gave one", () => {
    expect(pointDistance(point, "en")).toBe("1.2 km away");
    expect(pointDistance(point, "pl")).toBe("1,2 km stąd");
    expect(pointDistance({ code: "X" }, "en")).toBeUndefined();
  });

  it("prices in the cart's currency, as each language writes it", () => {
    expect(formatPrice(12.5, "pln", "en").replace(/\s/g, " ")).toBe("PLN 12.50");
    expect(formatPrice(12.5, "pln", "pl").replace(/\s/g, " ")).toBe("12,50 zł");
  });
});
