// orders/cancelled: only the shop's own Admin API saying the order is
// cancelled cancels it (and its package), not the body, which may be another
// shop's. An order the shop does not know is refused.
import { loadShopOrderState } from "../admin/load-shop-order.ts";
import type { ProcessContext } from "../runtime/process-context.ts";
import { cancelShopifyOrder } from "../shipping/cancel-order.ts";
import type { Delivery } from "./delivery.ts";

export async function handleOrderCancellation(
  context: ProcessContext,
  delivery: Delivery<"orders/cancelled">,
): Promise<"unknown_order" | undefined> {
  const { shop, order } = delivery;
  const state = await loadShopOrderState(context.shopify, await context.sessions.get(shop), order);
  if (!state) return "unknown_order";
  if (!state.cancelled) return undefined;
  await cancelShopifyOrder(context, {
    shop,
    orderId: order,
    orderGid: state.gid,
    orderName: delivery.orderName ?? order,
  });
  return undefined;
}
