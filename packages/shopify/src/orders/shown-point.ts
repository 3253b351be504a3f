// The pickup point an order is shown with: the point the merchant chose
// after checkout (store/point-choices.ts) while the order's parcel is not
// bought yet and the choice is for the order's carrier (the point it will
// be shipped to), else the point its shipment holds.
import type { PointChoice } from "../store/point-choices.ts";

const NOT_SHIPPED: readonly string[] = ["waiting", "needs_attention", "awaiting_payment"];

/** Whether the order's parcel is not bought yet (its point may still change). */
export function notShipped(order: { readonly status: string }): boolean {
  return NOT_SHIPPED.includes(order.status);
}

export function shownPoint(
  order: {
    readonly status: string;
    readonly service: string | null;
    readonly pickupPoint: string | null;
  },
  choice: PointChoice | undefined,
): string | null {
  return notShipped(order) &&
    choice &&
    order.pickupPoint !== null &&
    choice.service === order.service
    ? choice.code
    : order.pickupPoint;
}
