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
import { sendDeliveryEvent } from "./delivery-events.ts";

export interface TrackingEventInput {
  readonly packageId: number;
  readonly packageNo: string;
  readonly state: string;
  readonly datetime: string;
  readonly description?: string | null | undefined;
}

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
  const { rows } = await context.pool.query(
    `SELECT order_id, fulfillment_order_id FROM shipbridge_shopify_shipments
     WHERE shop = $1 AND package_id = $2 AND fulfillment_id IS NOT NULL`,
    [shop, event.packageId],
  );
  const orderId = rows[0]?.order_id as string | undefined;
  if (orderId === undefined) return "unknown";
  // The shipment (one fulfillment order of the order) this package is.
  const shipment = { orderId, fulfillmentOrderId: rows[0]?.fulfillment_order_id as string };
  const db = await context.pool.connect();
  try {
    await db.query("BEGIN");
    const inserted = await db.query(
      `INSERT INTO shipbridge_shopify_tracking_events (shop, package_id, package_no, state, datetime, description)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
      [
        shop,
        event.packageId,
        event.packageNo,
        event.state,
        event.datetime,
        event.description ?? null,
      ],
    );
    if (inserted.rowCount !== 1) {
      await db.query("ROLLBACK");
      return "duplicate";
    }
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
    await db.query(
      `UPDATE shipbridge_shopify_shipments SET tracking_state = $3, tracking_at = $4, updated_at = now()
       WHERE shop = $1 AND order_id = $2 AND fulfillment_order_id = $5`,
      [shop, orderId, event.state, event.datetime, shipment.fulfillmentOrderId],
    );
    await db.query("COMMIT");
    return "applied";
  } catch (error) {
    await db.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    db.release();
  }
}
