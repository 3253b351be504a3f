// Everything after a parcel (one fulfillment order's) is bought, whether it
// was bought alone (shipOrder) or in a batch (shipBatch): keep its package,
// tracking, price and label (when one came with it), then fulfil exactly its
// fulfillment order's lines once in Shopify. A parcel cancelled while it was
// being shipped gets the cancellation's own cancel command instead of a
// fulfilment; one whose fulfilment Shopify refuses after it was paid for is
// not left "shipped" with no fulfilment, but shown with Retry (which finds
// the same package, so no second one is bought).
import { ShipbridgeError, type ShippingClient } from "@shipbridge/core";
import { trackingCompany } from "../fulfilment/carriers.ts";
import { FulfilmentError, fulfilOnce } from "../fulfilment/fulfil-once.ts";
import { type Price, recordShipped, type Tracking } from "../store/shipments.ts";
import { fulfilmentIssues } from "./attention-issues.ts";
import { cancelShipment } from "./cancel-shipment.ts";
import { needsAttention } from "./needs-attention.ts";
import type { PreparedShipment } from "./prepare-shipment.ts";
import type { ShipContext, ShipOutcome } from "./ship-context.ts";

/** The bought parcel: its package, order command and tracking, and its label when fetched already. */
export interface BoughtParcel {
  readonly packageId: number;
  /** Undefined when the package was ordered by a command core cannot name. */
  readonly commandId: string | undefined;
  readonly trackingNumbers: readonly string[];
  readonly trackingUrls: readonly string[];
  readonly label?: { readonly bytes: Uint8Array; readonly contentType: string };
}

export async function completeShipment(
  context: ShipContext,
  prepared: PreparedShipment,
  bought: BoughtParcel,
): Promise<ShipOutcome> {
  const { pool } = context;
  const { shop, orderId, fulfillmentOrderId, settings, client } = prepared;
  const key = { orderId, fulfillmentOrderId };
  const tracking: Tracking = {
    company: trackingCompany(prepared.storeOrder.shipping.service ?? settings.defaultService),
    numbers: bought.trackingNumbers,
    urls: bought.trackingUrls,
  };
  const shipped = await recordShipped(pool, shop, key, {
    packageId: bought.packageId,
    commandId: bought.commandId,
    tracking,
    ...(bought.label ? { label: bought.label } : {}),
    price: await packagePrice(client, bought.packageId),
  });
  if (!shipped) {
    throw new ShipbridgeError(
      "shipment_missing",
      `order ${orderId} (${fulfillmentOrderId}) of ${shop} has no shipment row`,
    );
  }
  const recorded = { ...shipped, packageId: bought.packageId };
  // Cancelled in Shopify while it was being shipped: the cancellation saw no
  // package yet, so the package just ordered is cancelled here as that path would.
  if (recorded.status.startsWith("cancelled")) {
    await cancelShipment(context, recorded);
    return "skipped";
  }
  const session = await context.sessions.get(shop);
  let fulfilled: Awaited<ReturnType<typeof fulfilOnce>>;
  try {
    fulfilled = await fulfilOnce({
      shopify: context.shopify,
      pool,
      session,
      key,
      orderGid: prepared.orderGid,
      lines: prepared.lines,
      tracking,
      notifyCustomer: settings.notifyCustomer,
    });
  } catch (error) {
    // The parcel is paid for but Shopify refused the fulfilment: the order is
    // not left "shipped" with no fulfilment, but shown with Retry (which finds
    // the same package, so no second one is bought).
    if (error instanceof FulfilmentError) {
      return needsAttention(pool, prepared, fulfilmentIssues(error.message));
    }
    throw error;
  }
  if (fulfilled.kind === "cancelled") {
    // Cancelled between the package's record and the fulfilment: the package
    // gets the cancellation's own command (same uuid, so it runs once).
    await cancelShipment(context, recorded);
    return "skipped";
  }
  return "fulfilled";
}

/**
 * What the service charged for the package (its pricing, after any
 * adjustment), or undefined when it cannot be read now: the price is shown
 * to the merchant, never needed to ship.
 */
async function packagePrice(client: ShippingClient, packageId: number): Promise<Price | undefined> {
  try {
    const details = await client.packages.get(packageId);
    const pricing = details.pricing;
    if (!pricing) return undefined;
    const amount =
      "adjusted_price" in pricing && typeof pricing.adjusted_price === "number"
        ? pricing.adjusted_price
        : pricing.price_gross;
    return { amount, currency: pricing.currency ?? "PLN" };
  } catch {
    return undefined;
  }
}
