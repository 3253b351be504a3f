// The service's live country list for shipOrder: loaded through the client
// the first time it ships (and again a day later), shared by every run on
// that client, so that a country the service does not serve is refused before
// anything is created. A failed load is not kept: the next run asks again.
import type { ShippingClient } from "../api/index.ts";
import { type CountryCatalog, countryCatalogFromResponse } from "../rules/index.ts";
import { ClientCache } from "./client-cache.ts";

/** How long a loaded list is used before it is asked for again. */
export const LIVE_COUNTRIES_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const loaded = new ClientCache<ShippingClient, CountryCatalog>(LIVE_COUNTRIES_MAX_AGE_MS);

/** The client's live country list (authoritative); waits within `signal`. */
export function liveCountries(
  client: ShippingClient,
  signal?: AbortSignal,
): Promise<CountryCatalog> {
  return loaded.get(client, "", () => client.countries().then(countryCatalogFromResponse), signal);
}
