// What happens when a delivery's job has failed its last retry (the service
// or Shopify was down longer than the queue waits): an order still being
// shipped is not left in "shipping" where nobody sees it, but moved to
// "needs attention" with the error, listed on the settings page with its
// retry button, in Polish and English like every problem the merchant
// sees. A cancellation that could not be confirmed (Shopify unreachable)
// puts an order with a package on "needs attention" (`cancellation_unconfirmed`),
// so its parcel is not left paid for unseen; a return's cancellation likewise
// (give-up-return.ts). Other topics have nothing to show.
import { ShipbridgeError } from "@shipbridge/core";
import type pg from "pg";
import { numericId } from "../mapping/fulfillment-orders.ts";
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
import { type Delivery, isOrderDelivery, parseDelivery } from "./delivery.ts";
import { giveUpReturnDelivery } from "./give-up-return.ts";

/** The delivery, read; undefined when it is gone or names nothing. */
async function deliveryOf(pool: pg.Pool, webhookId: string): Promise<Delivery | undefined> {
  const entry = await loadDelivery(pool, webhookId);
  return entry ? parseDelivery(entry) : undefined;
}

/** The shop and order a delivery ships, or undefined for one that ships nothing. */
async function orderOfDelivery(
  pool: pg.Pool,
  webhookId: string,
): Promise<{ shop: string; orderId: string } | undefined> {
  const delivery = await deliveryOf(pool, webhookId);
  // A fulfillment order's delivery names fulfillment orders: their order, by the app's rows.
  if (delivery?.topic.startsWith("fulfillment_orders/")) {
    const ids = namedFulfillmentOrders(delivery.order).map(numericId);
    const orderId = await orderOfFulfillmentOrders(pool, delivery.shop, ids);
    return orderId === undefined ? undefined : { shop: delivery.shop, orderId };
  }
  // A cancellation that could not finish must not offer the order for shipping again.
  if (!delivery || !isOrderDelivery(delivery) || delivery.topic === "orders/cancelled") {
    return undefined;
  }
  return { shop: delivery.shop, orderId: delivery.order };
}

/**
 * A cancellation given up on: its order, when it has a package that may be
 * paid for, needs attention so the merchant checks it and cancels the parcel.
 */
async function giveUpCancellation(pool: pg.Pool, webhookId: string): Promise<void> {
  const delivery = await deliveryOf(pool, webhookId);
  if (delivery?.topic !== "orders/cancelled") return;
  const { shop, order: orderId } = delivery;
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
  const { settings } = await loadSettings(pool, shop);
  await recordPackageNeedsAttention(
    pool,
    shop,
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
  await giveUpReturnDelivery(pool, webhookId);
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
  await giveUpReturnDelivery(pool, webhookId);
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
