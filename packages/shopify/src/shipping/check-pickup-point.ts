// A pickup point chosen at checkout may have closed since: before the
// package is made, the point is looked up again with core's points search,
// so an order for a closed or unknown point needs the merchant's attention
// instead of shipping anywhere else.
import type { Issue, ShippingClient, StoreOrderInput } from "@shipbridge/core";

export async function pickupPointIssues(
  client: ShippingClient,
  order: StoreOrderInput,
): Promise<Issue<string>[]> {
  const point = order.pickup_point;
  if (!point) return [];
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
  const found = points.find(
    (candidate) => candidate.code.toUpperCase() === point.code.toUpperCase(),
  );
  if (found && found.active !== false) return [];
  return [
    {
      path: "order.pickup_point.code",
      rule: "point_unavailable",
      message: found
        ? `Punkt ${point.code} jest nieczynny; wybierz inny. / Point ${point.code} is closed; choose another.`
        : `Nie ma punktu ${point.code}; wybierz inny. / There is no point ${point.code}; choose another.`,
    },
  ];
}
