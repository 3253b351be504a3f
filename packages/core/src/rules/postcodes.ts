// Postcodes per country: the form the national post writes them in, which is
// the form a carrier's sorting reads and a label must print. A postcode that
// does not fit its country's form is refused (postcode_invalid) before a
// parcel is bought for an address it cannot reach.
//
// Decisions:
// - validatePackage (and so the sandbox, which validates through it) accepts
//   only the written form: Polish "NN-NNN", Czech and Slovak "NNN NN", Dutch
//   "NNNN AA", and so on, as in POSTCODE_FORMATS. Where two forms are in
//   common use (Greek and Swedish with or without the space, Lithuanian and
//   Latvian with or without the country prefix), both are accepted.
// - The mapping from a store's address (toPackage, checkAddress) first
//   normalizes the common typings to that form, with the warning
//   postcode_normalized: a Polish "80831" or "80 831" becomes "80-831", a
//   Portuguese "1000 001" "1000-001", a Czech "11000" "110 00", a Dutch
//   "1012ab" "1012 AB", a British "sw1a1aa" "SW1A 1AA". Every dash (en dash,
//   non-breaking hyphen...) is read as "-"; spaces around a dash and repeated
//   spaces go. A country prefix is dropped for every country, with an
//   optional "-" or space: its ISO code ("DE-10115", "CZ-110 00",
//   "PL-80-831") and the old European postal prefix ("D-10115", "F-75001",
//   "CH-8001", "A-1010"), except where the prefix is part of the written
//   form (Lithuania's and Latvia's "LT-", "LV-"). What still does not fit is
//   refused.
// - The table covers every country of the built-in list (the service's
//   ship-to countries), the countries the live list is known to add (GB, CY,
//   MT, IS, LI, UA) and a few countries without postcodes. A country outside
//   the table is not checked: the service is the judge there.
// - Countries without postcodes (no national system) accept any text,
//   because the schema still asks for one; a dash is what merchants write.
import type { IssueCollector } from "../issues/issue-collector.ts";
import { joinPath } from "../issues/path.ts";
import { RULE_CODES } from "../issues/rule-codes.ts";
import type { Draft } from "./draft.ts";

/** One country's postcode form: the pattern it must match and an example for messages. */
export interface PostcodeFormat {
  /** The written form, as messages show it (N a digit, A a letter). */
  readonly form: string;
  /** A real postcode of the country in that form. */
  readonly example: string;
  readonly pattern: RegExp;
  /** Turns a common typing (already upper-cased, spaces collapsed) into the written form. */
  readonly normalize?: (value: string) => string;
}

const digits = (count: number): RegExp => new RegExp(`^\\d{${count}}$`);

/** "NNNNN" typed without the space: "NNN NN". */
const spaceAfterThree = (value: string): string =>
  /^\d{5}$/.test(value) ? `${value.slice(0, 3)} ${value.slice(3)}` : value;

/** A British or Irish code typed without its space: the space goes before the last 3 (GB) or 4 (IE) characters. */
const spaceBeforeLast =
  (count: number) =>
  (value: string): string => {
    const compact = value.replace(/ /g, "");
    return compact.length > count ? `${compact.slice(0, -count)} ${compact.slice(-count)}` : value;
  };

/** British postcodes, and Girobank's "GIR 0AA", which is outside the usual forms. */
const GB_PATTERN =
  /^(?:(?:[A-Z]{1,2}\d[A-Z\d]?|[A-Z]{1,2}\d{2}|[A-Z]\d[A-Z]|[A-Z]{2}\d[A-Z]) \d[A-Z]{2}|GIR 0AA)$/;

/** "NN NNN" or "NNNNN" as Poland writes it, "NN-NNN". */
const polish = (v: string): string =>
  /^\d{2} ?\d{3}$/.test(v) ? `${v.slice(0, 2)}-${v.slice(-3)}` : v;

