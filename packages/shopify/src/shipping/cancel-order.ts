// A Shopify order that is cancelled, whoever noticed (its orders/cancelled
// delivery, or shipping that read it from the Admin API before that
// delivery came): each of its shipments (one per fulfillment order) not
// shipped yet is marked and never shipped (nothing was charged); one whose
// package was ordered gets the cancel command (see cancel-shipment.ts). A
// shipment that failed part way may have left a package, even paid, whose id
// was not learnt then: it is looked for at the service, under the id it was
// shipped under, before deciding nothing was charged. A row already
// "cancelled" may still hold a paid package (recorded by a shipment that
// died before its cancel command, or never recorded at all): its package is
// looked up and the cancel command sent again (the same uuid, so the
// service runs it once). The order's fulfillment orders are read from the
// shop's Admin API when the caller has not read them, so a fulfillment
// order that has no row yet is covered too.
import { ORDER_FULFILLMENT_STATE } from "../admin/documents.ts";
import { numericId } from "../mapping/fulfillment-orders.ts";
import {
  cancelUnordered,
  loadOrderShipments,
  loadShipment,
  type NewShipment,
  recordCancelled,
  recordPackageId,
} from "../store/shipments.ts";
import { type CancelContext, cancelShipment } from "./cancel-shipment.ts";
import { findOrderPackage, findPaidOrderPackage } from "./find-order-package.ts";
import type { ShipContext } from "./ship-context.ts";

export interface CancelledOrder {
  readonly shop: string;
  readonly orderId: string;
  readonly orderGid: string;
  readonly orderName: string;
}

export async function cancelShopifyOrder(
  context: ShipContext,
  order: CancelledOrder,
  fulfillmentOrderIds?: readonly string[],
): Promise<void> {
  const rows = await loadOrderShipments(context.pool, order.shop, order.orderId);
  const ids = new Set(rows.map((row) => row.fulfillmentOrderId));
  // A whole-order row begun before shipments were per fulfillment order stands for them all.
  if (!ids.has("")) {
    for (const id of fulfillmentOrderIds ?? (await readFulfillmentOrderIds(context, order))) {
      ids.add(numericId(id));
    }
  }
  // An order with no fulfillment order the app can see is kept as one whole-order row.
  if (ids.size === 0) ids.add("");
  for (const fulfillmentOrderId of ids) {
    await cancelOne(context, { ...order, fulfillmentOrderId });
  }
}

/** Cancels one shipment of the order: marked, or its package cancelled. */
export async function cancelOne(context: CancelContext, shipment: NewShipment): Promise<void> {
  const { pool } = context;
  const { shop, orderId } = shipment;
  const shipId = shipment.fulfillmentOrderId === "" ? orderId : shipment.fulfillmentOrderId;
  const client = () => context.connections.client(shop);
  const row = await loadShipment(pool, shop, shipment);
  if (!row) {
    // Nothing was begun (a run begins its row before buying): marked, never shipped.
    if (await recordCancelled(pool, shipment)) return;
    return cancelOne(context, shipment);
  }
  if (row.status === "cancelled_after_order") return;
  if (row.status === "cancelled") {
    const packageId = row.packageId ?? (await findPaidOrderPackage(client(), shop, shipId));
    if (packageId === undefined) return;
    if (row.packageId === undefined) await recordPackageId(pool, shop, row, packageId);
    await cancelShipment(context, { ...row, packageId });
    return;
  }
  if (row.packageId === undefined && row.status === "needs_attention") {
    const found = await findOrderPackage(client(), shop, shipId);
    if (found !== undefined) await recordPackageId(pool, shop, row, found);
  }
  // The check and the mark are one statement, so a package recorded meanwhile is not missed.
  if (await cancelUnordered(pool, shop, row)) return;
  const ordered = await loadShipment(pool, shop, row);
  if (ordered?.packageId === undefined) return;
  // Ordered: cancelled at the service, or flagged when the parcel is already on its way.
  await cancelShipment(context, { ...ordered, packageId: ordered.packageId });
}

async function readFulfillmentOrderIds(
  context: ShipContext,
  order: CancelledOrder,
): Promise<string[]> {
  const graphql = new context.shopify.clients.Graphql({
    session: await context.sessions.get(order.shop),
  });
  const answer = await graphql.request<{
    order: { fulfillmentOrders: { nodes: { id: string }[] } } | null;
  }>(ORDER_FULFILLMENT_STATE, { variables: { id: order.orderGid } });
  return (answer.data?.order?.fulfillmentOrders.nodes ?? []).map((node) => node.id);
}
