// Everything before a parcel is bought for one order, whoever ships it (one
// order at a time, or many in a batch): read the order from the shop's own
// Admin API (a signed webhook body can be replayed under another shop, and
// may be older than the order), mark a cancelled one, map what Shopify
// holds, record that it is being shipped, and check what only the app can
// check (the connection, the sender, an order too large or split over
// locations, nothing left to fulfil, refunded, not paid yet on a shop that
// ships on payment when the request asks, a closed pickup point). An
// order that passes is answered ready to ship; any other is answered with
// what became of it (listed as waiting, skipped, needs attention, unknown).
import type { ShippingClient } from "@shipbridge/core";
import { orderGid as gidOf, loadShopOrder } from "../admin/load-shop-order.ts";
import { isCancelled, isPaid, refundedStatus } from "../mapping/order-facts.ts";
import { toStoreOrder } from "../mapping/to-store-order.ts";
import { loadPointChoice, withPointChoice } from "../store/point-choices.ts";
import { loadSettings, type ShopSettings } from "../store/settings.ts";
import { beginShipment, recordPackageId, recordWaiting } from "../store/shipments.ts";
import {
  connectionIssues,
  fulfilledElsewhereIssues,
  refundedIssues,
  senderIssues,
  severalLocationsIssues,
  tooLargeIssues,
  unpaidIssues,
} from "./attention-issues.ts";
import { cancelShopifyOrder } from "./cancel-order.ts";
import { cancelShipment } from "./cancel-shipment.ts";
import { pickupPointIssues } from "./check-pickup-point.ts";
import { findPaidOrderPackage } from "./find-order-package.ts";
import { needsAttention } from "./needs-attention.ts";
import { recordShipFailure } from "./record-ship-failure.ts";
import type { ShipContext, ShipMapping, ShipOutcome, ShipRequest } from "./ship-context.ts";

/** An order read, mapped and checked, whose row says it is being shipped: ready to buy its parcel. */
export interface PreparedShipment {
  readonly shop: string;
  readonly orderId: string;
  readonly orderGid: string;
  readonly orderName: string;
  readonly storeOrder: ReturnType<typeof toStoreOrder>;
  readonly settings: ShopSettings;
  readonly language: ShipMapping["language"];
  /** The options the order is shipped with (the shop's: the same for each of its orders). */
  readonly mapping: ShipMapping;
  readonly client: ShippingClient;
  /** Whether a package was recorded for the order before (a run that stopped after buying it). */
  readonly hadPackage: boolean;
}

export async function prepareShipment(
  context: ShipContext,
  shop: string,
  id: string,
  request: ShipRequest = {},
  client: ShippingClient = context.connections.client(shop),
): Promise<PreparedShipment | ShipOutcome> {
  const { pool } = context;
  const read = await loadShopOrder(context.shopify, await context.sessions.get(shop), id);
  if (read === undefined) return "unknown_order";
  const { order } = read;
  const orderId = String(order.id);
  const orderGid = order.admin_graphql_api_id ?? gidOf(orderId);
  const orderName = order.name ?? orderId;
  // A cancelled order is never shipped, whichever delivery or button asked;
  // cancelled before its orders/cancelled delivery came, it is marked (and any
  // package it has is cancelled) here, as that delivery would.
  if (isCancelled(order)) {
    await cancelShopifyOrder(context, { shop, orderId, orderGid, orderName });
    return "skipped";
  }
  const { settings, connection } = await loadSettings(pool, shop);
  // A pickup point the merchant changed after checkout replaces the shipping line's.
  const storeOrder = withPointChoice(
    toStoreOrder(order, { defaultService: settings.defaultService }),
    await loadPointChoice(pool, shop, orderId),
  );
  const key = {
    shop,
    orderId,
    orderGid,
    orderName,
    service: storeOrder.shipping.service,
    pickupPoint: storeOrder.pickup_point?.code,
  };
  const plan = request.plan?.(storeOrder, order) ?? "ship";
  if (plan === "ignore") return "skipped";
  if (plan === "wait") {
    await recordWaiting(pool, key);
    return "waiting";
  }
  const row = await beginShipment(pool, key);
  if (row.status === "cancelled") {
    // A package ordered while the order was being cancelled, whose cancel command
    // has not been confirmed yet: the same command again (the service runs it once).
    // Its id may never have been recorded (a run that failed or died after the
    // order command, before the record): then it is looked up, so a paid package
    // is never left behind for a cancelled order.
    const packageId = row.packageId ?? (await findPaidOrderPackage(client, shop, orderId));
    if (packageId === undefined) return "skipped";
    if (row.packageId === undefined) await recordPackageId(pool, shop, orderId, packageId);
    await cancelShipment(context, { ...row, packageId });
    return "skipped";
  }
  if (row.status === "fulfilled" || row.status.startsWith("cancelled")) return "skipped";
  const language = settings.language;
  const attention = (byLanguage: Parameters<typeof needsAttention>[2]) =>
    needsAttention(pool, { shop, orderId, language }, byLanguage);
  if (connection !== "connected") return attention(connectionIssues(connection));
  if (!settings.sender) return attention(senderIssues());
  if (!read.whole) return attention(tooLargeIssues());
  // One parcel has one sender, and Shopify fulfils one location per call: an
  // order split over locations is refused before a parcel is bought for it.
  if (read.locations.length > 1) return attention(severalLocationsIssues(read.locations));

  // Nothing left to fulfil (the merchant fulfilled it by hand in Shopify, say
  // after it needed attention): no parcel is bought for it, unless one was
  // already paid for (that one goes on to its fulfilment as before).
  if (
    read.locations.length === 0 &&
    row.packageId === undefined &&
    (await findPaidOrderPackage(client, shop, orderId)) === undefined
  ) {
    return attention(fulfilledElsewhereIssues());
  }
  const mapping: ShipMapping = {
    storeId: shop,
    sender: settings.sender,
    ...(settings.parcel ? { parcel: settings.parcel } : {}),
    ...(settings.codIban ? { cod: { iban: settings.codIban } } : {}),
    language,
  };
  const prepared: PreparedShipment = {
    shop,
    orderId,
    orderGid,
    orderName,
    storeOrder,
    settings,
    language,
    mapping,
    client,
    hadPackage: row.packageId !== undefined,
  };
  const refunded = refundedStatus(order);
  const unpaid =
    request.requirePayment === true &&
    settings.shipOn === "orders/paid" &&
    !isPaid(order) &&
    !refunded &&
    storeOrder.cod === undefined;
  try {
    // Not paid yet on a shop that ships on payment, and the payment is not what
    // asked: no parcel is bought until it is (orders/paid ships it then). One
    // already paid for goes on to its fulfilment.
    if (
      unpaid &&
      row.packageId === undefined &&
      (await findPaidOrderPackage(client, shop, orderId)) === undefined
    ) {
      return attention(unpaidIssues());
    }
    // Refunded in full (or voided) before its parcel was bought: none is bought,
    // whether an update or the Retry button asked. One already paid for goes on
    // to its fulfilment, even when a run died before recording its id.
    if (refunded && (await findPaidOrderPackage(client, shop, orderId)) === undefined) {
      return attention(refundedIssues(refunded));
    }
    // Only before the first package: a point that closes after ordering does not undo the shipment.
    if (row.packageId === undefined) {
      const closed = await pickupPointIssues(client, storeOrder);
      if (closed) return attention(closed);
    }
  } catch (error) {
    const outcome = await recordShipFailure(context, prepared, error);
    if (outcome === undefined) throw error;
    return outcome;
  }
  return prepared;
}
