// The countries the service ships to, which (since v1.0.112) are also the
// countries accepted in edit-user-data `country_code` and the countries with
// phone-number verification, which narrow the dictionary's `phone_prefixes`.
// One list, kept as data; a CountryCatalog carries it, and the live list from
// the API (the country list answer's `list`) can replace the built-in one.
// Only the live list is authoritative: the built-in one holds our own reading
// of the years before v1.0.112, so a country outside it is a warning (load the
// live list), never an error that would block a merchant's real shipment.
// Catalogs are plain objects owned by the caller: there is no global state.
import type { IssueCollector } from "../issues/issue-collector.ts";
import { RULE_CODES } from "../issues/rule-codes.ts";
import { isIsoCountryCode } from "./regions.ts";

/**
 * The list before v1.0.112. The API never published it; this is our reading:
 * the EU member states the service served at the time.
 */
// biome-ignore format: a dense table of country codes
export const COUNTRIES_BEFORE_V1_0_112: readonly string[] = Object.freeze([
  "PL", "AT", "BE", "CZ", "DE", "DK", "ES", "FI", "FR", "HU", "IE", "IT", "LU", "NL", "PT", "SE",
  "SK",
]);

/** Added by v1.0.112, when the country list and edit-user-data `country_code` were unified. */
// biome-ignore format: a dense table of country codes
export const COUNTRIES_ADDED_IN_V1_0_112: readonly string[] = Object.freeze([
  "BG", "CH", "EE", "GR", "HR", "LT", "LV", "NO", "RO", "SI",
]);

/** The built-in list: ship-to countries, edit-user-data countries and phone-verification countries. */
export const SUPPORTED_COUNTRIES: readonly string[] = Object.freeze(
  [...COUNTRIES_BEFORE_V1_0_112, ...COUNTRIES_ADDED_IN_V1_0_112].sort(),
);

/** International dialling prefixes of the supported countries (and any ISO country a live list may add). */
// biome-ignore format: a dense table reads better than one entry per line
export const PHONE_PREFIXES: Readonly<Record<string, string>> = Object.freeze({
  AT: "+43", BE: "+32", BG: "+359", CH: "+41", CZ: "+420", DE: "+49", DK: "+45", EE: "+372",
  ES: "+34", FI: "+358", FR: "+33", GB: "+44", GR: "+30", HR: "+385", HU: "+36", IE: "+353",
  IT: "+39", LT: "+370", LU: "+352", LV: "+371", NL: "+31", NO: "+47", PL: "+48", PT: "+351",
  RO: "+40", SE: "+46", SI: "+386", SK: "+421", CY: "+357", MT: "+356", IS: "+354", LI: "+423",
  UA: "+380",
});

/** One entry of the dictionary's `phone_prefixes`. */
export interface PhonePrefixEntry {
  readonly country_code: string;
  readonly prefix: string;
}

const BUILT_IN_PHONE_PREFIX_ENTRIES: readonly PhonePrefixEntry[] = Object.freeze(
  Object.entries(PHONE_PREFIXES).map(([country_code, prefix]) => ({ country_code, prefix })),
);

/** How a catalog's list is to be trusted. */
export interface CountryCatalogOptions {
  /**
   * True when the list is the service's own (its country list answer): a
   * country outside it is then an error. Default false: a country outside the
   * list is only a warning, because the list may be incomplete.
   */
  readonly authoritative?: boolean;
}

/**
 * The countries the service accepts. Starts from the built-in list, which is
 * not authoritative; `replace` swaps in the live list (`GET` country list,
 * field `list`), which is.
 */
export class CountryCatalog {
  #codes: ReadonlySet<string>;
  #list: readonly string[];
  #authoritative: boolean;

  constructor(codes: Iterable<string> = SUPPORTED_COUNTRIES, options: CountryCatalogOptions = {}) {
    this.#list = CountryCatalog.#clean(codes);
    this.#codes = new Set(this.#list);
    this.#authoritative = options.authoritative === true;
  }

  /**
   * Replaces the list with the live one, which makes the catalog
   * authoritative. Entries that are not ISO 3166-1 alpha-2 codes are dropped;
   * lower case is accepted. Returns the catalog.
   */
  replace(list: Iterable<unknown>): this {
    this.#list = CountryCatalog.#clean(list);
    this.#codes = new Set(this.#list);
    this.#authoritative = true;
    return this;
  }

  /**
   * True when the list is the service's own (replaced from the live list, or
   * created as authoritative): a country outside it is an error. False for the
   * built-in list: a country outside it is a warning.
   */
  get authoritative(): boolean {
    return this.#authoritative;
  }

  /** True when the service accepts this country. */
  has(code: string): boolean {
    return this.#codes.has(code);
  }

  /** The accepted country codes, sorted. */
  list(): readonly string[] {
    return this.#list;
  }

