// Moves a Medusa fulfillment along with its tracking: shipped once the
// carrier has the parcel, delivered once it arrives. Each move happens once
// (a fulfillment already shipped or delivered is left alone), so pushes,
// replays and the reconcile job can all call it.
import type { MedusaContainer } from "@medusajs/framework/types";
import { ContainerRegistrationKeys } from "@medusajs/framework/utils";
import {
  createOrderShipmentWorkflow,
  markOrderFulfillmentAsDeliveredWorkflow,
} from "@medusajs/medusa/core-flows";

/** Tracking states meaning the carrier has the parcel. */
const SHIPPED_STATES = new Set(["collected", "in-transit", "delivering", "delivery-problem"]);

export async function applyTracking(
  container: MedusaContainer,
  fulfillmentId: string,
  state: string,
): Promise<"shipped" | "delivered" | "unchanged"> {
  if (state !== "delivered" && !SHIPPED_STATES.has(state)) return "unchanged";
  const query = container.resolve(ContainerRegistrationKeys.QUERY);
  const { data } = await query.graph({
    entity: "fulfillment",
    fields: ["id", "shipped_at", "delivered_at", "canceled_at", "items.*", "order.id"],
    filters: { id: fulfillmentId },
  });
  const fulfillment = data[0] as
    | {
        id: string;
        shipped_at?: unknown;
        delivered_at?: unknown;
        canceled_at?: unknown;
        items?: { line_item_id?: string | null; quantity?: unknown }[];
        order?: { id: string } | null;
      }
    | undefined;
  const orderId = fulfillment?.order?.id;
  if (fulfillment === undefined || orderId === undefined || fulfillment.canceled_at) {
    return "unchanged";
  }
  let moved: "shipped" | "delivered" | "unchanged" = "unchanged";
  if (!fulfillment.shipped_at) {
    // No labels given: the provider's labels stay as they are.
    await createOrderShipmentWorkflow(container).run({
      input: {
        order_id: orderId,
        fulfillment_id: fulfillment.id,
        items: (fulfillment.items ?? [])
          .filter((item) => typeof item.line_item_id === "string")
          .map((item) => ({ id: item.line_item_id as string, quantity: Number(item.quantity) })),
        no_notification: false,
      },
    });
    moved = "shipped";
  }
  if (state === "delivered" && !fulfillment.delivered_at) {
    await markOrderFulfillmentAsDeliveredWorkflow(container).run({
      input: { orderId, fulfillmentId: fulfillment.id },
    });
    moved = "delivered";
  }
  return moved;
}
