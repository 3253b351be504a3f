// Test orders through each store's real checkout: the Shopify storefront
// (the app's rate callback, the order in the simulated store, its webhooks)
// and the Medusa store API (cart, shipping option, locker, payment,
// completion). Many at once: a few checkouts run side by side per store,
// and a run placing many reports how far it is while it goes (a run lives
// in the demo's memory; the orders it placed stay whatever happens to it).
import { randomUUID } from "node:crypto";
import { sampleCustomer } from "../stores/customers.ts";
import { StorefrontError } from "../stores/shopify/storefront.ts";
import type { DemoContext } from "./context.ts";
import type { StoreName } from "./store-batch.ts";

/** Checkouts side by side per store (measured: more only queue up on two cores). */
const CONCURRENCY: Readonly<Record<StoreName, number>> = { shopify: 4, medusa: 4 };
/** Runs kept for their progress to be read. */
const RUNS_KEPT = 20;

export interface PlacedSample {
  readonly store: StoreName;
  readonly id: string;
}

/** One test order in `store`, with a locker when `locker` (and one is offered). */
export async function placeSample(
  demo: DemoContext,
  store: StoreName,
  index: number,
  locker: boolean,
): Promise<PlacedSample> {
  const customer = sampleCustomer(index);
  if (store === "medusa") {
    const order = await demo.medusa.checkout.quickOrder(customer, locker);
    return { store, id: order.id };
  }
  const rates = await demo.shopify.storefront.rates(customer);
  const rate = rates.find((candidate) => candidate.locker === locker) ?? rates[0];
  if (!rate) throw new StorefrontError("no_rates", "the checkout offered no rates", 502);
  const order = await demo.shopify.storefront.placeOrder(customer, rate.code);
  await demo.shopify.storefront.markPaid(order.id);
  return { store, id: order.id };
}

/** Runs `task` for 0..count-1, `width` at a time; answers what each gave, in order. */
async function pooled<T>(
  count: number,
  width: number,
  task: (index: number) => Promise<T>,
): Promise<PromiseSettledResult<T>[]> {
  const results: PromiseSettledResult<T>[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      try {
        results[index] = { status: "fulfilled", value: await task(index) };
      } catch (reason) {
        results[index] = { status: "rejected", reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, count) }, worker));
  return results;
}

/** `count` test orders in `store`; throws the first failure once all have been tried. */
export async function placeSamples(
  demo: DemoContext,
  store: StoreName,
  count: number,
  locker: boolean,
  onPlaced: (placed: PlacedSample | undefined, error?: unknown) => void = () => {},
): Promise<PlacedSample[]> {
  const start = Math.floor(Math.random() * 1000);
  const results = await pooled(count, CONCURRENCY[store], async (index) => {
    try {
      const placed = await placeSample(demo, store, start + index, locker);
      onPlaced(placed);
      return placed;
    } catch (error) {
      onPlaced(undefined, error);
      throw error;
    }
  });
  const failed = results.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
  return results.map((result) => (result as PromiseFulfilledResult<PlacedSample>).value);
}

export interface SampleRun {
  readonly id: string;
  readonly total: number;
  readonly placed: number;
  readonly failed: number;
  readonly state: "running" | "finished";
  /** Per store: asked and placed. */
  readonly stores: readonly { store: StoreName; total: number; placed: number; failed: number }[];
  /** The first failure's message, if any. */
  readonly error: string | null;
  readonly startedAt: string;
}

/** Runs placing many test orders in both stores at once, with their progress. */
export class SampleRuns {
  readonly #demo: DemoContext;
  readonly #runs = new Map<string, SampleRun>();

  constructor(demo: DemoContext) {
    this.#demo = demo;
  }

  start(counts: Readonly<Partial<Record<StoreName, number>>>, locker: boolean): SampleRun {
    const id = randomUUID();
    const stores = (Object.entries(counts) as [StoreName, number][])
      .filter(([, count]) => count > 0)
      .map(([store, total]) => ({ store, total, placed: 0, failed: 0 }));
    let run: SampleRun = {
      id,
      total: stores.reduce((sum, part) => sum + part.total, 0),
      placed: 0,
      failed: 0,
      state: "running",
      stores,
      error: null,
      startedAt: new Date().toISOString(),
    };
    const update = (change: (run: SampleRun) => SampleRun) => {
      run = change(run);
      this.#runs.set(id, run);
    };
    update((same) => same);
    for (const old of [...this.#runs.keys()].slice(0, Math.max(0, this.#runs.size - RUNS_KEPT))) {
      this.#runs.delete(old);
    }
    void Promise.allSettled(
      stores.map((part) =>
        placeSamples(this.#demo, part.store, part.total, locker, (placed, error) =>
          update((now) => ({
            ...now,
            placed: now.placed + (placed ? 1 : 0),
            failed: now.failed + (placed ? 0 : 1),
            error:
              now.error ?? (placed ? null : error instanceof Error ? error.message : String(error)),
            stores: now.stores.map((entry) =>
              entry.store === part.store
                ? {
                    ...entry,
                    placed: entry.placed + (placed ? 1 : 0),
                    failed: entry.failed + (placed ? 0 : 1),
                  }
                : entry,
            ),
          })),
        ),
      ),
    ).then(() => update((now) => ({ ...now, state: "finished" })));
    return run;
  }

  get(id: string): SampleRun | undefined {
    return this.#runs.get(id);
  }
}
