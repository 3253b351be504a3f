// A return cancelled (returns/cancel) or declined (returns/decline) in
// Shopify: its parcel, if one was bought, is given back at the service with
// core's cancelReturn (the charge is refunded while the customer has not
// handed it in; after that the return is marked cancelled_after_handover for
// the merchant), then it is recorded cancelled, so it is never shipped. It
// runs under the return's lock, so a purchase under way finishes first and is
// then cancelled, and a purchase after it sees the cancellation.
//
// A return closed (returns/close, or processed and so closed) before the
// customer handed its parcel in needs no parcel either: it is given back the
// same way; one handed in already is a return on its way and keeps being
// followed. The returns pass asks here too, for every parcel it follows, so
// a cancellation whose job gave up (or a webhook that never came) is caught.
import { cancelReturn } from "@shipbridge/core";
import type { ShipContext } from "../shipping/ship-context.ts";
import { loadReturn, recordReturnCancelled, withReturnLock } from "../store/returns.ts";
import { type AdminReturn, legacyIdOf, loadShopReturn, returnGid } from "./read-return.ts";
import type { ReturnOutcome } from "./ship-shopify-return.ts";

/** The statuses of a return that needs no parcel any more. */
const ENDED: readonly AdminReturn["status"][] = ["CANCELED", "DECLINED", "CLOSED"];

export async function cancelShopifyReturn(
  context: ShipContext,
  shop: string,
  id: string,
): Promise<ReturnOutcome> {
  const gid = returnGid(id);
  return withReturnLock(context.pool, shop, gid, async () => {
    const read = await loadShopReturn(context.shopify, await context.sessions.get(shop), gid);
    if (!read) return "unknown_return";
    // Only the shop's own Admin API saying so cancels the parcel.
    if (!ENDED.includes(read.status)) return "not_open";
    return cancelReturnLocked(context, shop, read);
  });
}

/** The cancellation itself; the caller holds the return's lock. */
export async function cancelReturnLocked(
  context: ShipContext,
  shop: string,
  read: AdminReturn,
): Promise<ReturnOutcome> {
  const entry = {
    shop,
    returnId: read.id,
    returnName: read.name,
    orderId: read.order.legacyResourceId,
  };
  const before = await loadReturn(context.pool, shop, read.id);
  if (before?.status === "cancelled" || before?.status === "cancelled_after_handover") {
    return before.status;
  }
  const closed = read.status === "CLOSED";
  // A closed return the app never bought a parcel for has nothing to give back or record.
  if (closed && (!before || before.status === "delivered")) return before?.status ?? "not_open";
  // No row: nothing was ever bought (buying claims the row first, under this lock).
  if (before) {
    const done = { DECLINED: "declined", CLOSED: "closed" } as const;
    const result = await cancelReturn(context.connections.client(shop), legacyIdOf(read.id), {
      storeId: shop,
      lock: context.tokenStore,
      reason: `Shopify return ${read.name} was ${done[read.status as keyof typeof done] ?? "cancelled"}.`,
    });
    if (result.status === "handed_over") {
      // Closed with its parcel on the way: an ordinary return, still followed.
      if (closed) return before.status;
      await recordReturnCancelled(context.pool, entry, "cancelled_after_handover");
      return "cancelled_after_handover";
    }
  }
  // Recorded once the parcel is given back: a failure before is retried.
  await recordReturnCancelled(context.pool, entry);
  return "cancelled";
}
