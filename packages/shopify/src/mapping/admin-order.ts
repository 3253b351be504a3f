// The order as the shop's Admin API answers the ShopOrder query (GraphQL,
// camelCase), and its reading into the ShopifyOrder shape the rest of the
// mapping speaks. Pure: the same answer always gives the same order.
import type { ShopifyLineItem, ShopifyOrder } from "./shopify-order.ts";

interface Page {
  readonly hasNextPage: boolean;
  readonly endCursor?: string | null;
}

/** One line of a fulfillment order: what is left of it and one unit's weight. */
export interface AdminFulfillmentOrderLine {
  /** The fulfillment order line's own id (what a fulfilment names). */
  readonly id?: string;
  readonly remainingQuantity?: number;
  readonly lineItem: { readonly id: string };
  readonly weight: { readonly unit: string; readonly value: number } | null;
}

interface Money {
  readonly shopMoney: { readonly amount: string; readonly currencyCode?: string };
}

export interface AdminAddress {
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly company: string | null;
  readonly address1: string | null;
  readonly address2: string | null;
  readonly city: string | null;
  readonly zip: string | null;
  readonly provinceCode: string | null;
  readonly countryCodeV2: string | null;
  readonly phone: string | null;
}

export interface AdminLineItem {
  readonly id: string;
  readonly sku: string | null;
  readonly name: string;
  readonly title: string;
  readonly quantity: number;
  readonly currentQuantity: number;
  readonly requiresShipping: boolean;
  readonly originalUnitPriceSet: Money;
}

export interface AdminOrder {
  readonly id: string;
  readonly legacyResourceId: string;
  readonly name: string;
  readonly email: string | null;
  readonly phone: string | null;
  readonly currencyCode: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly cancelledAt: string | null;
  /** PAID, PARTIALLY_REFUNDED, REFUNDED, VOIDED, PENDING, ... */
  readonly displayFinancialStatus: string | null;
  readonly paymentGatewayNames: readonly string[];
  readonly currentTotalPriceSet: Money;
  readonly currentSubtotalPriceSet: Money;
  readonly totalOutstandingSet: Money;
  readonly totalShippingPriceSet: Money;
  readonly shippingAddress: AdminAddress | null;
  readonly shippingLine: {
    readonly title: string;
    readonly code: string | null;
    readonly source: string | null;
    readonly originalPriceSet: Money;
  } | null;
  readonly lineItems: { readonly pageInfo?: Page; readonly nodes: readonly AdminLineItem[] };
  readonly fulfillmentOrders: {
    readonly pageInfo?: Page;
    readonly nodes: readonly AdminFulfillmentOrder[];
  };
}

/** One fulfillment order of the order: a group of its lines shipped from one location. */
export interface AdminFulfillmentOrder {
  readonly id?: string;
  /** OPEN, IN_PROGRESS, ON_HOLD, CLOSED, ... (absent in answers read before it was asked). */
  readonly status?: string;
  readonly assignedLocation?: {
    readonly name: string | null;
    readonly address1?: string | null;
    readonly address2?: string | null;
    readonly city?: string | null;
    readonly zip?: string | null;
    readonly countryCode?: string | null;
  } | null;
  /** SHIPPING, PICKUP_POINT, PICK_UP, LOCAL, ... */
  readonly deliveryMethod?: { readonly methodType: string } | null;
  readonly fulfillmentHolds?: readonly { readonly id: string }[];
  readonly lineItems: {
    readonly pageInfo?: Page;
    readonly nodes: readonly AdminFulfillmentOrderLine[];
  };
}

/** Grams in one of each WeightUnit. */
const GRAMS: Readonly<Record<string, number>> = {
  GRAMS: 1,
  KILOGRAMS: 1000,
  OUNCES: 28.349523125,
  POUNDS: 453.59237,
};

/** The weight of one unit of each line item, in grams, from its fulfillment order lines. */
function unitGrams(order: AdminOrder): Map<string, number> {
  const grams = new Map<string, number>();
  for (const fulfillmentOrder of order.fulfillmentOrders.nodes) {
    for (const line of fulfillmentOrder.lineItems.nodes) {
      if (!line.weight) continue;
      const factor = GRAMS[line.weight.unit] ?? 1;
      grams.set(line.lineItem.id, Math.round(line.weight.value * factor));
    }
  }
  return grams;
}

/** Whether the answer holds every line of the order and every unit weight (no page left unread). */
export function isWholeOrder(order: AdminOrder): boolean {
  const more = [
    order.lineItems.pageInfo,
    order.fulfillmentOrders.pageInfo,
    ...order.fulfillmentOrders.nodes.map((fulfillmentOrder) => fulfillmentOrder.lineItems.pageInfo),
  ];
  return !more.some((page) => page?.hasNextPage === true);
}

/**
 * The locations (by name) of the fulfillment orders the app would fulfil:
 * open ones with a line left to fulfil. One parcel has one sender, and
 * Shopify fulfils fulfillment orders of one location in one call.
 */
export function shippingLocations(order: AdminOrder): string[] {
  const names = new Set<string>();
  for (const fulfillmentOrder of order.fulfillmentOrders.nodes) {
    if (fulfillmentOrder.status !== undefined && fulfillmentOrder.status !== "OPEN") continue;
    const left = fulfillmentOrder.lineItems.nodes.some(
      (line) => line.remainingQuantity === undefined || line.remainingQuantity > 0,
    );
    if (left) names.add(fulfillmentOrder.assignedLocation?.name ?? "");
  }
  return [...names];
}

/** The Admin API's order in the shape the mapping reads (the webhooks' REST shape). */
export function fromAdminOrder(order: AdminOrder): ShopifyOrder {
  const grams = unitGrams(order);
  const address = order.shippingAddress;
  const line = order.shippingLine;
  const lineItems: ShopifyLineItem[] = order.lineItems.nodes.map((item) => ({
    id: item.id,
    sku: item.sku,
    name: item.name,
    title: item.title,
    quantity: item.quantity,
    current_quantity: item.currentQuantity,
    grams: grams.get(item.id) ?? null,
    price: item.originalUnitPriceSet.shopMoney.amount,
    requires_shipping: item.requiresShipping,
  }));
  return {
    id: order.legacyResourceId,
    admin_graphql_api_id: order.id,
    name: order.name,
    email: order.email,
    phone: order.phone,
    currency: order.currencyCode,
    total_price: order.currentTotalPriceSet.shopMoney.amount,
    subtotal_price: order.currentSubtotalPriceSet.shopMoney.amount,
    total_outstanding: order.totalOutstandingSet.shopMoney.amount,
    total_shipping_price_set: {
      shop_money: {
        amount: order.totalShippingPriceSet.shopMoney.amount,
        currency_code: order.totalShippingPriceSet.shopMoney.currencyCode ?? order.currencyCode,
      },
    },
    payment_gateway_names: order.paymentGatewayNames,
    financial_status: order.displayFinancialStatus?.toLowerCase() ?? null,
    cancelled_at: order.cancelledAt,
    created_at: order.createdAt,
    updated_at: order.updatedAt,
    shipping_address: address
      ? {
          first_name: address.firstName,
          last_name: address.lastName,
          company: address.company,
          address1: address.address1,
          address2: address.address2,
          city: address.city,
          zip: address.zip,
          province_code: address.provinceCode,
          country_code: address.countryCodeV2,
          phone: address.phone,
        }
      : null,
    line_items: lineItems,
    shipping_lines: line
      ? [
          {
            title: line.title,
            code: line.code,
            source: line.source,
            price: line.originalPriceSet.shopMoney.amount,
          },
        ]
      : [],
  };
}
