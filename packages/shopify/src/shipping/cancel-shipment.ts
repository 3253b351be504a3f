// A Shopify order (or one of its fulfillment orders) cancelled after its
// package was ordered: the package is cancelled at the service with core's
// cancel command (the service refunds the charge while the parcel is not
// collected yet). The command's uuid derives from the shop, the order and
// the fulfillment order, so a redelivered cancellation, a retried job or a
// second instance sends the same command, which the service runs once. A parcel already collected cannot be cancelled: the order is flagged
// for the merchant (`cancelled_after_order`) on the settings page instead.
import type pg from "pg";
import { nameBasedUuid } from "../queue/jobs.ts";
import { recordStatus, type ShipmentRow } from "../store/shipments.ts";
import type { ShippingConnections } from "./connections.ts";

/** The reason code sent with the cancel command. */
export const CANCEL_REASON = "order_cancelled";

export interface CancelContext {
  readonly pool: pg.Pool;
  readonly connections: ShippingConnections;
}

/**
 * The cancel command's uuid for one shipment of one shop: its order and
 * fulfillment order ('' for a whole-order shipment, whose uuid is the order's alone).
 */
export function cancelCommandId(shop: string, orderId: string, fulfillmentOrderId = ""): string {
  const shipment = fulfillmentOrderId === "" ? orderId : `${orderId}:${fulfillmentOrderId}`;
  return nameBasedUuid(`shipbridge-shopify-cancel:${shop}:${shipment}`);
}

/**
 * Cancels the shipment's ordered package at the service; answers the status the
 * order ends in. Transient failures throw, so the job is retried.
 */
export async function cancelShipment(
  context: CancelContext,
  row: ShipmentRow & { readonly packageId: number },
): Promise<"cancelled" | "cancelled_after_order"> {
  const client = context.connections.client(row.shop);
  const commandId = cancelCommandId(row.shop, row.orderId, row.fulfillmentOrderId);
  const result = await client.cancelCommands.run(commandId, {
    packages: [{ id: row.packageId }],
    reasonType: CANCEL_REASON,
    reasonContent: `Shopify order ${row.orderName} was cancelled.`,
  });
  const cancelled = (result.successfully_canceled_packages ?? []).some(
    (pkg) => pkg.package_id === row.packageId,
  );
  const status = cancelled ? "cancelled" : "cancelled_after_order";
  await recordStatus(context.pool, row.shop, row, status);
  return status;
}
