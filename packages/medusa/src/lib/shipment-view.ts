// A shipment as the admin routes show it: the module's row, the status of its
// fulfillment (ordered, in transit, delivered, cancelled), its label link.
import { labelPath } from "./label-path.ts";
import type { ShippedOrderFulfillment } from "./order-fulfillments.ts";

const IN_TRANSIT = new Set(["collected", "in-transit", "delivering", "delivery-problem"]);

export type ShipmentStatus = "ordered" | "in_transit" | "delivered" | "cancelled";

export interface ShipmentRowLike {
  /** The module's row; null while the row is still being recorded. */
  id: string | null;
  fulfillment_id: string;
  order_id?: string | null;
  is_return: boolean;
  service: string;
  point_id?: string | null;
  package_id: number;
  command_id: string;
  tracking_number: string | null;
  tracking_url: string | null;
  tracking_state: string | null;
  price?: unknown;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface FulfillmentLike {
  canceled_at?: unknown;
  shipped_at?: unknown;
  delivered_at?: unknown;
}

function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

export function shipmentStatus(
  row: Pick<ShipmentRowLike, "tracking_state">,
  fulfillment: FulfillmentLike | undefined,
): ShipmentStatus {
  if (fulfillment?.canceled_at) return "cancelled";
  if (row.tracking_state === "delivered" || fulfillment?.delivered_at) return "delivered";
  if (IN_TRANSIT.has(row.tracking_state ?? "") || fulfillment?.shipped_at) return "in_transit";
  return "ordered";
}

export function shipmentView(row: ShipmentRowLike, fulfillment: FulfillmentLike | undefined) {
  const price = row.price as { amount?: unknown; currency?: unknown } | null | undefined;
  const status = shipmentStatus(row, fulfillment);
  return {
    id: row.id,
    order_id: row.order_id ?? null,
    fulfillment_id: row.fulfillment_id,
    is_return: row.is_return,
    /** A parcel to the customer (`shipment`) or a return's parcel back to the store. */
    kind: row.is_return ? ("return" as const) : ("shipment" as const),
    service: row.service,
    point_id: row.point_id ?? null,
    status,
    package_id: row.package_id,
    command_uuid: row.command_id,
    tracking_number: row.tracking_number,
    tracking_url: row.tracking_url,
    tracking_state: row.tracking_state,
    // Every package the service ordered has a label (fetched on demand) until cancelled.
    has_label: status !== "cancelled",
    // A cancelled package has no label: no link to offer.
    label_url: status === "cancelled" ? null : labelPath(row.fulfillment_id),
    price:
      typeof price?.amount === "number" && typeof price.currency === "string"
        ? { amount: price.amount, currency: price.currency }
        : null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/**
 * A shipment not recorded yet (its workflow runs after the fulfillment), as
 * the provider returned it on the fulfillment: shown without a row id and
 * without tracking until the row is kept.
 */
export function unrecordedRow(shipped: ShippedOrderFulfillment): ShipmentRowLike {
  const { fulfillment } = shipped;
  const data = fulfillment.data ?? {};
  const label = fulfillment.labels?.[0];
  const point = data["point"] as { code?: unknown } | undefined;
  const now = new Date();
  return {
    id: null,
    fulfillment_id: fulfillment.id,
    order_id: shipped.order_id,
    is_return: shipped.kind === "return",
    service: String(data["service"] ?? ""),
    point_id: typeof point?.code === "string" ? point.code : null,
    package_id: data["package_id"] as number,
    command_id: String(data["command_id"] ?? ""),
    tracking_number: label?.tracking_number ?? null,
    tracking_url: label?.tracking_url ?? null,
    tracking_state: null,
    price: data["price"] ?? null,
    created_at: fulfillment.created_at ?? now,
    updated_at: fulfillment.updated_at ?? now,
  };
}
