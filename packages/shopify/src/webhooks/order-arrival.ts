// orders/create and orders/paid: the order is read from the shop's Admin
// API (so an update that came first is not lost, and a body replayed under
// another shop ships and lists nothing there), and decideOrder says, from
// what Shopify holds, whether it ships now, waits for the merchant's Ship
// button, or neither. A cancelled order is marked, never shipped, by
// shipShopifyOrder.
import type { ProcessContext } from "../runtime/process-context.ts";
import type { ShipOutcome } from "../shipping/ship-context.ts";
import { shipShopifyOrder } from "../shipping/ship-shopify-order.ts";
import { loadSettings } from "../store/settings.ts";
import { decideOrder, heldFacts } from "./decide-order.ts";
import type { Delivery } from "./delivery.ts";

export async function handleOrderArrival(
  context: ProcessContext,
  delivery: Delivery<"orders/create" | "orders/paid">,
): Promise<ShipOutcome> {
  const { shop, topic, order } = delivery;
  const { settings } = await loadSettings(context.pool, shop);
  return shipShopifyOrder(context, shop, order, {
    plan: (mapped, held) => decideOrder(topic, settings.shipOn, heldFacts(mapped, held)),
  });
}
