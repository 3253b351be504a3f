// What an order states of its cancellation and payment, read from the order
// as the shop's own Admin API holds it (never from a webhook body: Shopify's
// HMAC covers the body, not X-Shopify-Topic, and every shop's bodies share
// the app's secret). A cancelled order is never shipped; shipping on payment
// needs a paid status. An order refunded in full (or whose authorization was
// voided) is not shipped either, though Shopify does not cancel it: no
// parcel is bought for money given back.
import type { ShopifyOrder } from "./shopify-order.ts";

/** Financial statuses of an order whose payment was captured (a partial refund keeps it shippable). */
const PAID = ["paid", "partially_refunded"];
/** Financial statuses of an order whose money went back to the customer, or never came. */
const GIVEN_BACK = ["refunded", "voided"];

function order(body: unknown): Partial<ShopifyOrder> {
  return typeof body === "object" && body !== null ? (body as Partial<ShopifyOrder>) : {};
}

/** The body is an order (it has an id): not a compliance body or an edit summary. */
export function isOrderBody(body: unknown): body is ShopifyOrder {
  const id = order(body).id;
  return (typeof id === "number" || typeof id === "string") && String(id).trim() !== "";
}

export function isCancelled(body: unknown): boolean {
  const at = order(body).cancelled_at;
  return typeof at === "string" && at !== "";
}

export function isPaid(body: unknown): boolean {
  const status = order(body).financial_status;
  return typeof status === "string" && PAID.includes(status.toLowerCase());
}

/** The order's money was refunded in full or its authorization voided: "refunded" or "voided". */
export function refundedStatus(body: unknown): "refunded" | "voided" | undefined {
  const status = order(body).financial_status;
  const lower = typeof status === "string" ? status.toLowerCase() : "";
  return GIVEN_BACK.includes(lower) ? (lower as "refunded" | "voided") : undefined;
}
