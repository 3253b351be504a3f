// A Shopify order cancelled after its package was ordered: the package is
// cancelled at the service with core's cancel command (the service refunds
// the charge while the parcel is not collected yet). The command's uuid
// derives from the shop and order, so a redelivered cancellation, a retried
// job or a second instance sends the same command, which the service runs
// once. A parcel already collected cannot be cancelled: the order is flagged
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

/** The cancel command's uuid for one order of one shop. */
export function cancelCommandId(shop: string, orderId: string): string {
  return nameBasedUuid(`shipbridge-shopify-cancel:${shop}:${orderId}`);
}

/**
 * Cancels the row's ordered package at the service; answers the status the
 * order ends in. Transient failures throw, so the job is retried.
 */
export async function cancelShipment(
  context: CancelContext,
  row: ShipmentRow & { readonly packageId: number },
): Promise<"cancelled" | "cancelled_after_order"> {
  const client = context.connections.client(row.shop);
  const result = await client.cancelCommands.run(cancelCommandId(row.shop, row.orderId), {
    packages: [{ id: row.packageId }],
    reasonType: CANCEL_REASON,
    reasonContent: `Shopify order ${row.orderName} was cancelled.`,
  });
  const cancelled = (result.successfully_canceled_packages ?? []).some(
    (pkg) => pkg.package_id === row.packageId,
  );
  const status = cancelled ? "cancelled" : "cancelled_after_order";
  await recordStatus(context.pool, row.shop, row.orderId, status);
  return status;
}
