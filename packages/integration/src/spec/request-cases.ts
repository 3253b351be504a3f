// The spec table for the other requests named in the change history, written
// from the service's specification alone: address autocomplete (4.3), edit
// user data and the country list (9.8), price calculation (9.9) and the
// messages' language header (4.3, 9.3). Each row cites its section and says
// what is sent and whether the spec accepts it or refuses it (rule, path).
import { RULE_CODES } from "@shipbridge/core";
import type { Refusal } from "./package-cases.ts";

export type RequestOutcome =
  | { readonly accepted: true }
  | {
      readonly refused: Omit<Refusal, "path"> & {
        /** The field named; when the spec names no single field, the fields either may be. */
        readonly path: string | readonly string[];
      };
    };

export interface RequestCase<Input> {
  readonly section: string;
  readonly title: string;
  readonly input: Input;
  readonly expect: RequestOutcome;
}

/** The search parameters of GET /address-autocomplete (the text searched is `query`). */
export interface AutocompleteInput {
  readonly query: string;
  readonly regions?: readonly string[];
  readonly country_code?: string;
}

const REGIONS = ["europe", "north_america", "south_america", "asia", "africa", "oceania"];

export const AUTOCOMPLETE_CASES: readonly RequestCase<AutocompleteInput>[] = [
  ...REGIONS.map((region) => ({
    section: "4.3",
    title: `regions=${region}`,
    input: { query: "Main", regions: [region] },
    expect: { accepted: true } as const,
  })),
  {
    section: "4.3",
    title: "several regions",
    input: { query: "Main", regions: ["europe", "asia"] },
    expect: { accepted: true },
  },
  {
    section: "4.3",
    title: "regions is optional",
    input: { query: "Main" },
    expect: { accepted: true },
  },
  {
    section: "4.3",
    title: "country_code alone",
    input: { query: "Main", country_code: "DE" },
    expect: { accepted: true },
  },
  {
    section: "4.3",
    title: "a region outside the six values",
    input: { query: "Main", regions: ["antarctica"] },
    expect: { refused: { rule: RULE_CODES.invalid_value, path: "regions[0]" } },
  },
  {
    section: "4.3",
    title: "regions together with country_code (mutually exclusive)",
    input: { query: "Main", regions: ["europe"], country_code: "DE" },
    expect: {
      refused: { rule: RULE_CODES.regions_with_country_code, path: ["regions", "country_code"] },
    },
  },
];

/** The countries v1.0.112 added to the country list and to edit user data. */
export const V1_0_112_COUNTRIES = ["BG", "CH", "EE", "GR", "HR", "LT", "LV", "NO", "RO", "SI"];

export const USER_DATA_CASES: readonly RequestCase<{ readonly country_code: string }>[] = [
  ...V1_0_112_COUNTRIES.map((code) => ({
    section: "9.8",
    title: `country_code ${code}, added in v1.0.112`,
    input: { country_code: code },
    expect: { accepted: true } as const,
  })),
  {
    section: "4.3",
    title: "country_code PL",
    input: { country_code: "PL" },
    expect: { accepted: true },
  },
  {
    section: "4.3",
    title: "a country_code that is no country",
    input: { country_code: "XX" },
    expect: { refused: { rule: RULE_CODES.country_invalid, path: "country_code" } },
  },
];

export const CALCULATE_PRICE_CASES: readonly RequestCase<{ readonly services: string[] }>[] = [
  {
    section: "9.9",
    title: "the fuel-retailer parcel network is orlen",
    input: { services: ["orlen"] },
    expect: { accepted: true },
  },
  {
    section: "9.9",
    title: "orlen among other carriers",
    input: { services: ["orlen", "inpost", "dpd"] },
    expect: { accepted: true },
  },
];

/** The values of X-Language that select the messages' language (4.3). */
export const MESSAGE_LANGUAGES = ["pl_PL", "en_GB"] as const;
