// Writes one parcel back to Shopify as one fulfilment with tracking, made of
// exactly its fulfillment order's lines and quantities. The shipment's row
// is locked for the whole step, so two workers never fulfil it at once; and
// before creating, the order's fulfilments are read, so a crash after
// fulfillmentCreate but before the row was updated finds the fulfilment it
// made (by its tracking number) instead of making a second one. An order
// cancelled since its package was recorded (the row says so, or Shopify
// does, before its webhook arrived) is not fulfilled: the caller cancels the
// package. A fulfillment order now on hold, closed or cancelled is not
// fulfilled either (Shopify would refuse it): FulfilmentError.
import { ShipbridgeError } from "@shipbridge/core";
import type { Session, Shopify } from "@shopify/shopify-api";
import type pg from "pg";
import { FULFILLMENT_CREATE, ORDER_FULFILLMENT_STATE } from "../admin/documents.ts";
import type { FulfilmentLines } from "../mapping/fulfillment-orders.ts";
import { loadShipment, recordStatus, type ShipmentKey, type Tracking } from "../store/shipments.ts";

interface FulfillmentState {
  order: {
    cancelledAt: string | null;
    fulfillments: { id: string; trackingInfo: { number: string | null }[] }[];
    fulfillmentOrders: {
      nodes: {
        id: string;
        status: string;
        fulfillmentHolds: { id: string }[];
      }[];
    };
  } | null;
}

export interface FulfilOptions {
  readonly shopify: Shopify;
  readonly pool: pg.Pool;
  readonly session: Session;
  readonly key: ShipmentKey;
  readonly orderGid: string;
  /** What the fulfilment is made of: the parcel's fulfillment order lines and quantities. */
  readonly lines: readonly FulfilmentLines[];
  readonly tracking: Tracking;
  readonly notifyCustomer: boolean;
}

/**
 * Shopify could not fulfil the parcel: `order_not_found`, `nothing_to_fulfil`,
 * `fulfilment_order_unavailable` (on hold, closed or cancelled) or
 * `fulfilment_refused` (fulfillmentCreate's userErrors).
 */
export class FulfilmentError extends ShipbridgeError {
  override readonly name = "FulfilmentError";
}

export type FulfilResult =
  | { readonly kind: "fulfilled"; readonly fulfillmentId: string }
  | { readonly kind: "cancelled" };

/** Fulfils the parcel once; answers the fulfilment's id, or that the order was cancelled. */
export async function fulfilOnce(options: FulfilOptions): Promise<FulfilResult> {
  const { pool, session, key, orderGid, tracking } = options;
  const db = await pool.connect();
  try {
    await db.query("BEGIN");
    await db.query(
      `SELECT 1 FROM shipbridge_shopify_shipments
       WHERE shop = $1 AND order_id = $2 AND fulfillment_order_id = $3 FOR UPDATE`,
      [session.shop, key.orderId, key.fulfillmentOrderId],
    );
    const row = await loadShipment(db, session.shop, key);
    if (row?.fulfillmentId) {
      await db.query("COMMIT");
      return { kind: "fulfilled", fulfillmentId: row.fulfillmentId };
    }
    if (row?.status.startsWith("cancelled")) {
      await db.query("COMMIT");
      return { kind: "cancelled" };
    }
    const graphql = new options.shopify.clients.Graphql({ session });
    const state = await graphql.request<FulfillmentState>(ORDER_FULFILLMENT_STATE, {
      variables: { id: orderGid },
    });
    const order = state.data?.order;
    if (!order) throw new FulfilmentError("order_not_found", `Shopify has no order ${orderGid}`);
    if (order.cancelledAt) {
      await db.query("COMMIT");
      return { kind: "cancelled" };
    }
    const numbers = new Set(tracking.numbers);
    const made = order.fulfillments.find((fulfillment) =>
      fulfillment.trackingInfo.some((info) => info.number !== null && numbers.has(info.number)),
    );
    let fulfillmentId = made?.id;
    if (fulfillmentId === undefined) {
      const groups = options.lines.filter((group) => group.fulfillmentOrderLineItems.length > 0);
      if (groups.length === 0)
        throw new FulfilmentError(
          "nothing_to_fulfil",
          `Order ${orderGid} has nothing left to fulfil`,
        );
      for (const group of groups) {
        const now = order.fulfillmentOrders.nodes.find((fo) => fo.id === group.fulfillmentOrderId);
        if (
          now &&
          (!["OPEN", "IN_PROGRESS"].includes(now.status) || now.fulfillmentHolds.length > 0)
        ) {
          throw new FulfilmentError(
            "fulfilment_order_unavailable",
            `Fulfillment order ${now.id} is ${now.status.toLowerCase().replace("_", " ")}`,
          );
        }
      }
      const created = await graphql.request<{
        fulfillmentCreate: {
          fulfillment: { id: string } | null;
          userErrors: { field: string[] | null; message: string }[];
        };
      }>(FULFILLMENT_CREATE, {
        variables: {
          fulfillment: {
            lineItemsByFulfillmentOrder: groups,
            trackingInfo: {
              company: tracking.company,
              number: tracking.numbers[0],
              url: tracking.urls[0],
            },
            notifyCustomer: options.notifyCustomer,
          },
        },
      });
      const result = created.data?.fulfillmentCreate;
      if (!result?.fulfillment) {
        throw new FulfilmentError(
          "fulfilment_refused",
          `fulfillmentCreate refused: ${(result?.userErrors ?? []).map((error) => error.message).join("; ")}`,
        );
      }
      fulfillmentId = result.fulfillment.id;
    }
    await recordStatus(db, session.shop, key, "fulfilled", fulfillmentId);
    await db.query("COMMIT");
    return { kind: "fulfilled", fulfillmentId };
  } catch (error) {
    await db.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    db.release();
  }
}
