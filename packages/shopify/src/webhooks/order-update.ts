// orders/updated and orders/edited: a change can fix what made the order
// need attention, so such an order is read from the shop's Admin API,
// mapped and checked again, and shipped when it passes (an update is not a
// payment: on a shop that ships on payment, an order not paid yet stays
// unshipped). An update of an order the app has no row for is listed (as
// waiting) only once the shop's Admin API confirms the order is the shop's.
import { loadShopOrderState } from "../admin/load-shop-order.ts";
import type { ProcessContext } from "../runtime/process-context.ts";
import type { ShipOutcome } from "../shipping/ship-context.ts";
import { shipShopifyOrder } from "../shipping/ship-shopify-order.ts";
import { loadSettings } from "../store/settings.ts";
import { loadShipment } from "../store/shipments.ts";
import { decideOrder, heldFacts } from "./decide-order.ts";
import type { Delivery } from "./delivery.ts";

export async function handleOrderUpdate(
  context: ProcessContext,
  delivery: Delivery<"orders/updated" | "orders/edited">,
): Promise<ShipOutcome | undefined> {
  const { shop, topic, order } = delivery;
  const row = await loadShipment(context.pool, shop, order);
  if (!row && topic === "orders/updated") {
    const state = await loadShopOrderState(
      context.shopify,
      await context.sessions.get(shop),
      order,
    );
    return state ? undefined : "unknown_order";
  }
  // Only an order that needs attention is looked at again.
  if (row?.status !== "needs_attention") return undefined;
  const { settings } = await loadSettings(context.pool, shop);
  return shipShopifyOrder(context, shop, order, {
    requirePayment: true,
    plan: (mapped, held) => decideOrder(topic, settings.shipOn, heldFacts(mapped, held)),
  });
}
