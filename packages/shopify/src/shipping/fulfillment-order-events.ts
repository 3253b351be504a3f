// What the app does when Shopify says a fulfillment order changed
// (fulfillment_orders/* deliveries). A delivery's body only names
// fulfillment orders: their order, and whether one is really cancelled, are
// read from the shop's own Admin API (a body replayed under another shop
// finds nothing there: "unknown_order"). Then:
// - placed_on_hold: nothing is bought; shipping reads the hold itself and
//   lists the fulfillment order as waiting;
// - hold_released, moved, split, merged: the order's fulfillment orders are
//   read again and shipped through the one way in (shipShopifyOrder), if the
//   shop ships on its own and the order was due (paid, on a shop that ships
//   on payment; any, on one that ships on creation), or listed as waiting on
//   a shop that ships by hand. A shipment whose fulfillment order went away
//   before anything was bought is dropped there; one bought stays with its
//   package;
// - cancelled: that fulfillment order's shipment is cancelled as an order's
//   is (its package, if bought and not handed over, gets the cancel
//   command), and any replacement is shipped as above.
import { FULFILLMENT_ORDER_OWNER } from "../admin/documents.ts";
import { fulfillmentOrderGid, numericId } from "../mapping/fulfillment-orders.ts";
import { isPaid, refundedStatus } from "../mapping/order-facts.ts";
import type { ShopifyOrder } from "../mapping/shopify-order.ts";
import { loadSettings } from "../store/settings.ts";
import { loadShipment } from "../store/shipments.ts";
import { boughtChangedIssues } from "./attention-issues.ts";
import { cancelOne } from "./cancel-order.ts";
import { needsAttention } from "./needs-attention.ts";
import type { ShipContext, ShipOutcome, ShipPlan } from "./ship-context.ts";
import { shipShopifyOrder } from "./ship-shopify-order.ts";

/** The fulfillment order topics the app follows (fulfillment holds, moves, splits, merges, cancellations). */
export const FULFILLMENT_ORDER_TOPICS = [
  "fulfillment_orders/placed_on_hold",
  "fulfillment_orders/hold_released",
  "fulfillment_orders/moved",
  "fulfillment_orders/split",
  "fulfillment_orders/merged",
  "fulfillment_orders/cancelled",
] as const;

interface NamedFulfillmentOrder {
  readonly id?: string | number | null;
}

/** The parts of the topics' bodies that name fulfillment orders. */
interface FulfillmentOrderPayload {
  readonly fulfillment_order?: NamedFulfillmentOrder | null;
  readonly original_fulfillment_order?: NamedFulfillmentOrder | null;
  readonly moved_fulfillment_order?: NamedFulfillmentOrder | null;
  readonly remaining_fulfillment_order?: NamedFulfillmentOrder | null;
  readonly replacement_fulfillment_order?: NamedFulfillmentOrder | null;
  readonly merge_intents?: readonly { readonly fulfillment_order_id?: string | number }[] | null;
}

/** Every fulfillment order the body names, as GIDs, the one it is about first. */
export function namedFulfillmentOrders(payload: unknown): string[] {
  const body = (payload ?? {}) as FulfillmentOrderPayload;
  const ids = [
    body.fulfillment_order?.id,
    body.original_fulfillment_order?.id,
    body.moved_fulfillment_order?.id,
    body.remaining_fulfillment_order?.id,
    body.replacement_fulfillment_order?.id,
    ...(body.merge_intents ?? []).map((intent) => intent.fulfillment_order_id),
  ];
  const gids = ids
    .filter((id): id is string | number => id !== undefined && id !== null && id !== "")
    .map((id) => fulfillmentOrderGid(String(id)));
  return [...new Set(gids)];
}

interface Owner {
  readonly fulfillmentOrderId: string;
  readonly status: string;
  readonly orderGid: string;
  readonly orderName: string;
}

/** The fulfillment order as the shop's Admin API holds it, with its order; undefined when unknown. */
async function ownerOf(
  context: ShipContext,
  shop: string,
  gid: string,
): Promise<Owner | undefined> {
  const graphql = new context.shopify.clients.Graphql({
    session: await context.sessions.get(shop),
  });
  const answer = await graphql.request<{
    fulfillmentOrder: { id: string; status: string; orderId: string; orderName: string } | null;
  }>(FULFILLMENT_ORDER_OWNER, { variables: { id: gid } });
  const found = answer.data?.fulfillmentOrder;
  return found
    ? {
        fulfillmentOrderId: numericId(found.id),
        status: found.status,
        orderGid: found.orderId,
        orderName: found.orderName,
      }
    : undefined;
}

export async function handleFulfillmentOrderEvent(
  context: ShipContext,
  shop: string,
  topic: string,
  payload: unknown,
): Promise<ShipOutcome | undefined> {
  if (!(FULFILLMENT_ORDER_TOPICS as readonly string[]).includes(topic)) return undefined;
  const named = namedFulfillmentOrders(payload);
  let owner: Owner | undefined;
  for (const gid of named) {
    owner = await ownerOf(context, shop, gid);
    if (owner) break;
  }
  if (!owner) return "unknown_order";
  const orderId = numericId(owner.orderGid);
  if (topic === "fulfillment_orders/placed_on_hold") return undefined;
  if (topic === "fulfillment_orders/cancelled") {
    // Only Shopify's own word that the fulfillment order is cancelled cancels its shipment.
    const about = named[0] === undefined ? undefined : await ownerOf(context, shop, named[0]);
    const whole = await loadShipment(context.pool, shop, { orderId, fulfillmentOrderId: "" });
    if (about?.status === "CANCELLED" && whole !== undefined) {
      // A whole-order shipment begun before parcels were per fulfillment order
      // holds this one's goods with the others': its package (if bought, not
      // fulfilled) needs the merchant, and no row of its own is made.
      if (
        whole.packageId !== undefined &&
        !["fulfilled", "cancelled", "cancelled_after_order"].includes(whole.status)
      ) {
        await needsAttention(
          context.pool,
          {
            shop,
            orderId,
            fulfillmentOrderId: "",
            language: (await loadSettings(context.pool, shop)).settings.language,
          },
          boughtChangedIssues(),
        );
      }
    } else if (about?.status === "CANCELLED") {
      await cancelOne(context, {
        shop,
        orderId,
        fulfillmentOrderId: about.fulfillmentOrderId,
        orderGid: owner.orderGid,
        orderName: owner.orderName,
      });
    }
  }
  const { settings } = await loadSettings(context.pool, shop);
  const plan = (mapped: { readonly cod?: unknown }, held: ShopifyOrder): ShipPlan => {
    if (settings.shipOn === "manual") return "wait";
    if (settings.shipOn === "orders/create") return "ship";
    if (isPaid(held) || refundedStatus(held)) return "ship";
    // Cash on delivery is paid on delivery: it waits for the merchant's Ship button.
    return mapped.cod !== undefined ? "wait" : "ignore";
  };
  return shipShopifyOrder(context, shop, orderId, { plan });
}
