// Quotes kept for a while on the shop and the normalized request (destination
// postcode and country, origin, total weight, currency and the services
// asked; each shop's account has its own prices), so
// the checkout's repeated rate requests answer at once. Shopify caches a
// successful answer for 15 minutes too; this covers its other carts.
import type { ShopifyRate } from "./rate-request.ts";

interface Entry {
  readonly rates: readonly ShopifyRate[];
  readonly until: number;
}

export class QuoteCache {
  readonly #entries = new Map<string, Entry>();
  readonly #ttlMs: number;
  readonly #max: number;
  readonly #now: () => number;

  constructor(options: { ttlMs?: number; max?: number; now?: () => number } = {}) {
    this.#ttlMs = options.ttlMs ?? 10 * 60_000;
    this.#max = options.max ?? 5_000;
    this.#now = options.now ?? Date.now;
  }

  get(key: string): readonly ShopifyRate[] | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.rates;
  }

  set(key: string, rates: readonly ShopifyRate[]): void {
    // Oldest first out: a Map iterates in insertion order.
    if (this.#entries.size >= this.#max) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, { rates, until: this.#now() + this.#ttlMs });
  }
}
