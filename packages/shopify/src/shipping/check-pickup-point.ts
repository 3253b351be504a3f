// A pickup point chosen at checkout may have closed since: before the
// package is made, the point is looked up again with core's points search,
// so an order for an unknown point, or one closed or on holiday
// (core's pointClosure), needs the merchant's attention instead of shipping
// anywhere else.
import type { ShippingClient, StoreOrderInput } from "@shipbridge/core";
import { pointClosure } from "@shipbridge/core/rules";
import type { IssuesByLanguage } from "../store/shipments.ts";
import { pointIssues } from "./attention-issues.ts";

/** Undefined when the order has no point or its point is open; else the issues in both languages. */
export async function pickupPointIssues(
  client: ShippingClient,
  order: StoreOrderInput,
): Promise<IssuesByLanguage | undefined> {
  const point = order.pickup_point;
  if (!point) return undefined;
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
  if (!found) return pointIssues(point.code, "unknown");
  const closure = pointClosure(found);
  return closure ? pointIssues(point.code, closure) : undefined;
}
