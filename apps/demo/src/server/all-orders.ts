// The orders of both stores as the dashboard lists them, newest first, in
// the language asked: one load at a time per language, shared by the routes
// that read them (the orders list, statistics, order actions, label names).
import { knownPoints } from "../stores/points.ts";
import type { DemoContext } from "./context.ts";
import type { Language } from "./language.ts";
import { type DemoOrder, forPeople, medusaOrders, newestFirst, shopifyOrders } from "./orders.ts";

/** The promise's value, or the fallback when it fails. */
export async function settle<T>(promise: Promise<T>, fallback: T): Promise<T> {
  try {
    return await promise;
  } catch {
    return fallback;
  }
}

/** Loads under way, by language: a second request meanwhile shares the first's answer. */
const loading = new WeakMap<DemoContext, Map<Language, Promise<DemoOrder[]>>>();

/** Orders of both stores, newest first (one load at a time per language). */
export function allOrders(demo: DemoContext, language: Language): Promise<DemoOrder[]> {
  const ongoing = loading.get(demo) ?? new Map<Language, Promise<DemoOrder[]>>();
  loading.set(demo, ongoing);
  const found = ongoing.get(language);
  if (found) return found;
  const load = loadOrders(demo, language).finally(() => ongoing.delete(language));
  ongoing.set(language, load);
  return load;
}

/** One order as the dashboard lists it, or undefined. */
export async function orderOf(
  demo: DemoContext,
  store: DemoOrder["store"],
  id: string,
  language: Language,
): Promise<DemoOrder | undefined> {
  return (await allOrders(demo, language)).find(
    (order) => order.store === store && order.id === id,
  );
}

async function loadOrders(demo: DemoContext, language: Language): Promise<DemoOrder[]> {
  const [shopify, placed, points, inFlight, medusa, shipments] = await Promise.all([
    demo.shopify.merchant.orders({ language }),
    demo.shopify.storefront.placed(),
    knownPoints(demo.pool),
    demo.batches.inFlight(language),
    demo.medusa.orders.orders(),
    settle(demo.medusa.orders.shipments(), []),
  ]);
  return newestFirst([
    ...shopifyOrders(shopify, placed, points, inFlight),
    ...medusaOrders(medusa, shipments, points, inFlight, language),
  ]).map((order) => forPeople(order, language));
}
