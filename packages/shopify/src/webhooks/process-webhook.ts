// The job of one stored webhook delivery, by topic: orders are shipped when
// the merchant's "ship on" topic arrives, re-tried after an update while they
// need attention, and marked on cancellation; uninstall and the compliance
// topics remove or report what the app keeps about the shop or customer.
// An order's body only says which order to look at: shipping reads the order
// from the shop's own Admin API, and a delivery whose order the shop does not
// know is marked refused (done, never retried, never listed, its body
// blanked). Cancellation and payment are the Admin API's, not the body's.

import { ShipbridgeError } from "@shipbridge/core";
import type { Shopify } from "@shopify/shopify-api";
import type { SessionStorage } from "@shopify/shopify-app-session-storage";
import type { PgBoss } from "pg-boss";
import { loadShopOrderState } from "../admin/load-shop-order.ts";
import { isOrderBody, isPaid, refundedStatus } from "../mapping/order-facts.ts";
import type { ShopifyOrder } from "../mapping/shopify-order.ts";
import { BATCH_QUEUE, type BatchJob, WEBHOOK_QUEUE, type WebhookJob } from "../queue/jobs.ts";
import { cancelShopifyOrder } from "../shipping/cancel-order.ts";
import type { ShippingConnections } from "../shipping/connections.ts";
import { handleFulfillmentOrderEvent } from "../shipping/fulfillment-order-events.ts";
import { giveUpBatch } from "../shipping/give-up-batch.ts";
import type { ShipContext, ShipOutcome, ShipPlan } from "../shipping/ship-context.ts";
import { shipShopifyOrder } from "../shipping/ship-shopify-order.ts";
import { deleteShopData, recordDataRequest, redactCustomer } from "../store/compliance.ts";
import { type InboxEntry, loadDelivery, markProcessed, markRefused } from "../store/inbox.ts";
import { loadSettings, setConnection } from "../store/settings.ts";
import { loadShipment } from "../store/shipments.ts";

export interface ProcessContext extends ShipContext {
  readonly boss: PgBoss;
  readonly shopify: Shopify;
  readonly storage: SessionStorage;
  readonly connections: ShippingConnections;
}

/** What orders/edited carries: a summary of the edit, not the order. */
interface EditPayload {
  readonly order_edit?: { readonly order_id?: number | string };
}

interface RedactPayload {
  readonly orders_to_redact?: readonly (number | string)[];
  readonly orders_requested?: readonly (number | string)[];
  readonly customer?: { readonly id?: number | string; readonly email?: string };
  readonly data_request?: { readonly id?: number | string };
}

export async function processWebhook(
  context: ProcessContext,
  webhookId: string,
  options: { readonly ship?: boolean } = {},
): Promise<void> {
  const entry = await loadDelivery(context.pool, webhookId);
  if (!entry) return;
  // Shipping by hand: the merchant pressed "ship" for this delivery's order.
  if (options.ship) {
    if (!isOrderBody(entry.payload)) return;
    const outcome = await shipShopifyOrder(context, entry.shop, String(entry.payload.id));
    if (outcome === "unknown_order") await markRefused(context.pool, webhookId, outcome);
    return;
  }
  const outcome = await handle(context, entry);
  if (outcome === "unknown_order") await markRefused(context.pool, webhookId, outcome);
  else await markProcessed(context.pool, webhookId);
}

