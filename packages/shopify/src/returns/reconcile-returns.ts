// Follows each return parcel on its way back: the scheduled pass reads the
// tracking of every parcel bought and not delivered yet (checked longest ago
// first) and keeps its latest state; `delivered` marks the return delivered,
// which ends its following. One shop's outage does not stop the others.

import type pg from "pg";
import type { ShippingConnections } from "../shipping/connections.ts";
import { recordReturnTracking, returnsInTransit } from "../store/returns.ts";

export interface ReconcileReturnsContext {
  readonly pool: pg.Pool;
  readonly connections: ShippingConnections;
}

/** Answers how many return parcels are delivered after this pass. */
export async function reconcileReturns(
  context: ReconcileReturnsContext,
  batch = 500,
): Promise<number> {
  let delivered = 0;
  for (const parcel of await returnsInTransit(context.pool, batch)) {
    let state: string | undefined;
    try {
      const parcels = await context.connections
        .client(parcel.shop)
        .packages.tracking(parcel.packageId);
      const latest = parcels
        .flatMap((one) => one.tracking)
        .sort((a, b) => a.datetime.localeCompare(b.datetime))
        .at(-1);
      state = latest?.state;
    } catch {
      // Checked now all the same: it waits its turn again.
    }
    await recordReturnTracking(context.pool, parcel.shop, parcel.returnId, state);
    if (state === "delivered") delivered++;
  }
  return delivered;
}