/** The postcode forms by country (ISO 3166-1 alpha-2). */
// biome-ignore format: one country per line reads better
export const POSTCODE_FORMATS: Readonly<Record<string, PostcodeFormat>> = Object.freeze({
  PL: { form: "NN-NNN", example: "00-950", pattern: /^\d{2}-\d{3}$/, normalize: polish },
  AT: { form: "NNNN", example: "1010", pattern: /^[1-9]\d{3}$/ },
  BE: { form: "NNNN", example: "1000", pattern: /^[1-9]\d{3}$/ },
  BG: { form: "NNNN", example: "1000", pattern: /^[1-9]\d{3}$/ },
  CH: { form: "NNNN", example: "8001", pattern: /^[1-9]\d{3}$/ },
  CY: { form: "NNNN", example: "1010", pattern: digits(4) },
  CZ: { form: "NNN NN", example: "110 00", pattern: /^[1-7]\d{2} \d{2}$/, normalize: spaceAfterThree },
  DE: { form: "NNNNN", example: "10115", pattern: digits(5) },
  DK: { form: "NNNN", example: "1050", pattern: digits(4) },
  EE: { form: "NNNNN", example: "10111", pattern: /^[1-9]\d{4}$/ },
  ES: { form: "NNNNN", example: "28001", pattern: /^(?:0[1-9]|[1-4]\d|5[0-2])\d{3}$/ },
  FI: { form: "NNNNN", example: "00100", pattern: digits(5) },
  FR: { form: "NNNNN", example: "75001", pattern: digits(5) },
  GB: { form: "AN NAA, ANN NAA, AAN NAA, AANN NAA, ANA NAA or AANA NAA", example: "SW1A 1AA",
    pattern: GB_PATTERN, normalize: spaceBeforeLast(3) },
  // Greek and Swedish postcodes are as often written without their space; both forms are read.
  GR: { form: "NNN NN", example: "105 57", pattern: /^\d{3} ?\d{2}$/, normalize: spaceAfterThree },
  HR: { form: "NNNNN", example: "10000", pattern: /^[1-5]\d{4}$/ },
  HU: { form: "NNNN", example: "1051", pattern: /^[1-9]\d{3}$/ },
  // Eircode: a routing key (a letter and two digits, or D6W) and a four-character identifier.
  IE: { form: "ANN AAAA (Eircode)", example: "D02 X285",
    pattern: /^(?:[AC-FHKNPRTV-Y]\d{2}|D6W) [0-9AC-FHKNPRTV-Y]{4}$/, normalize: spaceBeforeLast(4) },
  IS: { form: "NNN", example: "101", pattern: digits(3) },
  IT: { form: "NNNNN", example: "00184", pattern: digits(5) },
  LI: { form: "NNNN", example: "9490", pattern: /^94(?:8[5-9]|9\d)$/ },
  LT: { form: "NNNNN or LT-NNNNN", example: "LT-01100", pattern: /^(?:LT-)?\d{5}$/,
    normalize: (v) => v.replace(/^LT ?(?=\d{5}$)/, "LT-") },
  LU: { form: "NNNN", example: "1009", pattern: digits(4) },
  LV: { form: "NNNN or LV-NNNN", example: "LV-1050", pattern: /^(?:LV-)?\d{4}$/,
    normalize: (v) => v.replace(/^LV ?(?=\d{4}$)/, "LV-") },
  MT: { form: "AAA NNNN", example: "VLT 1117", pattern: /^[A-Z]{3} \d{4}$/, normalize: spaceBeforeLast(4) },
  NL: { form: "NNNN AA", example: "1012 AB", pattern: /^[1-9]\d{3} (?!SA|SD|SS)[A-Z]{2}$/,
    normalize: spaceBeforeLast(2) },
  NO: { form: "NNNN", example: "0150", pattern: digits(4) },
  PT: { form: "NNNN-NNN", example: "1000-001", pattern: /^[1-9]\d{3}-\d{3}$/,
    normalize: (v) => (/^\d{4} ?\d{3}$/.test(v) ? `${v.slice(0, 4)}-${v.slice(-3)}` : v) },
  RO: { form: "NNNNNN", example: "010011", pattern: digits(6) },
  SE: { form: "NNN NN", example: "111 52", pattern: /^[1-9]\d{2} ?\d{2}$/,
    normalize: spaceAfterThree },
  SI: { form: "NNNN", example: "1000", pattern: /^[1-9]\d{3}$/ },
  SK: { form: "NNN NN", example: "811 01", pattern: /^[089]\d{2} \d{2}$/, normalize: spaceAfterThree },
  UA: { form: "NNNNN", example: "01001", pattern: digits(5) },
});

/**
 * The old European postal prefixes (from the vehicle country codes) that
 * merchants still type before a postcode, besides the ISO code.
 */