async function handle(
  context: ProcessContext,
  entry: InboxEntry,
): Promise<ShipOutcome | undefined> {
  const { pool } = context;
  const { shop, topic } = entry;
  switch (topic) {
    case "orders/paid":
    case "orders/create": {
      const { settings } = await loadSettings(pool, shop);
      const order = entry.payload;
      if (!isOrderBody(order)) return;
      // What ships is the order as the shop's Admin API holds it now, so an
      // update that arrived first is not lost, and a body replayed under
      // another shop ships (and lists) nothing there. Neither the topic nor
      // the body's cancellation or payment decides: the Admin API's state does
      // (a cancelled order is marked, never shipped, by shipShopifyOrder).
      const plan = (mapped: { readonly cod?: unknown }, held: ShopifyOrder): ShipPlan => {
        // Not paid yet in Shopify, whatever the body says. (One refunded since is
        // decided by shipShopifyOrder: no parcel, unless one was already paid for.)
        if (topic === "orders/paid" && !isPaid(held) && !refundedStatus(held)) return "ignore";
        if (settings.shipOn === topic) return "ship";
        if (settings.shipOn === "manual") return "wait";
        // Cash on delivery is paid only when the parcel arrives, so orders/paid never
        // comes first: such an order waits for the merchant's Ship button instead of
        // being heard of and never listed.
        const unpaidCod =
          topic === "orders/create" &&
          settings.shipOn === "orders/paid" &&
          mapped.cod !== undefined;
        return unpaidCod ? "wait" : "ignore";
      };
      return shipShopifyOrder(context, shop, String(order.id), { plan });
    }
    case "orders/updated":
    case "orders/edited": {
      // A change can fix what made the order need attention: map and validate
      // the order again, and ship it when it passes. The order is read from the
      // shop's Admin API (an edit's payload is only a summary of the edit).
      const orderId =
        topic === "orders/edited"
          ? String((entry.payload as EditPayload).order_edit?.order_id ?? "")
          : isOrderBody(entry.payload)
            ? String(entry.payload.id)
            : "";
      if (orderId === "") return;
      const row = await loadShipment(pool, shop, orderId);
      // An update of an order the app has no row for is listed (as waiting)
      // only once the shop's Admin API confirms the order is the shop's.
      if (!row && topic === "orders/updated") {
        return (await orderState(context, shop, orderId)) ? undefined : "unknown_order";
      }
      if (row?.status !== "needs_attention") return;
      // An update is not a payment: an order not paid yet stays unshipped.
      return shipShopifyOrder(context, shop, orderId, { requirePayment: true });
    }
    case "orders/cancelled": {
      const order = entry.payload;
      if (!isOrderBody(order)) return;
      const orderId = String(order.id);
      // Only the shop's own Admin API saying the order is cancelled cancels
      // it (and its package): not the body, which may be another shop's.
      const state = await orderState(context, shop, orderId);
      if (!state) return "unknown_order";
      if (!state.cancelled) return;
      await cancelShopifyOrder(context, {
        shop,
        orderId,
        orderGid: state.gid,
        orderName: order.name ?? orderId,
      });
      return;
    }
    case "fulfillment_orders/placed_on_hold":
    case "fulfillment_orders/hold_released":
    case "fulfillment_orders/moved":
    case "fulfillment_orders/split":
    case "fulfillment_orders/merged":
    case "fulfillment_orders/cancelled":
      return handleFulfillmentOrderEvent(context, shop, topic, entry.payload);
    case "app/uninstalled":
      await forgetShopAccess(context, shop, entry.webhookId);
      return;
    case "shop/redact":
      await forgetShopAccess(context, shop, entry.webhookId);
      await deleteShopData(pool, shop);
      return;
    case "customers/redact": {
      const payload = entry.payload as RedactPayload;
      const customerId = payload.customer?.id;
      await redactCustomer(
        pool,
        shop,
        customerId === undefined || customerId === null ? undefined : String(customerId),
        (payload.orders_to_redact ?? []).map(String),
      );
      return;
    }
    case "customers/data_request": {
      const payload = entry.payload as RedactPayload;
      await recordDataRequest(
        pool,
        shop,
        String(payload.data_request?.id ?? entry.webhookId),
        payload.customer,
        (payload.orders_requested ?? []).map(String),
      );
      return;
    }
    default:
      return;
  }
}

/** The order's state in the shop's own Admin API, or undefined when the shop has no such order. */
async function orderState(context: ProcessContext, shop: string, orderId: string) {
  return loadShopOrderState(context.shopify, await context.sessions.get(shop), orderId);
}

/**
 * Removes the shop's Shopify sessions, its shipping-service tokens and its
 * jobs still waiting in the queues (all but the one running this). A
 * batch whose job is removed (queued, or waiting for its retry) is given up:
 * no job is left to finish it, so its orders not settled yet need attention
 * (with Retry) instead of the batch running forever.
 */
async function forgetShopAccess(
  context: ProcessContext,
  shop: string,
  webhookId: string,
): Promise<void> {
  const pending = await context.boss.findJobs<WebhookJob>(WEBHOOK_QUEUE, {
    data: { shop },
    queued: true,
    limit: 100_000,
  });
  const ids = pending.filter((job) => job.data.webhookId !== webhookId).map((job) => job.id);
  if (ids.length > 0) await context.boss.deleteJob(WEBHOOK_QUEUE, ids);
  const batches = await context.boss.findJobs<BatchJob>(BATCH_QUEUE, {
    data: { shop },
    queued: true,
    limit: 100_000,
  });
  if (batches.length > 0) {
    await context.boss.deleteJob(
      BATCH_QUEUE,
      batches.map((job) => job.id),
    );
    const uninstalled = new ShipbridgeError(
      "uninstalled",
      "The app was uninstalled before the batch finished.",
    );
    for (const job of batches) {
      await giveUpBatch(
        context.pool,
        shop,
        job.data.batchId,
        Math.max(1, job.retryCount),
        uninstalled,
      );
    }
  }
  const sessions = await context.storage.findSessionsByShop(shop);
  if (sessions.length > 0)
    await context.storage.deleteSessions(sessions.map((session) => session.id));
  await context.connections.oauth(shop).disconnect();
  await setConnection(context.pool, shop, "not_connected");
}
