// What a delivery of an order topic asks for, decided from the topic, the
// shop's "ship on" setting and what the order is as the shop's Admin API
// holds it (never the body): ship it now, list it as waiting for the
// merchant's Ship button, or leave it. Pure: no database, no Shopify.
import { isPaid, refundedStatus } from "../mapping/order-facts.ts";
import type { ShopifyOrder } from "../mapping/shopify-order.ts";
import type { ShipOn } from "../store/settings.ts";
import type { OrderTopic } from "./topics.ts";

export type OrderAction = "ship" | "wait" | "ignore";

/** The order topics that can ship an order (orders/cancelled cancels instead). */
export type ShippingTopic = Exclude<OrderTopic, "orders/cancelled">;

/** What the order is, as the shop's Admin API holds it and as it maps. */
export interface HeldOrderFacts {
  /** Paid (or partially refunded): its payment was captured. */
  readonly paid: boolean;
  /** Refunded in full, or its authorization voided. */
  readonly refunded: boolean;
  /** Cash on delivery: paid only when the parcel arrives. */
  readonly cashOnDelivery: boolean;
}

export function decideOrder(
  topic: ShippingTopic,
  shipOn: ShipOn,
  held: HeldOrderFacts,
): OrderAction {
  // An update or an edit is asked about only for an order that needs
  // attention: a change may have fixed it, so it is tried again (an order
  // not paid yet on a shop that ships on payment then still needs attention).
  if (topic === "orders/updated" || topic === "orders/edited") return "ship";
  // Not paid yet in Shopify, whatever the body says. (One refunded since is
  // shipping's to decide: no parcel, unless one was already paid for.)
  if (topic === "orders/paid" && !held.paid && !held.refunded) return "ignore";
  if (shipOn === topic) return "ship";
  if (shipOn === "manual") return "wait";
  // Cash on delivery is paid only when the parcel arrives, so orders/paid never
  // comes first: such an order waits for the merchant's Ship button instead of
  // being heard of and never listed.
  if (topic === "orders/create" && shipOn === "orders/paid" && held.cashOnDelivery) return "wait";
  return "ignore";
}

/** The facts of an order read from the shop's Admin API (`held`) and mapped (`mapped`). */
export function heldFacts(mapped: { readonly cod?: unknown }, held: ShopifyOrder): HeldOrderFacts {
  return {
    paid: isPaid(held),
    refunded: refundedStatus(held) !== undefined,
    cashOnDelivery: mapped.cod !== undefined,
  };
}
