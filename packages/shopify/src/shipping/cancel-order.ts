// A Shopify order that is cancelled, whoever noticed (its orders/cancelled
// delivery, or shipping that read it from the Admin API before that
// delivery came): one not shipped yet is marked and never shipped (nothing
// was charged); one whose package was ordered gets the cancel command (see
// cancel-shipment.ts). A shipment that failed part way may have left a
// package, even paid, whose id was not learnt then: it is looked for at the
// service before deciding nothing was charged. A row already "cancelled" may
// still hold a paid package (recorded by a shipment that died before its
// cancel command, or never recorded at all): its package is looked up and the
// cancel command sent again (the same uuid, so the service runs it once).
import {
  cancelUnordered,
  loadShipment,
  recordCancelled,
  recordPackageId,
} from "../store/shipments.ts";
import { type CancelContext, cancelShipment } from "./cancel-shipment.ts";
import { findOrderPackage, findPaidOrderPackage } from "./find-order-package.ts";

export interface CancelledOrder {
  readonly shop: string;
  readonly orderId: string;
  readonly orderGid: string;
  readonly orderName: string;
}

export async function cancelShopifyOrder(
  context: CancelContext,
  order: CancelledOrder,
): Promise<void> {
  const { pool } = context;
  const { shop, orderId } = order;
  const row = await loadShipment(pool, shop, orderId);
  if (!row) {
    if (await recordCancelled(pool, order)) return;
    return cancelShopifyOrder(context, order);
  }
  if (row.status === "cancelled_after_order") return;
  if (row.status === "cancelled") {
    const packageId =
      row.packageId ??
      (await findPaidOrderPackage(context.connections.client(shop), shop, orderId));
    if (packageId === undefined) return;
    if (row.packageId === undefined) await recordPackageId(pool, shop, orderId, packageId);
    await cancelShipment(context, { ...row, packageId });
    return;
  }
  if (row.packageId === undefined && row.status === "needs_attention") {
    const found = await findOrderPackage(context.connections.client(shop), shop, orderId);
    if (found !== undefined) await recordPackageId(pool, shop, orderId, found);
  }
  // The check and the mark are one statement, so a package recorded meanwhile is not missed.
  if (await cancelUnordered(pool, shop, orderId)) return;
  const ordered = await loadShipment(pool, shop, orderId);
  if (ordered?.packageId === undefined) return;
  // Ordered: cancelled at the service, or flagged when the parcel is already on its way.
  await cancelShipment(context, { ...ordered, packageId: ordered.packageId });
}
