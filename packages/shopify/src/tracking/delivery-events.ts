// Shopify's delivery status of a fulfilment: when a parcel's tracking reaches
// a state the customer cares about, the fulfilment gets a
// fulfillmentEventCreate event (Shopify shows it on the order and the
// customer's status page). Each status is sent once per order, recorded in
// the same transaction as the call; "delivered" waits until every parcel of
// the package is delivered.
import { ShipbridgeError } from "@shipbridge/core";
import type { Session, Shopify } from "@shopify/shopify-api";
import type pg from "pg";
import { FULFILLMENT_EVENT_CREATE } from "../admin/documents.ts";
import type { ShipmentRow } from "../store/shipments.ts";
import { deliveredParcels, recordDeliveryStatus, sentDeliveryStatuses } from "../store/tracking.ts";

/** Core's tracking states that Shopify has a delivery status for. */
export const DELIVERY_STATUSES: Readonly<Record<string, string>> = {
  collected: "CARRIER_PICKED_UP",
  "in-transit": "IN_TRANSIT",
  delivering: "OUT_FOR_DELIVERY",
  delivered: "DELIVERED",
};

/** The scope fulfillmentEventCreate needs; a shop installed before the app asked for it gets no events. */
const SCOPE = "write_fulfillments";

/** Shopify refused a delivery event (code `delivery_event_refused`). */
export class DeliveryEventError extends ShipbridgeError {
  override readonly name = "DeliveryEventError";
  constructor(message: string) {
    super("delivery_event_refused", message);
  }
}

function hasScope(session: Session): boolean {
  return (session.scope ?? "").split(",").some((scope) => scope.trim() === SCOPE);
}

function isoTime(value: string): string | undefined {
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString();
}

/**
 * Sends the delivery status of `state` for the row's fulfilment, once. Runs
 * inside the caller's transaction on `db`: if Shopify fails, the caller rolls
 * back and the next push or reconcile run sends it again. Answers whether an
 * event was sent.
 */
export async function sendDeliveryEvent(
  db: pg.PoolClient,
  context: { readonly shopify: Shopify; readonly session: Session },
  row: ShipmentRow,
  event: {
    readonly state: string;
    readonly datetime: string;
    readonly description?: string | null | undefined;
  },
): Promise<boolean> {
  const status = DELIVERY_STATUSES[event.state];
  if (!status || !row.fulfillmentId || !hasScope(context.session)) return false;
  if (event.state === "delivered") {
    // One fulfilment holds every parcel: it is delivered when the last one is.
    const delivered =
      row.packageId === undefined ? 0 : await deliveredParcels(db, row.shop, row.packageId);
    if (delivered < Math.max(1, row.tracking?.numbers.length ?? 1)) return false;
  }
  // A late event never moves the status back (in transit after delivered).
  const rank = (name: string) => Object.values(DELIVERY_STATUSES).indexOf(name);
  // Once per shipment: an order in two parcels has two fulfilments, each with its statuses.
  const shipment =
    row.fulfillmentOrderId === "" ? row.orderId : `${row.orderId}:${row.fulfillmentOrderId}`;
  const sent = await sentDeliveryStatuses(db, row.shop, shipment);
  if (sent.some((done) => rank(done) >= rank(status))) return false;
  if (!(await recordDeliveryStatus(db, row.shop, shipment, status))) return false;
  const happenedAt = isoTime(event.datetime);
  const graphql = new context.shopify.clients.Graphql({ session: context.session });
  const answer = await graphql.request<{
    fulfillmentEventCreate: { userErrors: { message: string }[] };
  }>(FULFILLMENT_EVENT_CREATE, {
    variables: {
      fulfillmentEvent: {
        fulfillmentId: row.fulfillmentId,
        status,
        ...(happenedAt ? { happenedAt } : {}),
        ...(event.description ? { message: event.description } : {}),
      },
    },
  });
  const errors = answer.data?.fulfillmentEventCreate.userErrors ?? [];
  if (errors.length > 0) {
    throw new DeliveryEventError(
      `fulfillmentEventCreate refused: ${errors.map((error) => error.message).join("; ")}`,
    );
  }
  return true;
}
