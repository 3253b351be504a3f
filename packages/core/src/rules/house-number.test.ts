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

  it("accepts a house name in Ireland and the United Kingdom", () => {
    expect(errors({ street: "Rose Cottage, Main Street", country_code: "IE" })).toEqual([]);
    expect(errors({ street: "Rose Cottage, High Street", country_code: "GB" })).toEqual([]);
  });

  it("leaves an empty street to the schema", () => {
    expect(errors({ street: "", country_code: "PL" })).toEqual([]);
  });
});
