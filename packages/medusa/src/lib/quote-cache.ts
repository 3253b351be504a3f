// Quotes kept for a while by their normalized input: Medusa prices every
// calculated shipping method on every cart change (even an e-mail update),
// so the same cart asks the same question many times. Identical questions
// asked at the same moment share one request; answers are kept `ttlMs`.
// Failures are not kept: the next cart change asks again.

export class QuoteCache<T> {
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #answers = new Map<string, { value: T; expires: number }>();
  readonly #inflight = new Map<string, Promise<T>>();
  /** How many questions went to the service (a miss that was not coalesced). */
  misses = 0;

  constructor(ttlMs: number, now: () => number = Date.now) {
    this.#ttlMs = ttlMs;
    this.#now = now;
  }

  async get(key: string, ask: () => Promise<T>): Promise<T> {
    const kept = this.#answers.get(key);
    if (kept !== undefined && kept.expires > this.#now()) return kept.value;
    if (kept !== undefined) this.#answers.delete(key);
    const running = this.#inflight.get(key);
    if (running !== undefined) return running;
    this.misses += 1;
    const promise = ask().then(
      (value) => {
        this.#answers.set(key, { value, expires: this.#now() + this.#ttlMs });
        this.#evictExpired();
        return value;
      },
      (error: unknown) => {
        throw error;
      },
    );
    this.#inflight.set(key, promise);
    try {
      return await promise;
    } finally {
      this.#inflight.delete(key);
    }
  }

  #evictExpired(): void {
    if (this.#answers.size < 1000) return;
    const now = this.#now();
    for (const [key, entry] of this.#answers) if (entry.expires <= now) this.#answers.delete(key);
  }
}
