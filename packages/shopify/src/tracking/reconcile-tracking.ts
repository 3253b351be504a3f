// The scheduled reconcile job: for every fulfilled order whose parcel is not
// delivered (or returned) yet, reads the package's tracking through core's
// ShippingClient and applies each parcel's latest event, so a push the app
// missed (downtime, a lost request) still reaches Shopify. pg-boss runs a
// schedule once per cluster, however many instances share the database.
import type { ShippingConnections } from "../shipping/connections.ts";
import { markTrackingChecked, shipmentsToTrack } from "../store/tracking.ts";
import { type ApplyContext, applyTrackingEvent, FINAL_TRACKING_STATES } from "./apply-tracking.ts";

export const TRACKING_RECONCILE_QUEUE = "shipbridge-shopify-tracking-reconcile";

/** Every 30 minutes, by default. */
export const TRACKING_RECONCILE_CRON = "*/30 * * * *";

export interface ReconcileContext extends ApplyContext {
  readonly connections: ShippingConnections;
}

/** How many shipments one pass reads at most, by default. */
export const TRACKING_RECONCILE_BATCH = 500;

/**
 * Runs one pass; answers how many events it applied. A pass reads the
 * shipments checked longest ago (never checked first), and marks each one
 * checked, so with more unfinished shipments than one pass takes, the next
 * pass goes on with the others instead of reading the same ones again.
 */
export async function reconcileTracking(
  context: ReconcileContext,
  batch = TRACKING_RECONCILE_BATCH,
): Promise<number> {
  const due = await shipmentsToTrack(context.pool, FINAL_TRACKING_STATES, batch);
  let applied = 0;
  for (const { shop, orderId, packageId } of due) {
    // Checked now, whatever the answer: a shipment the service cannot answer for
    // waits its turn again instead of holding the front of the queue.
    await markTrackingChecked(context.pool, shop, orderId);
    try {
      const parcels = await context.connections.client(shop).packages.tracking(packageId);
      for (const parcel of parcels) {
        const latest = [...parcel.tracking]
          .sort((a, b) => a.datetime.localeCompare(b.datetime))
          .at(-1);
        if (!latest) continue;
        const result = await applyTrackingEvent(context, shop, {
          packageId,
          packageNo: parcel.package_no ?? "",
          state: latest.state,
          datetime: latest.datetime,
          description: latest.description ?? latest.status,
        });
        if (result === "applied") applied++;
      }
    } catch {
      // One shop's refusal or outage must not stop the others; the next run tries again.
    }
  }
  return applied;
}
