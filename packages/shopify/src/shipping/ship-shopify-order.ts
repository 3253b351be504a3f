// The one way into shipping an order alone, whoever asks (a webhook, the
// merchant's Ship or Retry button, an update, a fulfillment order's hold
// released): prepare it (read from the shop's own Admin API, split into one
// parcel per fulfillment order the app ships, mapped and checked:
// prepare-shipment.ts), ship each parcel once with core's shipOrder under
// its fulfillment order's id (the PostgresTokenStore is the lock between
// instances, so one fulfillment order gives one package and one order
// command however many deliveries, workers and batches race), then keep its
// tracking and label and fulfil exactly its lines once in Shopify
// (complete-shipment.ts). A parcel that cannot be shipped (core's
// validation, or the service refusing it, such as a pickup point that
// closed) is kept with the path-addressed issues as "needs attention", never
// sent elsewhere (record-ship-failure.ts); transient failures throw, so the
// job is retried. An order the shop's Admin API does not know is never
// shipped: "unknown_order", for the caller to record.
import { shipOrder } from "@shipbridge/core";
import { completeShipment } from "./complete-shipment.ts";
import { type PreparedShipment, prepareShipment } from "./prepare-shipment.ts";
import { recordShipFailure } from "./record-ship-failure.ts";
import type { ShipContext, ShipOutcome, ShipRequest } from "./ship-context.ts";

export async function shipShopifyOrder(
  context: ShipContext,
  shop: string,
  id: string,
  request: ShipRequest = {},
): Promise<ShipOutcome> {
  const prepared = await prepareShipment(context, shop, id, request);
  if (typeof prepared === "string") return prepared;
  const outcomes = [...prepared.outcomes];
  for (const parcel of prepared.ready) outcomes.push(await shipParcel(context, parcel));
  return orderOutcome(outcomes);
}

/** Buys one prepared parcel alone (unless bought already) and completes it. */
export async function shipParcel(
  context: ShipContext,
  parcel: PreparedShipment,
): Promise<ShipOutcome> {
  if (parcel.bought) return completeShipment(context, parcel, parcel.bought);
  let result: Awaited<ReturnType<typeof shipOrder>>;
  try {
    result = await shipOrder(
      parcel.client,
      { ...parcel.storeOrder, id: parcel.shipId },
      {
        ...parcel.mapping,
        lock: context.tokenStore,
      },
    );
  } catch (error) {
    const outcome = await recordShipFailure(context, parcel, error);
    if (outcome === undefined) throw error;
    return outcome;
  }
  return completeShipment(context, parcel, { ...result, label: result.label });
}

/**
 * One outcome for an order of several parcels: needing attention if any
 * does, else fulfilled if any was, else waiting if any waits, else skipped.
 */
export function orderOutcome(outcomes: readonly ShipOutcome[]): ShipOutcome {
  for (const outcome of ["needs_attention", "fulfilled", "waiting", "unknown_order"] as const) {
    if (outcomes.includes(outcome)) return outcome;
  }
  return "skipped";
}
