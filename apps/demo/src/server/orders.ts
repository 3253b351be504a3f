// One list of orders from both stores, in the dashboard's shape: the Shopify
// app's view of each order (its merchant console) and the Medusa store's
// orders with the plugin's shipments, newest first, with the chosen point,
// the package, tracking and a label link.

import type { MedusaOrder, MedusaShipment } from "../stores/medusa/medusa-orders.ts";
import type { KnownPoint } from "../stores/points.ts";
import type { ProblemIssue, ShopOrderShipment } from "../stores/shopify/merchant.ts";
import type { InFlight } from "./batches.ts";
import type { Language } from "./language.ts";
import { say } from "./language.ts";
import { carrierName, type NamedIssue, nameIssue } from "./people-names.ts";

export type DemoStatus =
  | "waiting"
  | "shipping"
  | "shipped"
  | "in_transit"
  | "delivered"
  | "needs_attention"
  | "cancelled";

export interface DemoOrder {
  readonly store: "shopify" | "medusa";
  readonly id: string;
  readonly name: string;
  readonly createdAt: string;
  readonly customer: string;
  readonly status: DemoStatus;
  readonly service: string | null;
  /** The carrier's name for people ("InPost"), beside its code. */
  readonly serviceName?: string | null;
  readonly point: KnownPoint | null;
  readonly packageId: string | null;
  readonly trackingNumber: string | null;
  readonly trackingUrl: string | null;
  readonly trackingState: string | null;
  readonly labelUrl: string | null;
  readonly problems: (ProblemIssue | NamedIssue)[];
  readonly price: { amount: number; currency: string } | null;
}

const IN_TRANSIT = new Set([
  "collected",
  "in-transit",
  "in_transit",
  "out-for-delivery",
  "out_for_delivery",
  "sent",
]);

/** The app's statuses of an order whose package is ordered. */
const SHIPPED = new Set(["shipped", "fulfilled"]);

/** A shipped order's (or a return parcel's) status from its tracking state. */
export function tracked(state: string | null): DemoStatus {
  if (state === "delivered") return "delivered";
  if (state !== null && IN_TRANSIT.has(state)) return "in_transit";
  return "shipped";
}

/**
 * A return's status in the orders' terms: the store's state of the return
 * (cancelled, needs attention, delivered), "shipping" while its parcel is not
 * bought yet, else what its parcel's tracking says.
 */
export function returnStatus(
  state: string | null,
  packageId: string | null,
  trackingState: string | null,
): DemoStatus {
  if (state?.startsWith("cancel")) return "cancelled";
  if (state === "needs_attention" || state === "failed") return "needs_attention";
  if (state === "delivered") return "delivered";
  if (packageId === null) return "shipping";
  return tracked(trackingState);
}

function pointOf(id: string | null, points: Map<string, KnownPoint>): KnownPoint | null {
  if (!id) return null;
  return points.get(id) ?? { id, name: id, address: "" };
}

const labelUrl = (store: string, id: string) => `/api/labels/${store}/${encodeURIComponent(id)}`;

/**
 * A Shopify order is "shipping" while its latest batch has not settled it
 * (whatever the app said of it before: a retried order included), and
 * while the app itself says so.
 */
function shopifyInBatch(order: ShopOrderShipment, status: DemoStatus, inFlight: InFlight): boolean {
  const item = inFlight.items.get(`shopify:${order.orderId}`);
  return item?.state === "shipping" && (status === "waiting" || status === "needs_attention");
}

