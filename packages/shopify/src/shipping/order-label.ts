// One order's label, for the merchant's download: the one kept with its
// shipment, or, for an order shipped in a batch (whose labels are not
// fetched one by one, so they are not held in memory together), fetched
// from the service when first asked and kept from then on.
import type pg from "pg";
import { loadLabel, loadShipment, recordLabel } from "../store/shipments.ts";
import type { ShippingConnections } from "./connections.ts";

export async function orderLabel(
  context: { readonly pool: pg.Pool; readonly connections: ShippingConnections },
  shop: string,
  orderId: string,
): Promise<{ bytes: Uint8Array; contentType: string } | undefined> {
  const kept = await loadLabel(context.pool, shop, orderId);
  if (kept) return kept;
  const row = await loadShipment(context.pool, shop, orderId);
  if (row?.packageId === undefined || (row.status !== "shipped" && row.status !== "fulfilled")) {
    return undefined;
  }
  const label = await context.connections.client(shop).packages.label(row.packageId);
  await recordLabel(context.pool, shop, row, label);
  return { bytes: label.bytes, contentType: label.contentType };
}
