// Tests of the country lists, the phone prefixes, the CountryCatalog and the
// country check.
import { describe, expect, it } from "vitest";
import { IssueCollector } from "../issues/issue-collector.ts";
import {
  BUILT_IN_COUNTRIES,
  COUNTRIES_ADDED_IN_V1_0_112,
  COUNTRIES_BEFORE_V1_0_112,
  CountryCatalog,
  type CountryLookup,
  checkCountryCode,
  countryCatalogFromResponse,
  createCountryCatalog,
  PHONE_PREFIXES,
  SUPPORTED_COUNTRIES,
} from "./countries.ts";
import { isIsoCountryCode } from "./regions.ts";

describe("country lists", () => {
  it("adds BG, CH, EE, GR, HR, LT, LV, NO, RO and SI in v1.0.112", () => {
    expect([...COUNTRIES_ADDED_IN_V1_0_112].sort()).toEqual(
      ["BG", "CH", "EE", "GR", "HR", "LT", "LV", "NO", "RO", "SI"].sort(),
    );
    for (const code of COUNTRIES_ADDED_IN_V1_0_112) {
      expect(COUNTRIES_BEFORE_V1_0_112).not.toContain(code);
      expect(SUPPORTED_COUNTRIES).toContain(code);
    }
  });

  it("keeps the earlier countries, Poland first among them", () => {
    expect(COUNTRIES_BEFORE_V1_0_112[0]).toBe("PL");
    for (const code of COUNTRIES_BEFORE_V1_0_112) expect(SUPPORTED_COUNTRIES).toContain(code);
    expect(SUPPORTED_COUNTRIES).toHaveLength(
      COUNTRIES_BEFORE_V1_0_112.length + COUNTRIES_ADDED_IN_V1_0_112.length,
    );
  });

  it("holds ISO 3166-1 codes only", () => {
    for (const code of SUPPORTED_COUNTRIES) expect(isIsoCountryCode(code)).toBe(true);
  });
});

describe("phone prefixes", () => {
  it.each([
    ["PL", "+48"],
    ["CZ", "+420"],
    ["SK", "+421"],
    ["DE", "+49"],
    ["AT", "+43"],
    ["LT", "+370"],
    ["LV", "+371"],
    ["EE", "+372"],
    ["NO", "+47"],
    ["CH", "+41"],
    ["GR", "+30"],
    ["HR", "+385"],
    ["SI", "+386"],
    ["BG", "+359"],
    ["RO", "+40"],
    ["HU", "+36"],
    ["FI", "+358"],
    ["IE", "+353"],
    ["PT", "+351"],
    ["LU", "+352"],
  ])("dials %s as %s", (code, prefix) => {
    expect(PHONE_PREFIXES[code]).toBe(prefix);
  });

  it("has a prefix for every supported country, each an ISO country", () => {
    for (const code of SUPPORTED_COUNTRIES)
      expect(PHONE_PREFIXES[code], code).toMatch(/^\+\d{1,3}$/);
    for (const code of Object.keys(PHONE_PREFIXES)) expect(isIsoCountryCode(code), code).toBe(true);
  });
});

describe("CountryCatalog", () => {
  it("starts from the built-in list", () => {
    const catalog = createCountryCatalog();
    expect(catalog.list()).toEqual(SUPPORTED_COUNTRIES);
    expect(catalog.has("PL")).toBe(true);
    expect(catalog.has("NO")).toBe(true);
    expect(catalog.has("US")).toBe(false);
  });

  it("is replaced by the live list", () => {
    const catalog = new CountryCatalog();
    expect(catalog.replace(["PL", "US", "ca"])).toBe(catalog);
    expect(catalog.list()).toEqual(["CA", "PL", "US"]);
    expect(catalog.has("US")).toBe(true);
    expect(catalog.has("DE")).toBe(false);
  });

  it("drops entries of the live list that are not country codes", () => {
    const catalog = new CountryCatalog().replace(["PL", "XX", "", 48, null, "POL", "UK"]);
    expect(catalog.list()).toEqual(["PL"]);
  });

  it("keeps catalogs independent of each other and of the built-in one", () => {
    const a = new CountryCatalog();
    const b = new CountryCatalog();
    a.replace(["US"]);
    expect(b.has("PL")).toBe(true);
    expect(BUILT_IN_COUNTRIES.has("PL")).toBe(true);
    expect(BUILT_IN_COUNTRIES.has("US")).toBe(false);
  });

  it("uses the same list for phone verification", () => {
    const catalog = new CountryCatalog(["PL", "DE"]);
    expect(catalog.phoneVerificationCountries()).toEqual(["DE", "PL"]);
  });

  it("narrows phone prefixes to the phone-verification countries", () => {
    const catalog = new CountryCatalog(["PL", "DE", "US"]);
    const prefixes = [
      { country_code: "PL", prefix: "+48" },
      { country_code: "DE", prefix: "+49" },
      { country_code: "FR", prefix: "+33" },
    ];
    expect(catalog.narrowPhonePrefixes(prefixes)).toEqual([
      { country_code: "PL", prefix: "+48" },
      { country_code: "DE", prefix: "+49" },
    ]);
    const builtIn = new CountryCatalog().narrowPhonePrefixes();
    expect(builtIn).toContainEqual({ country_code: "NO", prefix: "+47" });
    expect(builtIn).toContainEqual({ country_code: "PL", prefix: "+48" });
    expect(builtIn.map((entry) => entry.country_code).sort()).toEqual(SUPPORTED_COUNTRIES);
  });
});

