// The day's reckoning for one shop: every package paid at the service that
// day under the shop's references, beside the order as the app holds it
// (open, shipped, cancelled, or unknown to the app; a return's parcel beside
// the return as the app holds it), with core's flags (a
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
import { dayReturnState } from "../store/returns.ts";
import { loadSettings } from "../store/settings.ts";
import { orderOfFulfillmentOrders } from "../store/shipments.ts";
import type { DayContext } from "./day-context.ts";

const STATUS: Readonly<Record<DayOrderState, StoreOrderStatus>> = {
  open: "open",
  shipped: "shipped",
  cancelled: "cancelled",
  unknown: "unknown",
};

/** The prefix of the order id a return's parcel is shipped under (core's returnReference). */
const RETURN_PREFIX = "return:";

/**
 * How the shop sees an order a package names; undefined for another shop's.
 * A return's parcel names `return:<id>`: it is answered from the shop's
 * returns, so a live return label is never taken for a package with no order.
 */
function shopOrders(context: DayContext, shop: string) {
  return async ({ storeId, orderId }: { storeId: string; orderId: string }) => {
    if (storeId !== shop) return undefined;
    if (orderId.startsWith(RETURN_PREFIX)) {
      return dayReturnState(context.pool, shop, orderId.slice(RETURN_PREFIX.length));
    }
    return STATUS[await dayOrderState(context.pool, shop, orderId)];
  };
}

/**
 * The reckoning of `day` ("YYYY-MM-DD", a day in Warsaw, as core reads it)
 * for the shop. A parcel is shipped under its fulfillment order's id; each
 * row names the Shopify order it belongs to, as the merchant knows it (the
 * remedy keeps the id the package's reference names, which applyRemedy
 * checks again).
 */
export async function shopReckoning(
  context: DayContext,
  shop: string,
  day: string,
): Promise<Reckoning> {
  const { settings } = await loadSettings(context.pool, shop);
  const reckoning = await dayReckoning(context.connections.client(shop), {
    from: day,
    to: day,
    storeIds: [shop],
    language: settings.language,
    orders: shopOrders(context, shop),
  });
  const rows = await Promise.all(
    reckoning.rows.map(async (row) => {
      if (row.storeId !== shop || !row.orderId || row.orderId.startsWith(RETURN_PREFIX)) {
        return row;
      }
      const orderId = await orderOfFulfillmentOrders(context.pool, shop, [row.orderId]);
      return orderId === undefined ? row : { ...row, orderId };
    }),
  );
  return { ...reckoning, rows };
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
