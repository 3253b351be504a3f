// The service's live country list for shipOrder: loaded through the client
// the first time it ships (and again a day later), shared by every run on
// that client, so that a country the service does not serve is refused before
// anything is created. A failed load is not kept: the next run asks again.
import type { ShippingClient } from "../api/index.ts";
import { type CountryCatalog, countryCatalogFromResponse } from "../rules/index.ts";

/** How long a loaded list is used before it is asked for again. */
export const LIVE_COUNTRIES_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const loaded = new WeakMap<ShippingClient, { at: number; catalog: Promise<CountryCatalog> }>();

/** The client's live country list (authoritative); waits within `signal`. */
export function liveCountries(
  client: ShippingClient,
  signal?: AbortSignal,
): Promise<CountryCatalog> {
  const now = Date.now();
  let entry = loaded.get(client);
  if (entry === undefined || now - entry.at >= LIVE_COUNTRIES_MAX_AGE_MS) {
    // Loaded without the caller's signal: other runs on the client share it.
    const catalog = client.countries().then(countryCatalogFromResponse);
    const current = { at: now, catalog };
    loaded.set(client, current);
    catalog.catch(() => {
      if (loaded.get(client) === current) loaded.delete(client);
    });
    entry = current;
  }
  return untilAborted(entry.catalog, signal);
}

/** The promise, or the signal's reason when it aborts first. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
