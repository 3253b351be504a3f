// Tests of the house-number rule: a street without a number is refused where a
// courier must find the door, and only there.
import { describe, expect, it } from "vitest";
import { IssueCollector } from "../issues/issue-collector.ts";
import { checkHouseNumber, hasHouseNumber } from "./house-number.ts";

describe("hasHouseNumber", () => {
  it.each(["Marszałkowska 1", "ul. Długa 5/7", "Hauptstr. 12a", "12 Baker Street", "Wólka 12"])(
    "finds the number in %j",
    (street) => {
      expect(hasHouseNumber(street)).toBe(true);
    },
  );

  it.each(["Marszałkowska", "ul. Długa", "Rynek Główny"])("finds none in %j", (street) => {
    expect(hasHouseNumber(street)).toBe(false);
  });

  it.each([
    "ul. 3 Maja",
    "ul. 11 Listopada",
    "al. 29 Listopada",
    "Rue du 8 Mai 1945",
    "os. 1000-lecia",
    "Calle 2 de Mayo",
    "náměstí 28. října",
    "Október 6. utca",
    "Strada 1 Decembrie 1918",
  ])("reads the date or anniversary of %j as a name, not a number", (street) => {
    expect(hasHouseNumber(street)).toBe(false);
  });

  it.each([
    "Marszałkowska m. 3",
    "Marszałkowska lok. 2",
    "Marszałkowska piętro 2",
    "Marszałkowska 2 piętro",
    "Marszałkowska apt 4",
    "Main Street Flat 2",
    "Main Street 3rd floor",
    "Marszałkowska #4",
    "Marszałkowska klatka 2",
    "Marszałkowska pok. 12",
  ])("reads the flat or floor note of %j as no house number", (street) => {
    expect(hasHouseNumber(street)).toBe(false);
  });

  it.each([
    "ul. 3 Maja 5",
    "ul. 11 Listopada 20",
    "Aleje Jerozolimskie 123A/4",
    "os. Tysiąclecia 12 m. 3",
    "Wola 12",
    "Marszałkowska 12 m. 3",
    "Mariahilfer Straße 10 Top 5",
    "Október 6. utca 12",
    "Am Markt 3",
    "Aleja 1 Maja 1000",
    "Marszałkowska 3 klatka 2",
  ])("finds the number beside a date or a flat note in %j", (street) => {
    expect(hasHouseNumber(street)).toBe(true);
  });
});

describe("checkHouseNumber", () => {
  function errors(address: Record<string, unknown>) {
    const findings = new IssueCollector();
    checkHouseNumber(address, "receiver", findings);
    return findings.errors;
  }

  it("refuses a door address whose street has no number", () => {
    expect(errors({ street: "Marszałkowska", country_code: "PL" })).toEqual([
      {
        path: "receiver.street",
        rule: "house_number_missing",
        params: { street: "Marszałkowska" },
      },
    ]);
  });

  it("accepts a street without a number at a point (found by its code)", () => {
    expect(errors({ street: "Marszałkowska", country_code: "PL", point: "KRA010" })).toEqual([]);
  });

  it("accepts a house name in Ireland, the United Kingdom and Malta", () => {
    expect(errors({ street: "Rose Cottage, Main Street", country_code: "IE" })).toEqual([]);
    expect(errors({ street: "Rose Cottage, High Street", country_code: "GB" })).toEqual([]);
    expect(errors({ street: "Villa Rosa, Triq il-Kbira", country_code: "MT" })).toEqual([]);
  });

  it("leaves an empty street to the schema", () => {
    expect(errors({ street: "", country_code: "PL" })).toEqual([]);
  });
});
