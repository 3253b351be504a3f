// The orders pages' counted texts take the form the number asks for, by
// Intl.PluralRules: in Polish 1 zamówienie, 2–4 (and 22–24...) zamówienia,
// 5–21 (and 25...) zamówień; paczka, paczki, paczek; in English 1 order, 2
// orders.
import { describe, expect, it } from "vitest";
import { counted, orderTexts } from "./order-texts.ts";

describe("counted texts", () => {
  it("take the Polish plural form of each number", () => {
    const t = orderTexts("pl_PL");
    const orders = [1, 2, 4, 5, 12, 21, 22, 25, 0].map((n) => counted(t, t.batchOf, n));
    expect(orders).toEqual([
      "1 zamówienie",
      "2 zamówienia",
      "4 zamówienia",
      "5 zamówień",
      "12 zamówień",
      "21 zamówień",
      "22 zamówienia",
      "25 zamówień",
      "0 zamówień",
    ]);
    const parcels = [1, 3, 5, 14, 104].map((n) => counted(t, t.courierParcels, n));
    expect(parcels).toEqual(["1 paczka", "3 paczki", "5 paczek", "14 paczek", "104 paczki"]);
  });

  it("take the English singular and plural", () => {
    const t = orderTexts("en_GB");
    expect([1, 2, 0].map((n) => counted(t, t.batchOf, n))).toEqual([
      "1 order",
      "2 orders",
      "0 orders",
    ]);
    expect([1, 5].map((n) => counted(t, t.courierParcels, n))).toEqual(["1 parcel", "5 parcels"]);
  });
});
