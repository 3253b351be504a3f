// Reads one order from the shop's own Admin API (the ShopOrder query), so
// shipping acts on what the shop holds, never on a webhook body: a body
// signed with the app's secret can be replayed under any shop's domain, but
// only the shop's own Admin API knows the shop's orders. Undefined when the
// shop has no such order; a failure to ask throws, so the job is retried.
// A fulfillment order's lines past the first page are read page by page
// (after each page's endCursor), each query under Shopify's cost limit.
// `whole` is false when the order has more lines (100) or fulfillment orders
// (3) than the app reads: such an order is not shipped.
// `locations` names where its open fulfillment orders ship from: an order
// split over several locations is not one parcel, and is not shipped.
import type { Session, Shopify } from "@shopify/shopify-api";
import {
  type AdminFulfillmentOrderLine,
  type AdminOrder,
  fromAdminOrder,
  isWholeOrder,
  shippingLocations,
} from "../mapping/admin-order.ts";
import type { ShopifyOrder } from "../mapping/shopify-order.ts";
import { FULFILLMENT_ORDER_LINES, ORDER_STATE, SHOP_ORDER } from "./documents.ts";

/** The order's GID from its numeric id (or the GID itself). */
export function orderGid(orderId: string): string {
  return orderId.startsWith("gid://") ? orderId : `gid://shopify/Order/${orderId}`;
}

export interface ShopOrderRead {
  readonly order: ShopifyOrder;
  /** The Admin API's answer itself, with every line of its fulfillment orders. */
  readonly admin: AdminOrder;
  /** Every line and weight was read. */
  readonly whole: boolean;
  /** The locations its open fulfillment orders ship from (one parcel: one). */
  readonly locations: readonly string[];
}

export async function loadShopOrder(
  shopify: Shopify,
  session: Session,
  orderId: string,
): Promise<ShopOrderRead | undefined> {
  const graphql = new shopify.clients.Graphql({ session });
  const answer = await graphql.request<{ order: AdminOrder | null }>(SHOP_ORDER, {
    variables: { id: orderGid(orderId) },
  });
  const read = answer.data?.order;
  const order = read ? await withAllLines(graphql, read) : undefined;
  return order
    ? {
        order: fromAdminOrder(order),
        admin: order,
        whole: isWholeOrder(order),
        locations: shippingLocations(order),
      }
    : undefined;
}

/** What the shop's Admin API says of an order: its GID, cancellation and payment. */
export interface ShopOrderState {
  readonly gid: string;
  readonly cancelled: boolean;
  /** PAID, PARTIALLY_REFUNDED, PENDING, ... or null. */
  readonly financialStatus: string | null;
}

/**
 * The order's state as the shop's Admin API holds it (a cheap read), or
 * undefined when the shop has no such order; a failure to ask throws.
 */
export async function loadShopOrderState(
  shopify: Shopify,
  session: Session,
  orderId: string,
): Promise<ShopOrderState | undefined> {
  const graphql = new shopify.clients.Graphql({ session });
  const answer = await graphql.request<{
    order: { id: string; cancelledAt: string | null; displayFinancialStatus: string | null } | null;
  }>(ORDER_STATE, { variables: { id: orderGid(orderId) } });
  const order = answer.data?.order;
  return order
    ? {
        gid: order.id,
        cancelled: order.cancelledAt !== null,
        financialStatus: order.displayFinancialStatus,
      }
    : undefined;
}

type Graphql = InstanceType<Shopify["clients"]["Graphql"]>;

/** Pages of a fulfillment order's lines the app reads at most (100 each). */
const MAX_LINE_PAGES = 5;

/** The order with every line of each fulfillment order, read page by page after the first. */
async function withAllLines(graphql: Graphql, order: AdminOrder): Promise<AdminOrder> {
  const nodes = [];
  for (const fulfillmentOrder of order.fulfillmentOrders.nodes) {
    const lines = [...fulfillmentOrder.lineItems.nodes];
    let pageInfo = fulfillmentOrder.lineItems.pageInfo;
    for (
      let pages = 0;
      fulfillmentOrder.id && pageInfo?.hasNextPage && pageInfo.endCursor && pages < MAX_LINE_PAGES;
      pages++
    ) {
      const next = await graphql.request<{
        fulfillmentOrder: {
          lineItems: {
            pageInfo: { hasNextPage: boolean; endCursor: string | null };
            nodes: AdminFulfillmentOrderLine[];
          };
        } | null;
      }>(FULFILLMENT_ORDER_LINES, {
        variables: { id: fulfillmentOrder.id, after: pageInfo.endCursor },
      });
      const page = next.data?.fulfillmentOrder?.lineItems;
      if (!page) break;
      lines.push(...page.nodes);
      pageInfo = page.pageInfo;
    }
    nodes.push({ ...fulfillmentOrder, lineItems: { pageInfo, nodes: lines } });
  }
  return { ...order, fulfillmentOrders: { ...order.fulfillmentOrders, nodes } };
}
