// Whether a Polish postcode belongs to the address's city, asked of the
// service's city list (GET /cities?postcode=…) before shipOrder creates
// anything: "12-345 Gdańsk" or "30-001 Gdańsk" has the form of a postcode,
// but a parcel to it goes to the wrong town, is paid for and comes back.
//
// - Only Polish addresses: the list is of Polish cities.
// - Refused (postcode_city_mismatch) only when the service lists cities for
//   the postcode and none of them is the address's city, compared without
//   case, diacritics, spaces and dashes ("Gdansk" is "Gdańsk").
// - A postcode the service lists no city for is accepted: its list may be
//   partial (the sandbox's is: it knows a postcode range per large city
//   only), so "no city" does not mean "no such postcode".
// - The answers are kept per client and postcode for a day, like the live
//   country list (live-countries.ts); a failed lookup is not kept.
import type { ShippingClient } from "../api/index.ts";
import type { Issue } from "../issues/issue.ts";
import type { Language } from "../issues/language.ts";
import { renderMessage } from "../issues/messages.ts";
import { RULE_CODES } from "../issues/rule-codes.ts";
import { samePlaceName } from "../rules/place-names.ts";
import { ClientCache } from "./client-cache.ts";

/** How long a postcode's cities are used before they are asked for again. */
export const POSTCODE_CITIES_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const loaded = new ClientCache<ShippingClient, readonly string[]>(POSTCODE_CITIES_MAX_AGE_MS);

/** The names of the cities the service lists for a Polish postcode (shared per client). */
export function postcodeCities(
  client: ShippingClient,
  postcode: string,
  signal?: AbortSignal,
): Promise<readonly string[]> {
  const load = () =>
    client
      .cities({ postcode, country_code: "PL", limit: 100 })
      .then((response) => response.cities.map((city) => city.name));
  return loaded.get(client, postcode, load, signal);
}

/**
 * The postcode_city_mismatch issue at `path` when the service lists cities
 * for a Polish address's postcode and none is its city; undefined otherwise.
 */
export async function checkPostcodeCity(
  client: ShippingClient,
  address: {
    readonly country_code?: unknown;
    readonly postcode?: unknown;
    readonly city?: unknown;
  },
  path: string,
  language: Language,
  signal?: AbortSignal,
): Promise<Issue | undefined> {
  const { country_code: country, postcode, city } = address;
  if (country !== "PL" || typeof postcode !== "string" || typeof city !== "string") return;
  if (postcode.trim() === "" || city.trim() === "") return;
  const cities = await postcodeCities(client, postcode, signal);
  if (cities.length === 0) return;
  if (cities.some((name) => samePlaceName(name, city))) return;
  const params = { postcode, city, cities: [...new Set(cities)].join(", ") };
  const rule = RULE_CODES.postcode_city_mismatch;
  return { path, rule, message: renderMessage({ path, rule, params }, language) };
}