describe("CountryCatalog: authoritative or not", () => {
  it("does not treat the built-in list as authoritative", () => {
    expect(new CountryCatalog().authoritative).toBe(false);
    expect(createCountryCatalog().authoritative).toBe(false);
    expect(BUILT_IN_COUNTRIES.authoritative).toBe(false);
  });

  it("does not treat a list given at creation as authoritative unless told so", () => {
    expect(new CountryCatalog(["PL", "US"]).authoritative).toBe(false);
    expect(createCountryCatalog(["PL", "US"]).authoritative).toBe(false);
    expect(createCountryCatalog(["PL", "US"], { authoritative: false }).authoritative).toBe(false);
    const told = createCountryCatalog(["PL", "US"], { authoritative: true });
    expect(told.authoritative).toBe(true);
    expect(told.list()).toEqual(["PL", "US"]);
  });

  it("becomes authoritative when the live list replaces the built-in one", () => {
    const catalog = new CountryCatalog();
    catalog.replace(["PL", "US"]);
    expect(catalog.authoritative).toBe(true);
  });

  it("is authoritative when created from the country list answer", () => {
    const catalog = countryCatalogFromResponse({ list: ["PL", "us", 42, "XX"] });
    expect(catalog.authoritative).toBe(true);
    expect(catalog.list()).toEqual(["PL", "US"]);
  });

  it("leaves the built-in catalog alone when another one is replaced", () => {
    new CountryCatalog().replace(["US"]);
    expect(BUILT_IN_COUNTRIES.authoritative).toBe(false);
  });
});

describe("checkCountryCode", () => {
  function check(value: unknown, catalog: CountryLookup = new CountryCatalog()) {
    const findings = new IssueCollector();
    checkCountryCode(value, "receiver.country_code", catalog, findings);
    return { errors: findings.errors, warnings: findings.warnings };
  }
  const live = () => new CountryCatalog().replace(["PL", "DE"]);

  it("accepts a supported country without a warning", () => {
    expect(check("PL")).toEqual({ errors: [], warnings: [] });
    expect(check("HR")).toEqual({ errors: [], warnings: [] });
    expect(check("DE", live())).toEqual({ errors: [], warnings: [] });
  });

  it.each(["GB", "CY", "UA", "US"])(
    "only warns about %s when the list is the built-in one, which may be incomplete",
    (country) => {
      expect(check(country)).toEqual({
        errors: [],
        warnings: [
          { path: "receiver.country_code", rule: "country_unverified", params: { country } },
        ],
      });
      expect(check(country, BUILT_IN_COUNTRIES)).toEqual(check(country));
    },
  );

  it("rejects a real country outside the live list", () => {
    expect(check("US", live())).toEqual({
      errors: [
        { path: "receiver.country_code", rule: "country_not_supported", params: { country: "US" } },
      ],
      warnings: [],
    });
  });

  it("rejects a country outside a list created as authoritative", () => {
    const catalog = createCountryCatalog(["PL"], { authoritative: true });
    expect(check("CZ", catalog).errors.map((finding) => finding.rule)).toEqual([
      "country_not_supported",
    ]);
  });

  it("treats a lookup that does not say it is authoritative as the built-in list", () => {
    const lookup: CountryLookup = { has: (code) => code === "PL" };
    expect(check("DE", lookup).warnings.map((finding) => finding.rule)).toEqual([
      "country_unverified",
    ]);
    expect(check("DE", { ...lookup, authoritative: true }).errors.map((f) => f.rule)).toEqual([
      "country_not_supported",
    ]);
  });

  it("accepts that country once the live list has it", () => {
    expect(check("US", new CountryCatalog().replace(["PL", "US"]))).toEqual({
      errors: [],
      warnings: [],
    });
  });

  it.each([
    ["Polska", "built-in"],
    ["pl", "built-in"],
    ["XX", "built-in"],
    ["UK", "built-in"],
    ["Polska", "live"],
    ["pl", "live"],
    ["XX", "live"],
    ["UK", "live"],
  ])("rejects %s, not an ISO code, with the %s list", (value, which) => {
    const result = check(value, which === "live" ? live() : new CountryCatalog());
    expect(result.errors.map((finding) => finding.rule)).toEqual(["country_invalid"]);
    expect(result.warnings).toEqual([]);
  });

  it("leaves absent values and other types to the schema", () => {
    expect(check(undefined)).toEqual({ errors: [], warnings: [] });
    expect(check(null)).toEqual({ errors: [], warnings: [] });
    expect(check(48)).toEqual({ errors: [], warnings: [] });
  });
});

describe("the country catalog factories refuse what is not a list", () => {
  it.each([["x"], [null], [5], [{ list: "PL" }], [{}]])(
    "countryCatalogFromResponse(%j) throws a TypeError naming response.list",
    (response) => {
      expect(() => countryCatalogFromResponse(response as never)).toThrow(
        new TypeError(
          "countryCatalogFromResponse(response): response must be the country list answer ({ list: [...] }), as client.countries() returns it",
        ),
      );
    },
  );

  it.each([["x"], [null], [5], [{ list: ["PL"] }]])(
    "createCountryCatalog(%j) throws a TypeError naming codes",
    (codes) => {
      expect(() => createCountryCatalog(codes as never)).toThrow(
        new TypeError(
          "createCountryCatalog(codes): codes must be a list of country codes (an array or another iterable of strings), or left out for the built-in list",
        ),
      );
    },
  );

  it("still take lists and leave the built-in list as the default", () => {
    expect(countryCatalogFromResponse({ list: ["pl", "DE"] }).list()).toEqual(["DE", "PL"]);
    expect(createCountryCatalog(new Set(["CZ"])).list()).toEqual(["CZ"]);
    expect(createCountryCatalog().list()).toEqual(SUPPORTED_COUNTRIES);
  });
});