export function shopifyOrders(
  shipments: readonly ShopOrderShipment[],
  placed: Map<string, { name: string; createdAt: string; customer: string }>,
  points: Map<string, KnownPoint>,
  inFlight: InFlight,
): DemoOrder[] {
  return shipments.map((order) => {
    const known = placed.get(order.orderId);
    let status: DemoStatus;
    switch (order.status) {
      case "needs_attention":
      case "cancelled_after_order":
        status = "needs_attention";
        break;
      case "cancelled":
        status = "cancelled";
        break;
      case "shipped":
      case "fulfilled":
        status = tracked(order.trackingState);
        break;
      case "shipping":
        status = "shipping";
        break;
      default:
        status = order.packageId ? tracked(order.trackingState) : "waiting";
    }
    if (shopifyInBatch(order, status, inFlight)) status = "shipping";
    return {
      store: "shopify",
      id: order.orderId,
      name: order.orderName || known?.name || order.orderId,
      createdAt: order.createdAt ?? known?.createdAt ?? order.updatedAt,
      customer: order.customer ?? known?.customer ?? "",
      status,
      service: order.service,
      point: pointOf(order.pickupPoint, points),
      packageId: order.packageId,
      trackingNumber: order.trackingNumber,
      trackingUrl: order.trackingUrl,
      trackingState: order.trackingState,
      // An order shipped in a batch has its label fetched when first asked for.
      labelUrl:
        order.hasLabel || (order.packageId !== null && SHIPPED.has(order.status))
          ? labelUrl("shopify", order.orderId)
          : null,
      problems: order.problems,
      price: order.price,
    };
  });
}

export function medusaOrders(
  orders: readonly MedusaOrder[],
  shipments: readonly MedusaShipment[],
  points: Map<string, KnownPoint>,
  inFlight: InFlight,
  language: Language,
): DemoOrder[] {
  return orders.map((order) => {
    const shipment = shipments.find(
      (candidate) =>
        candidate.order_id === order.id &&
        !candidate.is_return &&
        (order.fulfillments ?? []).some(
          (fulfillment) =>
            fulfillment.id === candidate.fulfillment_id && fulfillment.canceled_at === null,
        ),
    );
    const key = `medusa:${order.id}`;
    const method = order.shipping_methods?.[0];
    const methodPoint =
      typeof method?.data?.["point_id"] === "string" ? (method.data["point_id"] as string) : null;
    const item = inFlight.items.get(key);
    let status: DemoStatus;
    if (order.status === "canceled") status = "cancelled";
    else if (shipment) status = tracked(shipment.tracking_state);
    // In a batch: shipping until its shipment shows (or the batch failed it).
    else if (item?.state === "shipping" || item?.state === "shipped") status = "shipping";
    else if (item?.state === "failed") status = "needs_attention";
    else status = "waiting";
    const address = order.shipping_address;
    const point = pointOf(shipment?.point_id ?? methodPoint, points);
    const name =
      typeof method?.data?.["point_name"] === "string"
        ? (method.data["point_name"] as string)
        : null;
    return {
      store: "medusa",
      id: order.id,
      name: `#${order.display_id}`,
      createdAt: order.created_at,
      customer:
        `${address?.first_name ?? ""} ${address?.last_name ?? ""}`.trim() || (order.email ?? ""),
      status,
      service: shipment?.service ?? null,
      point: point && name && point.name === point.id ? { ...point, name } : point,
      packageId:
        shipment?.package_id === null || shipment?.package_id === undefined
          ? null
          : String(shipment.package_id),
      trackingNumber: shipment?.tracking_number ?? null,
      trackingUrl: shipment?.tracking_url ?? null,
      trackingState: shipment?.tracking_state ?? null,
      labelUrl: shipment?.has_label ? labelUrl("medusa", order.id) : null,
      problems:
        status === "needs_attention" && item
          ? item.problems.length > 0
            ? [...item.problems]
            : [
                {
                  path: "order",
                  rule: "refused",
                  message: say(language, "The store refused the shipment", "Sklep odmówił wysyłki"),
                },
              ]
          : [],
      price: shipment?.price ?? null,
    };
  });
}

/**
 * The order as people read it in `language`: its carrier by name and each
 * problem's field by name.
 */
export function forPeople(order: DemoOrder, language: Language): DemoOrder {
  return {
    ...order,
    serviceName: carrierName(order.service, language),
    problems: order.problems.map((issue) => nameIssue(issue, language)),
  };
}

export function newestFirst(orders: DemoOrder[]): DemoOrder[] {
  return orders.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
