// Every order the app knows for a shop, as the merchant sees it (the orders
// page, ShopMerchant.orders): its status, carrier and point, package and
// tracking, and its problems in the language asked; newest first.
import type { Issue } from "@shipbridge/core";
import type pg from "pg";
import { isCancelled, isPaid, refundedStatus } from "../mapping/order-facts.ts";
import type { ShopifyOrder } from "../mapping/shopify-order.ts";
import { toStoreOrder } from "../mapping/to-store-order.ts";
import { toLanguage } from "../settings/settings-view.ts";
import { issuesIn } from "../shipping/attention-issues.ts";
import { listKnownOrders } from "../store/order-list.ts";
import { loadSettings } from "../store/settings.ts";
import type { ShipmentStatus } from "../store/shipments.ts";

/**
 * Where an order stands: `awaiting_payment` (the shop ships on payment and
 * the order is not paid yet; not cash on delivery), `waiting` (not shipped
 * yet, waiting for the merchant's "Ship"), `shipping`, `shipped` (the
 * package is ordered), `fulfilled` (and written back to Shopify with
 * tracking), `needs_attention` (see `problems`), `cancelled`,
 * `cancelled_after_order` (cancelled in Shopify after the parcel was
 * collected).
 */
export type ShopOrderStatus = ShipmentStatus | "awaiting_payment";

export interface ShopOrderShipment {
  /** Shopify's numeric order id, as a string. */
  readonly orderId: string;
  /** "#1001" */
  readonly orderName: string;
  readonly status: ShopOrderStatus;
  /** The carrier service of the package ("inpost", "dpd", ...). */
  readonly service: string | null;
  /** The point's code when the order ships to a pickup point or locker. */
  readonly pickupPoint: string | null;
  readonly packageId: string | null;
  readonly trackingNumber: string | null;
  readonly trackingUrl: string | null;
  /** Core's tracking state, e.g. "delivered". */
  readonly trackingState: string | null;
  readonly hasLabel: boolean;
  /** Why the order needs attention: path, rule and message in the language asked. */
  readonly problems: Issue<string>[];
  /** What the package cost, as the service priced it; null before it is ordered. */
  readonly price: { readonly amount: number; readonly currency: string } | null;
  /** ISO time of the last change. */
  readonly updatedAt: string;
  /** ISO time the order was placed (Shopify's created_at), or first heard of. */
  readonly createdAt: string;
  /** The name the order ships to, when the app still keeps the order. */
  readonly customer: string | null;
}

function placedAt(order: ShopifyOrder | undefined, firstSeen: Date): string {
  const placed = order?.created_at ? new Date(order.created_at) : undefined;
  return placed && !Number.isNaN(placed.getTime()) ? placed.toISOString() : firstSeen.toISOString();
}

function customerName(order: ShopifyOrder | undefined): string | null {
  const person = order?.shipping_address ?? order?.customer;
  const name = [person?.first_name, person?.last_name]
    .filter((part): part is string => typeof part === "string" && part.trim() !== "")
    .join(" ");
  return name || null;
}

export async function shopOrders(
  pool: pg.Pool,
  shop: string,
  options: { language?: "en" | "pl"; limit?: number } = {},
): Promise<ShopOrderShipment[]> {
  const { settings } = await loadSettings(pool, shop);
  const language = options.language ? toLanguage(options.language) : settings.language;
  const known = await listKnownOrders(pool, shop, options.limit ?? 500);
  return known.map(({ orderId, shipment, payload, firstSeen }): ShopOrderShipment => {
    const order = payload as ShopifyOrder | undefined;
    const about = { createdAt: placedAt(order, firstSeen), customer: customerName(order) };
    if (shipment) {
      return {
        ...about,
        orderId,
        orderName: shipment.orderName,
        status: shipment.status,
        service: shipment.service ?? null,
        pickupPoint: shipment.pickupPoint ?? null,
        packageId: shipment.packageId === undefined ? null : String(shipment.packageId),
        trackingNumber: shipment.tracking?.numbers[0] ?? null,
        trackingUrl: shipment.tracking?.urls[0] ?? null,
        trackingState: shipment.trackingState ?? null,
        hasLabel: shipment.hasLabel,
        problems:
          shipment.status === "needs_attention"
            ? [...issuesIn(shipment.issues, shipment.issuesByLanguage, language)]
            : [],
        price: shipment.price ?? null,
        updatedAt: shipment.updatedAt.toISOString(),
      };
    }
    // Only seen in webhooks: not shipped yet (waiting for payment, or for the
    // merchant), or placed already cancelled.
    const mapped = order
      ? toStoreOrder(order, { defaultService: settings.defaultService })
      : undefined;
    // A shop that ships on payment ships this order when orders/paid comes;
    // until then it is not the merchant's to ship (cash on delivery, paid
    // only on delivery, has a row waiting for Ship instead).
    const awaitingPayment =
      settings.shipOn === "orders/paid" &&
      !isPaid(order) &&
      !refundedStatus(order) &&
      mapped?.cod === undefined;
    return {
      ...about,
      orderId,
      orderName: order?.name ?? orderId,
      status: isCancelled(order) ? "cancelled" : awaitingPayment ? "awaiting_payment" : "waiting",
      service: mapped?.shipping.service ?? null,
      pickupPoint: mapped?.pickup_point?.code ?? null,
      packageId: null,
      trackingNumber: null,
      trackingUrl: null,
      trackingState: null,
      hasLabel: false,
      problems: [],
      price: null,
      updatedAt: firstSeen.toISOString(),
    };
  });
}

/** The ids of the shop's orders waiting to ship, newest first. */
export async function waitingOrders(pool: pg.Pool, shop: string): Promise<string[]> {
  const orders = await shopOrders(pool, shop);
  return orders.filter((order) => order.status === "waiting").map((order) => order.orderId);
}
