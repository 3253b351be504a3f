// What happens when a delivery's job has failed its last retry (the service
// or Shopify was down longer than the queue waits): an order still being
// shipped is not left in "shipping" where nobody sees it, but moved to
// "needs attention" with the error, listed on the settings page with its
// retry button, in Polish and English like every problem the merchant
// sees. A cancellation that could not be confirmed (Shopify unreachable)
// puts an order with a package on "needs attention" (`cancellation_unconfirmed`),
// so its parcel is not left paid for unseen. Other topics have nothing to show.
import { ShipbridgeError } from "@shipbridge/core";
import type pg from "pg";
import { numericId } from "../mapping/fulfillment-orders.ts";
import type { ShopifyOrder } from "../mapping/shopify-order.ts";
import { namedFulfillmentOrders } from "../shipping/fulfillment-order-events.ts";
import { markGivenUp } from "../shipping/give-up-order.ts";
import { loadDelivery } from "../store/inbox.ts";
import { loadSettings } from "../store/settings.ts";
import {
  type IssuesByLanguage,
  loadShipment,
  orderOfFulfillmentOrders,
  recordPackageNeedsAttention,
} from "../store/shipments.ts";

/** The shop and order a delivery ships, or undefined for one that ships nothing. */
async function orderOfDelivery(
  pool: pg.Pool,
  webhookId: string,
): Promise<{ shop: string; orderId: string } | undefined> {
  const entry = await loadDelivery(pool, webhookId);
  // A fulfillment order's delivery names fulfillment orders: their order, by the app's rows.
  if (entry?.topic.startsWith("fulfillment_orders/")) {
    const ids = namedFulfillmentOrders(entry.payload).map(numericId);
    const orderId = await orderOfFulfillmentOrders(pool, entry.shop, ids);
    return orderId === undefined ? undefined : { shop: entry.shop, orderId };
  }
  // A cancellation that could not finish must not offer the order for shipping again.
  if (!entry?.topic.startsWith("orders/") || entry.topic === "orders/cancelled") return undefined;
  const payload = entry.payload as ShopifyOrder & { order_edit?: { order_id?: number | string } };
  const orderId = String(payload.order_edit?.order_id ?? payload.id ?? "");
  return orderId === "" ? undefined : { shop: entry.shop, orderId };
}

/**
 * A cancellation given up on: its order, when it has a package that may be
 * paid for, needs attention so the merchant checks it and cancels the parcel.
 */
async function giveUpCancellation(pool: pg.Pool, webhookId: string): Promise<void> {
  const entry = await loadDelivery(pool, webhookId);
  if (entry?.topic !== "orders/cancelled") return;
  const orderId = String((entry.payload as ShopifyOrder).id ?? "");
  if (orderId === "") return;
  const byLanguage: IssuesByLanguage = {
    pl_PL: [
      {
        path: "order",
        rule: "cancellation_unconfirmed",
        message:
          "Shopify mógł anulować to zamówienie; sprawdź je i anuluj paczkę (Ponów anuluje ją, jeśli zamówienie jest anulowane).",
      },
    ],
    en_GB: [
      {
        path: "order",
        rule: "cancellation_unconfirmed",
        message:
          "Shopify may have cancelled this order; check it and cancel the parcel (Retry cancels it when the order is cancelled).",
      },
    ],
  };
  const { settings } = await loadSettings(pool, entry.shop);
  await recordPackageNeedsAttention(
    pool,
    entry.shop,
    orderId,
    byLanguage[settings.language] ?? [],
    byLanguage,
  );
}

/** Marks the delivery's order as needing attention, when it was being shipped. */
export async function giveUpDelivery(
  pool: pg.Pool,
  webhookId: string,
  attempts: number,
  error: unknown,
): Promise<void> {
  await giveUpCancellation(pool, webhookId);
  const order = await orderOfDelivery(pool, webhookId);
  if (order) await markGivenUp(pool, order, attempts, error);
}

/**
 * A delivery's job that failed for good without its handler saying so (its
 * instance died on the last try): an order still "shipping", or "shipped"
 * with no fulfilment yet, is moved to "needs attention". One whose handler already gave up keeps that error.
 */
export async function giveUpLostDelivery(
  pool: pg.Pool,
  webhookId: string,
  attempts: number,
): Promise<void> {
  await giveUpCancellation(pool, webhookId);
  const order = await orderOfDelivery(pool, webhookId);
  if (!order) return;
  // "shipped" with no fulfilment: the run died after recording its package and
  // before Shopify's fulfilment; Retry fulfils it with the same package.
  const row = await loadShipment(pool, order.shop, order.orderId);
  const stuck =
    row?.status === "shipping" || (row?.status === "shipped" && row.fulfillmentId === undefined);
  if (!stuck) return;
  const lost = new ShipbridgeError(
    "worker_lost",
    "The app instance running the last try stopped before it ended.",
  );
  await markGivenUp(pool, order, attempts, lost);
}
