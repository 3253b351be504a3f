// The one way into shipping an order alone, whoever asks (a webhook, the
// merchant's Ship or Retry button, an update): prepare it (read from the
// shop's own Admin API, mapped and checked: prepare-shipment.ts), ship it
// once with core's shipOrder (the PostgresTokenStore is the lock between
// instances, so one order gives one package and one order command however
// many deliveries, workers and batches race), then keep its tracking and
// label and fulfil it once in Shopify (complete-shipment.ts). An order that
// cannot be shipped (core's validation, or the service refusing it, such as
// a pickup point that closed) is kept with the path-addressed issues as
// "needs attention", never sent elsewhere (record-ship-failure.ts);
// transient failures throw, so the job is retried. An order the shop's
// Admin API does not know is never shipped: "unknown_order", for the caller
// to record.
import { shipOrder } from "@shipbridge/core";
import { completeShipment } from "./complete-shipment.ts";
import { prepareShipment } from "./prepare-shipment.ts";
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
  let result: Awaited<ReturnType<typeof shipOrder>>;
  try {
    result = await shipOrder(prepared.client, prepared.storeOrder, {
      ...prepared.mapping,
      lock: context.tokenStore,
    });
  } catch (error) {
    const outcome = await recordShipFailure(context, prepared, error);
    if (outcome === undefined) throw error;
    return outcome;
  }
  return completeShipment(context, prepared, { ...result, label: result.label });
}