  /** The countries with phone-number verification (the same list since v1.0.112). */
  phoneVerificationCountries(): readonly string[] {
    return this.#list;
  }

  /**
   * Narrows the dictionary's `phone_prefixes` (entries `{ country_code, prefix }`)
   * to the countries with phone-number verification. Without an argument,
   * narrows the built-in prefixes.
   */
  narrowPhonePrefixes<T extends { readonly country_code: string }>(
    prefixes?: readonly T[],
  ): T[] | PhonePrefixEntry[] {
    const entries: readonly { readonly country_code: string }[] =
      prefixes ?? BUILT_IN_PHONE_PREFIX_ENTRIES;
    return entries.filter((entry) => this.#codes.has(entry.country_code)) as T[];
  }

  static #clean(codes: Iterable<unknown>): readonly string[] {
    const result = new Set<string>();
    for (const entry of codes) {
      if (typeof entry !== "string" || entry.length !== 2) continue;
      const code = entry.toUpperCase();
      if (isIsoCountryCode(code)) result.add(code);
    }
    return Object.freeze([...result].sort());
  }
}

/**
 * A catalog with the built-in list (not authoritative), or with the given
 * codes, authoritative only when `options.authoritative` says so.
 */
export function createCountryCatalog(
  codes?: Iterable<string>,
  options?: CountryCatalogOptions,
): CountryCatalog {
  if (codes !== undefined && !isList(codes)) {
    throw new TypeError(
      "createCountryCatalog(codes): codes must be a list of country codes (an array or another iterable of strings), or left out for the built-in list",
    );
  }
  return new CountryCatalog(codes, options);
}

/** An iterable that is not a string (a string iterates its letters, never country codes). */
function isList(value: unknown): value is Iterable<unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { [Symbol.iterator]?: unknown })[Symbol.iterator] === "function"
  );
}

/**
 * An authoritative catalog from the service's country list answer
 * (`GET /configuration/allowed-countries`): its `list` replaces the built-in one.
 */
export function countryCatalogFromResponse(response: {
  readonly list: Iterable<unknown>;
}): CountryCatalog {
  const list = (response as { list?: unknown } | null | undefined)?.list;
  if (typeof response !== "object" || !isList(list)) {
    // A clear error rather than the TypeError of iterating null, or a string read letter by letter.
    throw new TypeError(
      "countryCatalogFromResponse(response): response must be the country list answer ({ list: [...] }), as client.countries() returns it",
    );
  }
  return new CountryCatalog().replace(list);
}

/**
 * The catalog used when the caller passes none: the built-in list, not
 * authoritative. Read-only by contract: never replaced.
 */
export const BUILT_IN_COUNTRIES: Pick<
  CountryCatalog,
  "has" | "list" | "phoneVerificationCountries" | "narrowPhonePrefixes" | "authoritative"
> = new CountryCatalog();

/**
 * What a country check needs from a catalog: whether a country is on the
 * list, and whether the list is the service's own. Without `authoritative:
 * true`, a country outside the list is a warning, not an error.
 */
export interface CountryLookup {
  has(code: string): boolean;
  readonly authoritative?: boolean;
}

/**
 * What a `countries` option may be: a CountryLookup (a CountryCatalog, or
 * anything with `has(code)`), or the service's country list answer as
 * `client.countries()` returns it (`{ list }`), read as an authoritative catalog.
 */
export type CountriesOption = CountryLookup | { readonly list: Iterable<unknown> };

/**
 * The lookup a `countries` option stands for, or undefined when the value is
 * none of the forms of CountriesOption (the caller reports it at its path).
 */
export function countryLookupOf(value: unknown): CountryLookup | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const given = value as { has?: unknown; list?: unknown };
  if (typeof given.has === "function") return value as CountryLookup;
  return isList(given.list) ? countryCatalogFromResponse({ list: given.list }) : undefined;
}

/**
 * Checks one `country_code` value: an ISO 3166-1 alpha-2 code (an error
 * otherwise) that the catalog accepts. A country outside an authoritative
 * list is the error `country_not_supported`; outside a list that is not
 * authoritative (the built-in one), the warning `country_unverified`.
 * Absent values are left to the schema.
 */
export function checkCountryCode(
  value: unknown,
  path: string,
  catalog: CountryLookup,
  findings: IssueCollector,
): void {
  if (value === undefined || value === null) return;
  if (!isIsoCountryCode(value)) {
    if (typeof value === "string") findings.error(path, RULE_CODES.country_invalid);
    return;
  }
  if (catalog.has(value)) return;
  if (catalog.authoritative === true) {
    findings.error(path, RULE_CODES.country_not_supported, { country: value });
  } else {
    findings.warn(path, RULE_CODES.country_unverified, { country: value });
  }
}
