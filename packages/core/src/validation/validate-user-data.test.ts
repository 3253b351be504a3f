// Tests of validateUserData: countries and Polish phones.
import { describe, expect, it } from "vitest";
import { CountryCatalog } from "../rules/countries.ts";
import { validateUserData } from "./validate-user-data.ts";

describe("validateUserData", () => {
  it("accepts a country added in v1.0.112", () => {
    for (const country_code of ["BG", "CH", "EE", "GR", "HR", "LT", "LV", "NO", "RO", "SI"]) {
      expect(validateUserData({ country_code }).ok, country_code).toBe(true);
    }
  });

  it("only warns about a country outside the built-in list, which may be incomplete", () => {
    const result = validateUserData({ country_code: "US" });
    expect(result.ok).toBe(true);
    expect(result.warnings.map(({ path, rule }) => ({ path, rule }))).toEqual([
      { path: "country_code", rule: "country_unverified" },
    ]);
  });

  it("refuses a country outside the live list", () => {
    const countries = new CountryCatalog().replace(["PL", "US"]);
    const result = validateUserData({ country_code: "DE" }, { countries });
    expect(result.ok ? [] : result.error.issues.map(({ path, rule }) => ({ path, rule }))).toEqual([
      { path: "country_code", rule: "country_not_supported" },
    ]);
  });

  it("follows the live list", () => {
    const countries = new CountryCatalog().replace(["PL", "US"]);
    const result = validateUserData({ country_code: "US" }, { countries });
    expect(result.ok).toBe(true);
    expect(result.warnings).toEqual([]);
  });

  it("refuses a value that is not an ISO code with either list", () => {
    const countries = new CountryCatalog().replace(["PL"]);
    for (const options of [{}, { countries }]) {
      const result = validateUserData({ country_code: "XX" }, options);
      expect(result.ok ? [] : result.error.issues.map(({ rule }) => rule)).toEqual([
        "country_invalid",
      ]);
    }
  });

  it("normalizes a Polish phone number", () => {
    const result = validateUserData({ country_code: "PL", phone: "+48 600 100 200" });
    expect(result.ok && result.value.phone).toBe("600100200");
  });

  it("refuses a Polish phone number of the wrong length", () => {
    const result = validateUserData({ country_code: "PL", phone: "600 100" });
    expect(result.ok ? [] : result.error.issues.map(({ path }) => path)).toEqual(["phone"]);
  });

  it("refuses unknown keys", () => {
    const result = validateUserData({ password: "secret" });
    expect(result.ok ? [] : result.error.issues.map(({ path, rule }) => ({ path, rule }))).toEqual([
      { path: "password", rule: "unknown_field" },
    ]);
    expect(result.ok ? "" : result.error.message).not.toContain("secret");
  });
});
