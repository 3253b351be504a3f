// Tests of validateAddressAutocomplete.
import { describe, expect, it } from "vitest";
import { validateAddressAutocomplete } from "./validate-address-autocomplete.ts";

function rules(input: unknown) {
  const result = validateAddressAutocomplete(input);
  return result.ok ? [] : result.error.issues.map(({ path, rule }) => ({ path, rule }));
}

describe("validateAddressAutocomplete", () => {
  it("accepts regions or country_code alone", () => {
    expect(validateAddressAutocomplete({ query: "Marsz", regions: ["europe", "asia"] }).ok).toBe(
      true,
    );
    expect(validateAddressAutocomplete({ query: "Marsz", country_code: "PL" }).ok).toBe(true);
    expect(validateAddressAutocomplete({ query: "Marsz" }).ok).toBe(true);
  });

  it("searches any ISO country, not only those shipped to, and refuses codes that are none", () => {
    expect(validateAddressAutocomplete({ query: "Main", country_code: "US" }).ok).toBe(true);
    expect(rules({ query: "Main", country_code: "XX" })).toEqual([
      { path: "country_code", rule: "country_invalid" },
    ]);
    expect(rules({ query: "Main", country_code: "UK" })).toEqual([
      { path: "country_code", rule: "country_invalid" },
    ]);
  });

  it("refuses both at once", () => {
    expect(rules({ query: "Marsz", regions: ["europe"], country_code: "PL" })).toEqual([
      { path: "regions", rule: "regions_with_country_code" },
    ]);
  });

  it("says so in Polish", () => {
    const result = validateAddressAutocomplete(
      { query: "Marsz", regions: ["europe"], country_code: "PL" },
      { language: "pl_PL" },
    );
    expect(result.ok ? "" : result.error.issues[0]?.message).toBe(
      "Podaj regions albo country_code, nie oba naraz.",
    );
  });

  it("refuses an unknown region and names the allowed ones", () => {
    const result = validateAddressAutocomplete({ query: "Marsz", regions: ["antarctica"] });
    expect(rules({ query: "Marsz", regions: ["antarctica"] })).toEqual([
      { path: "regions[0]", rule: "invalid_value" },
    ]);
    expect(result.ok ? "" : result.error.issues[0]?.message).toContain("north_america");
  });

  it("reports the conflict together with other problems", () => {
    expect(rules({ regions: ["europe"], country_code: "PL", limit: 0 })).toEqual([
      { path: "query", rule: "required" },
      { path: "limit", rule: "too_small" },
      { path: "regions", rule: "regions_with_country_code" },
    ]);
  });
});
