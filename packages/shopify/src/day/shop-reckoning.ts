// The day's reckoning for one shop: every package paid at the service that
// day under the shop's references, beside the order as the app holds it
// (open, shipped, cancelled, or unknown to the app), with core's flags (a
// package with no order, an order's second package, a cancelled order's
// package still paid) and their one-step remedy. A remedy is only ever run
// as the reckoning offers it: the day is reckoned again and the package's
// remedy taken from there, so a form cannot cancel any other package.
import {
  applyRemedy,
  dayReckoning,
  type Reckoning,
  type RemedyResult,
  type StoreOrderStatus,
} from "@shipbridge/core";
import { type DayOrderState, dayOrderState } from "../store/order-list.ts";
import { loadSettings } from "../store/settings.ts";
import type { DayContext } from "./day-context.ts";

const STATUS: Readonly<Record<DayOrderState, StoreOrderStatus>> = {
  open: "open",
  shipped: "shipped",
  cancelled: "cancelled",
  unknown: "unknown",
};

/** How the shop sees an order a package names; undefined for another shop's. */
function shopOrders(context: DayContext, shop: string) {
  return async ({ storeId, orderId }: { storeId: string; orderId: string }) =>
    storeId === shop ? STATUS[await dayOrderState(context.pool, shop, orderId)] : undefined;
}

/** The reckoning of `day` ("YYYY-MM-DD", a day in Warsaw, as core reads it) for the shop. */
export async function shopReckoning(
  context: DayContext,
  shop: string,
  day: string,
): Promise<Reckoning> {
  const { settings } = await loadSettings(context.pool, shop);
  return dayReckoning(context.connections.client(shop), {
    from: day,
    to: day,
    storeIds: [shop],
    language: settings.language,
    orders: shopOrders(context, shop),
  });
}

/**
 * Runs the remedy the day's reckoning offers for `packageId`; undefined when
 * it offers none (the package is not flagged, not the shop's, or settled).
 */
export async function applyShopRemedy(
  context: DayContext,
  shop: string,
  day: string,
  packageId: number,
): Promise<RemedyResult | undefined> {
  const reckoning = await shopReckoning(context, shop, day);
  const remedy = reckoning.rows.find((row) => row.packageId === packageId)?.remedy;
  if (!remedy) return undefined;
  const { settings } = await loadSettings(context.pool, shop);
  return applyRemedy(context.connections.client(shop), remedy, {
    storeIds: [shop],
    orders: shopOrders(context, shop),
    language: settings.language,
  });
}
