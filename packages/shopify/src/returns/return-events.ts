// The returns/* webhooks: a return approved (the merchant created it, or
// approved the customer's request) gets its parcel; one cancelled or declined
// gives it back, as does one closed (or processed whole) before the customer
// handed its parcel in; a request not approved yet is left alone. A body only says
// which return to look at: what happens is decided by the return as the
// shop's own Admin API holds it, so a body replayed under another shop
// finds nothing there (`unknown_order`: refused, never retried).
import type { ShipContext } from "../shipping/ship-context.ts";
import { cancelShopifyReturn } from "./cancel-shopify-return.ts";
import { shipShopifyReturn } from "./ship-shopify-return.ts";

/** The return a returns/* body names: its GID, or its numeric id. */
export function returnIdIn(payload: unknown): string | undefined {
  const body = (typeof payload === "object" && payload !== null ? payload : {}) as Record<
    string,
    unknown
  >;
  const gid = body["admin_graphql_api_id"];
  if (typeof gid === "string" && gid.startsWith("gid://shopify/Return/")) return gid;
  const id = body["id"];
  return typeof id === "number" || (typeof id === "string" && /^\d+$/.test(id))
    ? String(id)
    : undefined;
}

export async function handleReturnEvent(
  context: ShipContext,
  shop: string,
  topic: string,
  payload: unknown,
): Promise<"unknown_order" | undefined> {
  const id = returnIdIn(payload);
  if (id === undefined) return undefined;
  let outcome: string;
  switch (topic) {
    case "returns/approve":
      outcome = await shipShopifyReturn(context, shop, id);
      break;
    case "returns/cancel":
    case "returns/decline":
    // Closed (or processed, which closes it once every line is): a parcel not handed in is given back.
    case "returns/close":
    case "returns/process":
      outcome = await cancelShopifyReturn(context, shop, id);
      break;
    default:
      // returns/request: the merchant has not approved it; nothing is bought yet.
      return undefined;
  }
  return outcome === "unknown_return" ? "unknown_order" : undefined;
}
