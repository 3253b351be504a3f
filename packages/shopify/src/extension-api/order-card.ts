// What the order-details block shows of one order: the shipment as the
// orders page shows it (status, carrier, pickup point, tracking, problems),
// the pickup point the merchant chose after checkout while it is not
// shipped yet, the label's short-lived print link, and which buttons apply:
// Ship (waiting), Retry (needs attention), Change pickup point (an order
// to a point, not shipped yet).
import type { ShopOrderShipment } from "../merchant/shop-merchant.ts";
import type { PointChoice } from "../store/point-choices.ts";

const NOT_SHIPPED: readonly string[] = ["waiting", "needs_attention", "awaiting_payment"];

export interface OrderCard extends ShopOrderShipment {
  /** Where the label prints from (five minutes), when the order has one. */
  readonly labelUrl: string | null;
  readonly actions: {
    readonly ship: boolean;
    readonly retry: boolean;
    readonly changePoint: boolean;
  };
}

/** Whether the order's parcel is not bought yet (its point may still change). */
export function notShipped(order: ShopOrderShipment): boolean {
  return NOT_SHIPPED.includes(order.status);
}

/** Whether the order has a bought parcel whose label can be printed. */
export function hasParcel(order: ShopOrderShipment): boolean {
  return order.packageId !== null && (order.status === "shipped" || order.status === "fulfilled");
}

export function orderCard(
  order: ShopOrderShipment,
  choice: PointChoice | undefined,
  labelUrl: string | null,
): OrderCard {
  const open = notShipped(order);
  const pickupPoint =
    open && choice && order.pickupPoint !== null && choice.service === order.service
      ? choice.code
      : order.pickupPoint;
  return {
    ...order,
    pickupPoint,
    labelUrl,
    actions: {
      ship: order.status === "waiting",
      retry: order.status === "needs_attention",
      changePoint: open && pickupPoint !== null,
    },
  };
}
