// The six geographic regions of address autocomplete, each with all of its
// ISO 3166-1 alpha-2 countries (every one of the 249 codes sits in exactly one
// region), and the rule that `regions` and `country_code` exclude each other.
//
// The split follows the UN M49 geoscheme, with these decisions:
// - Central America and the Caribbean belong to `north_america`.
// - Cyprus (CY) is in `europe` (an EU member state); Turkey, Georgia, Armenia
//   and Azerbaijan are in `asia`; Russia is in `europe`.
// - Antarctica (AQ) has no region of its own and is placed in `oceania`;
//   Bouvet Island (BV) and South Georgia (GS) in `south_america`; the French
//   Southern Territories (TF) and the British Indian Ocean Territory (IO) in
//   `africa`; Heard and McDonald Islands (HM) and the US Minor Outlying
//   Islands (UM) in `oceania`.
import type { IssueCollector } from "../issues/issue-collector.ts";
import { RULE_CODES } from "../issues/rule-codes.ts";
import { asRecord } from "./draft.ts";

// biome-ignore format: a dense table of country codes reads better than one per line
export const REGION_COUNTRIES = {
  europe: [
    "AD", "AL", "AT", "AX", "BA", "BE", "BG", "BY", "CH", "CY", "CZ", "DE", "DK", "EE", "ES",
    "FI", "FO", "FR", "GB", "GG", "GI", "GR", "HR", "HU", "IE", "IM", "IS", "IT", "JE", "LI",
    "LT", "LU", "LV", "MC", "MD", "ME", "MK", "MT", "NL", "NO", "PL", "PT", "RO", "RS", "RU",
    "SE", "SI", "SJ", "SK", "SM", "UA", "VA",
  ],
  asia: [
    "AE", "AF", "AM", "AZ", "BD", "BH", "BN", "BT", "CN", "GE", "HK", "ID", "IL", "IN", "IQ",
    "IR", "JO", "JP", "KG", "KH", "KP", "KR", "KW", "KZ", "LA", "LB", "LK", "MM", "MN", "MO",
    "MV", "MY", "NP", "OM", "PH", "PK", "PS", "QA", "SA", "SG", "SY", "TH", "TJ", "TL", "TM",
    "TR", "TW", "UZ", "VN", "YE",
  ],
  africa: [
    "AO", "BF", "BI", "BJ", "BW", "CD", "CF", "CG", "CI", "CM", "CV", "DJ", "DZ", "EG", "EH",
    "ER", "ET", "GA", "GH", "GM", "GN", "GQ", "GW", "IO", "KE", "KM", "LR", "LS", "LY", "MA",
    "MG", "ML", "MR", "MU", "MW", "MZ", "NA", "NE", "NG", "RE", "RW", "SC", "SD", "SH", "SL",
    "SN", "SO", "SS", "ST", "SZ", "TD", "TF", "TG", "TN", "TZ", "UG", "YT", "ZA", "ZM", "ZW",
  ],
  north_america: [
    "AG", "AI", "AW", "BB", "BL", "BM", "BQ", "BS", "BZ", "CA", "CR", "CU", "CW", "DM", "DO",
    "GD", "GL", "GP", "GT", "HN", "HT", "JM", "KN", "KY", "LC", "MF", "MQ", "MS", "MX", "NI",
    "PA", "PM", "PR", "SV", "SX", "TC", "TT", "US", "VC", "VG", "VI",
  ],
  south_america: [
    "AR", "BO", "BR", "BV", "CL", "CO", "EC", "FK", "GF", "GS", "GY", "PE", "PY", "SR", "UY",
    "VE",
  ],
  oceania: [
    "AQ", "AS", "AU", "CC", "CK", "CX", "FJ", "FM", "GU", "HM", "KI", "MH", "MP", "NC", "NF",
    "NR", "NU", "NZ", "PF", "PG", "PN", "PW", "SB", "TK", "TO", "TV", "UM", "VU", "WF", "WS",
  ],
} as const satisfies Record<string, readonly string[]>;

export type Region = keyof typeof REGION_COUNTRIES;

/** The region names, in the order the API documents them. */
export const REGION_NAMES: readonly Region[] = [
  "europe",
  "north_america",
  "south_america",
  "asia",
  "africa",
  "oceania",
];

const REGION_BY_COUNTRY: ReadonlyMap<string, Region> = new Map(
  REGION_NAMES.flatMap((region) => REGION_COUNTRIES[region].map((code) => [code, region] as const)),
);

/** Every ISO 3166-1 alpha-2 code, sorted. */
export const ISO_COUNTRY_CODES: readonly string[] = Object.freeze(
  [...REGION_BY_COUNTRY.keys()].sort(),
);

/** True for an assigned ISO 3166-1 alpha-2 code (upper case). */
export function isIsoCountryCode(value: unknown): value is string {
  return typeof value === "string" && REGION_BY_COUNTRY.has(value);
}

/** The region of a country code, or undefined for a code that is not ISO 3166-1. */
export function regionOf(countryCode: string): Region | undefined {
  return REGION_BY_COUNTRY.get(countryCode);
}

/** The countries of the given regions (deduplicated, in region order). */
export function countriesOfRegions(regions: readonly Region[]): readonly string[] {
  return [...new Set(regions.flatMap((region) => REGION_COUNTRIES[region] ?? []))];
}

/**
 * Address autocomplete narrows its search either by `regions` or by
 * `country_code`, never both: report the conflict on `regions`.
 */
export function checkRegionsExcludeCountryCode(request: unknown, findings: IssueCollector): void {
  const record = asRecord(request);
  if (record === undefined) return;
  const regions = record["regions"];
  const countryCode = record["country_code"];
  const hasRegions = regions !== undefined && regions !== null;
  const hasCountry = countryCode !== undefined && countryCode !== null && countryCode !== "";
  if (hasRegions && hasCountry) {
    findings.error("regions", RULE_CODES.regions_with_country_code);
  }
}