// biome-ignore format: a dense table of country codes
const OLD_PREFIXES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  AT: ["A"], BE: ["B"], DE: ["D"], EE: ["EST"], ES: ["E"], FI: ["FIN", "SF"], FR: ["F"],
  HU: ["H"], IE: ["IRL"], IT: ["I"], LI: ["FL"], LU: ["L"], MT: ["M"], NO: ["N"], PT: ["P"],
  SE: ["S"], SI: ["SLO"],
});

/** Countries whose written form keeps the prefix ("LT-01100"): it is not dropped there. */
const PREFIX_IN_FORM = new Set(["LT", "LV"]);

/** The postcode without its country prefix ("DE-10115", "D 10115", "PL-80-831"), when it has one. */
function withoutCountryPrefix(country: string, value: string): string {
  if (PREFIX_IN_FORM.has(country)) return value;
  const prefixes = [country, ...(OLD_PREFIXES[country] ?? [])];
  // Longest first, so "FIN-" is not read as "F" and "IN-".
  prefixes.sort((a, b) => b.length - a.length);
  for (const prefix of prefixes) {
    if (!value.startsWith(prefix)) continue;
    const rest = value.slice(prefix.length);
    // A separator, or a digit straight after it ("D10115"): never a letter, which would be the postcode's own.
    const stripped = rest.replace(/^[- ]/, "");
    if (stripped !== rest || /^\d/.test(rest)) return stripped;
  }
  return value;
}

/** Countries with no postcode system: any text is accepted where the schema asks for one. */
// biome-ignore format: a dense table of country codes
export const COUNTRIES_WITHOUT_POSTCODES: readonly string[] = Object.freeze([
  "AE", "AG", "AO", "BS", "BZ", "FJ", "GH", "HK", "JM", "KI", "MO", "QA", "TV", "UG", "ZW",
]);

const NO_POSTCODES = new Set(COUNTRIES_WITHOUT_POSTCODES);

/** The country's postcode form, or undefined when the country has none or is not in the table. */
export function postcodeFormat(country: string): PostcodeFormat | undefined {
  return NO_POSTCODES.has(country) ? undefined : POSTCODE_FORMATS[country];
}

/** True when `postcode` is in the written form of `country` (any text for a country outside the table). */
export function isValidPostcode(country: string, postcode: string): boolean {
  const format = postcodeFormat(country);
  return format === undefined || format.pattern.test(postcode);
}

/**
 * The written form of a postcode typed the common way ("80831" in Poland), or
 * the postcode as given (trimmed) when it cannot be read as one.
 */
export function normalizePostcode(country: string, postcode: string): string {
  const format = postcodeFormat(country);
  const trimmed = postcode.trim();
  if (format === undefined || format.pattern.test(trimmed)) return trimmed;
  const tidy = trimmed
    .toUpperCase()
    .replace(/\p{Pd}/gu, "-")
    .replace(/\s+/g, " ")
    .replace(/ ?- ?/g, "-");
  const bare = withoutCountryPrefix(country, tidy);
  const normalized = format.normalize === undefined ? bare : format.normalize(bare);
  return format.pattern.test(normalized) ? normalized : trimmed;
}

/**
 * Checks the postcode of an address draft against its country's form. With
 * `normalize` (the mapping from a store), a common typing is first rewritten
 * to the written form, with the warning postcode_normalized. An address
 * without a country or a postcode is left to the schema.
 */
export function checkPostcode(
  address: Draft,
  path: string,
  findings: IssueCollector,
  options: { readonly normalize?: boolean } = {},
): void {
  const country = address["country_code"];
  const postcode = address["postcode"];
  if (typeof country !== "string" || typeof postcode !== "string" || postcode === "") return;
  const format = postcodeFormat(country);
  if (format === undefined) return;
  const at = joinPath(path, "postcode");
  let value = postcode;
  if (options.normalize === true) {
    value = normalizePostcode(country, postcode);
    if (value !== postcode.trim() && format.pattern.test(value)) {
      findings.warn(at, RULE_CODES.postcode_normalized, { from: postcode, to: value, country });
    }
    address["postcode"] = value;
  }
  if (!format.pattern.test(value)) {
    findings.error(at, RULE_CODES.postcode_invalid, {
      country,
      form: format.form,
      example: format.example,
    });
  }
}
