// The pickup point an order ships to, as the thank-you and order-status
// pages show it to the buyer: its code and carrier, and, as the service
// describes the point, its name, address and opening hours (a day by day
// list, Monday first). What the service cannot describe (it does not
// answer, or no longer lists the point) is left out, never made up.
import type { ShippingClient, StoreOrderInput } from "@shipbridge/core";
import type { Point } from "@shipbridge/core/schemas";

export interface BuyerPoint {
  readonly code: string;
  readonly service: string;
  readonly name: string | null;
  readonly address: {
    readonly street: string;
    readonly postcode: string;
    readonly city: string;
  } | null;
  /** Each day the point is known for: its hours, or closed. */
  readonly openingHours: readonly {
    readonly day: string;
    readonly open: string | null;
    readonly close: string | null;
  }[];
}

const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

function describe(point: Point | undefined, code: string, service: string): BuyerPoint {
  const address = point?.address;
  const hours = point?.opening_hours ?? {};
  return {
    code,
    service,
    name: point?.name ?? null,
    address:
      address?.street && address.city
        ? { street: address.street, postcode: address.postcode ?? "", city: address.city }
        : null,
    openingHours: DAYS.filter((day) => day in hours).map((day) => {
      const slot = hours[day];
      return { day, open: slot?.start_hour ?? null, close: slot?.end_hour ?? null };
    }),
  };
}

/** The order's point for the buyer, or null when the order does not ship to one. */
export async function buyerPoint(
  client: ShippingClient,
  order: StoreOrderInput,
): Promise<BuyerPoint | null> {
  const point = order.pickup_point;
  if (!point) return null;
  try {
    const { points } = await client.points.map({
      location: {
        address: {
          postcode: order.shipping_address.postcode,
          city: order.shipping_address.city,
          country_code: order.shipping_address.country_code.toUpperCase(),
        },
      },
      filters: { point_id: point.code, services: [point.carrier] },
      limit: 1,
    });
    const found = points.find((each) => each.code.toUpperCase() === point.code.toUpperCase());
    return describe(found, point.code, point.carrier);
  } catch {
    return describe(undefined, point.code, point.carrier);
  }
}
