// Follows each return parcel on its way back: the scheduled pass reads the
// tracking of every parcel bought and not delivered yet (checked longest ago
// first) and keeps its latest state; `delivered` marks the return delivered,
// which ends its following. A parcel the customer has not handed in yet (or
// whose cancellation is unconfirmed) has its return read again in Shopify:
// one cancelled, declined or closed meanwhile (its webhook's job gave up, or
// never came) gets its parcel given back; a parcel cancelled at the service
// outside the app needs attention and is no longer followed. Labels of
// returns attached or settled a day ago are forgotten (Shopify keeps its
// own copy). One shop's outage does not stop the others.
import type { ShipContext } from "../shipping/ship-context.ts";
import {
  forgetReturnLabels,
  recordReturnParcelCancelled,
  recordReturnTracking,
  returnsInTransit,
} from "../store/returns.ts";
import { cancelShopifyReturn } from "./cancel-shopify-return.ts";
import { returnProblem } from "./return-issues.ts";

/**
 * Returns read again in Shopify per pass for parcels not handed in (those
 * whose cancellation is unconfirmed are always read): the pass takes the
 * parcels checked longest ago first, so every one gets its turn while the
 * shops' Admin API budget is spared.
 */
const SHOPIFY_READS_PER_PASS = 25;

/** Days a label is kept after its return is attached or settled (Shopify keeps its own copy). */
const LABEL_DAYS = 1;

export type ReconcileReturnsContext = ShipContext;

/** Tracking states after which the parcel is with the carrier (it cannot be given back). */
const NOT_HANDED_IN: readonly (string | undefined)[] = [
  undefined,
  "waiting",
  "ordered",
  "collect-problem",
];

/** Answers how many return parcels are delivered after this pass. */
export async function reconcileReturns(
  context: ReconcileReturnsContext,
  batch = 500,
): Promise<number> {
  let delivered = 0;
  let shopifyReads = 0;
  for (const parcel of await returnsInTransit(context.pool, batch)) {
    let state: string | undefined;
    let read = false;
    try {
      const parcels = await context.connections
        .client(parcel.shop)
        .packages.tracking(parcel.packageId);
      const latest = parcels
        .flatMap((one) => one.tracking)
        .sort((a, b) => a.datetime.localeCompare(b.datetime))
        .at(-1);
      state = latest?.state;
      read = true;
    } catch {
      // Checked now all the same: it waits its turn again.
    }
    await recordReturnTracking(context.pool, parcel.shop, parcel.returnId, state);
    if (state === "delivered") {
      delivered++;
      continue;
    }
    if (state === "canceled" && parcel.status !== "needs_attention") {
      // Cancelled at the service, not by this app: the customer's label is dead.
      await recordReturnParcelCancelled(
        context.pool,
        parcel.shop,
        parcel.returnId,
        returnProblem("parcel_cancelled"),
      );
      continue;
    }
    const unconfirmed = parcel.status === "needs_attention";
    const waiting = read && NOT_HANDED_IN.includes(state) && shopifyReads < SHOPIFY_READS_PER_PASS;
    if (unconfirmed || waiting) {
      shopifyReads++;
      try {
        await cancelShopifyReturn(context, parcel.shop, parcel.returnId);
      } catch {
        // Shopify or the service did not answer: the next pass asks again.
      }
    }
  }
  await forgetReturnLabels(context.pool, LABEL_DAYS);
  return delivered;
}
