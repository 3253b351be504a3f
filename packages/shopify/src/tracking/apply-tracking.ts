// Applies one tracking event (from a push or the reconcile job) to the order
// it belongs to: stored once per package, parcel, state and time, so a replay
// changes nothing; then the fulfilment's tracking in Shopify is updated with
// fulfillmentTrackingInfoUpdate. The event row and the Shopify call share one
// transaction: if Shopify fails, the event is not kept and the next push or
// reconcile run tries again. A state Shopify has a delivery status for (in
// transit, out for delivery, delivered) also gets its fulfilment event, once.
import { ShipbridgeError } from "@shipbridge/core";
import type { Session, Shopify } from "@shopify/shopify-api";
import type pg from "pg";
import { FULFILLMENT_TRACKING_INFO_UPDATE } from "../admin/documents.ts";
import { loadShipment } from "../store/shipments.ts";
import {
  fulfilledShipmentOfPackage,
  recordTrackingEvent,
  recordTrackingState,
  type TrackingEventRow,
} from "../store/tracking.ts";
import { inTransaction } from "../store/transaction.ts";
import { sendDeliveryEvent } from "./delivery-events.ts";

/** One parcel's tracking event, as a push or the reconcile job reads it. */
export type TrackingEventInput = TrackingEventRow;

export interface ApplyContext {
  readonly shopify: Shopify;
  readonly pool: pg.Pool;
  readonly sessions: { get(shop: string): Promise<Session> };
}

/** The tracking could not be written to the order's fulfilment: `no_fulfilment` or `tracking_update_refused`. */
export class TrackingUpdateError extends ShipbridgeError {
  override readonly name = "TrackingUpdateError";
}

/** States after which the reconcile job stops asking about a package. */
export const FINAL_TRACKING_STATES: readonly string[] = ["delivered", "returned"];

/**
 * Applies the event; answers "applied", "duplicate", or "unknown" when no
 * fulfilled order of the shop has this package.
 */
export async function applyTrackingEvent(
  context: ApplyContext,
  shop: string,
  event: TrackingEventInput,
): Promise<"applied" | "duplicate" | "unknown"> {
  const shipment = await fulfilledShipmentOfPackage(context.pool, shop, event.packageId);
  if (shipment === undefined) return "unknown";
  return inTransaction(context.pool, async (db) => {
    if (!(await recordTrackingEvent(db, shop, event))) return "duplicate";
    const row = await loadShipment(db, shop, shipment);
    if (!row?.fulfillmentId || !row.tracking)
      throw new TrackingUpdateError("no_fulfilment", "no fulfilment");
    const index = Math.max(0, row.tracking.numbers.indexOf(event.packageNo));
    const session = await context.sessions.get(shop);
    const graphql = new context.shopify.clients.Graphql({ session });
    const answer = await graphql.request<{
      fulfillmentTrackingInfoUpdate: { userErrors: { message: string }[] };
    }>(FULFILLMENT_TRACKING_INFO_UPDATE, {
      variables: {
        fulfillmentId: row.fulfillmentId,
        trackingInfoInput: {
          company: row.tracking.company,
          number: row.tracking.numbers[index] ?? event.packageNo,
          url: row.tracking.urls[index] ?? row.tracking.urls[0],
        },
        notifyCustomer: false,
      },
    });
    const errors = answer.data?.fulfillmentTrackingInfoUpdate.userErrors ?? [];
    if (errors.length > 0)
      throw new TrackingUpdateError(
        "tracking_update_refused",
        `fulfillmentTrackingInfoUpdate refused: ${errors.map((error) => error.message).join("; ")}`,
      );
    await sendDeliveryEvent(db, { shopify: context.shopify, session }, row, event);
    await recordTrackingState(db, shop, shipment, event.state, event.datetime);
    return "applied";
  });
}
