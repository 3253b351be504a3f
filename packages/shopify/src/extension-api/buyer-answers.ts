// What the buyer's route has read of an order lately, so that asking again
// costs Shopify's Admin API and the shipping service nothing: each answer
// kept for a minute (a pickup point the merchant changes shows within it),
// at most MAX_KEPT of them (the oldest dropped first), one read at a time
// per order (the same question asked at once is read once), and at most
// MAX_READING reads at a time per shop (more are refused, not queued).
// Orders not found are not kept: a thank-you page asks again for an order
// Shopify has not made readable yet.
import { ShipbridgeError } from "@shipbridge/core";

export const KEEP_MS = 60_000;
export const MAX_KEPT = 1000;
export const MAX_READING = 4;

/** Too many reads for one shop at once (code `buyer_reads_busy`). */
export class BuyerReadsBusy extends ShipbridgeError {
  override readonly name = "BuyerReadsBusy";
  constructor(shop: string) {
    super("buyer_reads_busy", `Too many buyers' reads for ${shop} at once`);
  }
}

export class BuyerAnswers<Answer> {
  readonly #kept = new Map<string, { answer: Answer; until: number }>();
  readonly #reading = new Map<string, Promise<Answer | undefined>>();
  readonly #readingPerShop = new Map<string, number>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** The order's answer, kept or read now by `read` (undefined: no such order). */
  async get(
    shop: string,
    orderId: string,
    read: () => Promise<Answer | undefined>,
  ): Promise<Answer | undefined> {
    const key = `${shop} ${orderId}`;
    const kept = this.#kept.get(key);
    if (kept && kept.until > this.#now()) return kept.answer;
    if (kept) this.#kept.delete(key);
    const running = this.#reading.get(key);
    if (running) return running;
    const busy = this.#readingPerShop.get(shop) ?? 0;
    if (busy >= MAX_READING) throw new BuyerReadsBusy(shop);
    this.#readingPerShop.set(shop, busy + 1);
    const reading = read()
      .then((answer) => {
        if (answer !== undefined) this.#keep(key, answer);
        return answer;
      })
      .finally(() => {
        this.#reading.delete(key);
        const left = (this.#readingPerShop.get(shop) ?? 1) - 1;
        if (left > 0) this.#readingPerShop.set(shop, left);
        else this.#readingPerShop.delete(shop);
      });
    this.#reading.set(key, reading);
    return reading;
  }

  #keep(key: string, answer: Answer): void {
    this.#kept.delete(key);
    this.#kept.set(key, { answer, until: this.#now() + KEEP_MS });
    while (this.#kept.size > MAX_KEPT) {
      const oldest = this.#kept.keys().next().value;
      if (oldest === undefined) break;
      this.#kept.delete(oldest);
    }
  }
}
