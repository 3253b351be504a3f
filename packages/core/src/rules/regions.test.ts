// Tests of the regions: every ISO 3166-1 country in exactly one, and regions
// excluding country_code.
import { describe, expect, it } from "vitest";
import { IssueCollector } from "../issues/issue-collector.ts";
import { REGIONS } from "../schemas/index.ts";
import {
  checkRegionsExcludeCountryCode,
  countriesOfRegions,
  ISO_COUNTRY_CODES,
  isIsoCountryCode,
  REGION_COUNTRIES,
  REGION_NAMES,
  regionOf,
} from "./regions.ts";

const displayNames = new Intl.DisplayNames(["en"], { type: "region" });

describe("regions", () => {
  it("names the six regions of the API", () => {
    expect([...REGION_NAMES].sort()).toEqual(
      ["africa", "asia", "europe", "north_america", "oceania", "south_america"].sort(),
    );
    expect(Object.keys(REGION_COUNTRIES).sort()).toEqual([...REGION_NAMES].sort());
    expect(REGION_NAMES).toEqual(REGIONS);
  });

  it("covers all 249 ISO 3166-1 alpha-2 codes, each in exactly one region", () => {
    const all = REGION_NAMES.flatMap((region) => [...REGION_COUNTRIES[region]]);
    expect(all).toHaveLength(249);
    expect(new Set(all).size).toBe(249);
    expect(ISO_COUNTRY_CODES).toHaveLength(249);
  });

  it("holds only codes that are assigned in ISO 3166-1", () => {
    for (const code of ISO_COUNTRY_CODES) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      // Intl echoes the code back for codes it does not know.
      expect(displayNames.of(code), code).not.toBe(code);
    }
  });

  it("misses no assigned code that Intl knows, apart from reserved and withdrawn ones", () => {
    const notIso3166 = new Set(
      "AC AN BU CP CQ CS DD DG DY EA EU EZ FX HV IC NH QO RH SU TA TP UK UN VD XA XB XK YD YU ZR ZZ".split(
        " ",
      ),
    );
    const missing: string[] = [];
    for (let a = 65; a <= 90; a++) {
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        if (displayNames.of(code) !== code && !notIso3166.has(code) && !isIsoCountryCode(code)) {
          missing.push(code);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it.each([
    ["PL", "europe"],
    ["DE", "europe"],
    ["CY", "europe"],
    ["RU", "europe"],
    ["TR", "asia"],
    ["JP", "asia"],
    ["US", "north_america"],
    ["MX", "north_america"],
    ["JM", "north_america"],
    ["BR", "south_america"],
    ["GS", "south_america"],
    ["ZA", "africa"],
    ["IO", "africa"],
    ["AU", "oceania"],
    ["AQ", "oceania"],
    // Transcontinental countries and territories that lists often get wrong.
    ["GE", "asia"],
    ["AM", "asia"],
    ["AZ", "asia"],
    ["KZ", "asia"],
    ["IL", "asia"],
    ["PS", "asia"],
    ["TL", "asia"],
    ["EG", "africa"],
    ["EH", "africa"],
    ["MA", "africa"],
    ["RE", "africa"],
    ["YT", "africa"],
    ["SH", "africa"],
    ["TF", "africa"],
    ["PA", "north_america"],
    ["GL", "north_america"],
    ["PM", "north_america"],
    ["BM", "north_america"],
    ["AW", "north_america"],
    ["BQ", "north_america"],
    ["CW", "north_america"],
    ["SX", "north_america"],
    ["MF", "north_america"],
    ["BL", "north_america"],
    ["BV", "south_america"],
    ["FK", "south_america"],
    ["GF", "south_america"],
    ["UM", "oceania"],
    ["HM", "oceania"],
    ["CX", "oceania"],
    ["CC", "oceania"],
    ["GU", "oceania"],
    ["MP", "oceania"],
    ["NC", "oceania"],
    ["PF", "oceania"],
    ["IS", "europe"],
    ["SJ", "europe"],
    ["AX", "europe"],
    ["GI", "europe"],
    ["VA", "europe"],
  ])("places %s in %s", (code, region) => {
    expect(regionOf(code)).toBe(region);
  });

  it("knows no region for codes outside ISO 3166-1", () => {
    expect(regionOf("XK")).toBeUndefined();
    expect(regionOf("pl")).toBeUndefined();
    expect(isIsoCountryCode("UK")).toBe(false);
    expect(isIsoCountryCode(48)).toBe(false);
  });

  it("lists the countries of several regions without duplicates", () => {
    const countries = countriesOfRegions(["europe", "oceania"]);
    expect(countries).toContain("PL");
    expect(countries).toContain("NZ");
    expect(countries).toHaveLength(
      REGION_COUNTRIES.europe.length + REGION_COUNTRIES.oceania.length,
    );
  });
});

describe("address autocomplete: regions and country_code exclude each other", () => {
  function check(request: unknown) {
    const findings = new IssueCollector();
    checkRegionsExcludeCountryCode(request, findings);
    return findings.errors;
  }

  it("accepts regions alone", () => {
    expect(check({ query: "Warsz", regions: ["europe"] })).toEqual([]);
  });

  it("accepts country_code alone", () => {
    expect(check({ query: "Warsz", country_code: "PL" })).toEqual([]);
  });

  it("accepts neither", () => {
    expect(check({ query: "Warsz" })).toEqual([]);
  });

  it("rejects both, on the regions field", () => {
    expect(check({ query: "Warsz", regions: ["europe"], country_code: "PL" })).toEqual([
      { path: "regions", rule: "regions_with_country_code", params: {} },
    ]);
  });

  it("treats null and empty values as not given", () => {
    expect(check({ regions: null, country_code: "PL" })).toEqual([]);
    expect(check({ regions: ["asia"], country_code: "" })).toEqual([]);
  });

  it("leaves non-objects to the schema", () => {
    expect(check("regions")).toEqual([]);
    expect(check(null)).toEqual([]);
  });
});
