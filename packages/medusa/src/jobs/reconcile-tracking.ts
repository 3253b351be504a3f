// Every 15 minutes: asks the service for the tracking of the shipments still
// on their way and moves their fulfillments, in case pushes were lost. Medusa
// runs a scheduled job once per cluster when its workflow engine is shared
// (workflow-engine-redis, worker mode).
import type { MedusaContainer } from "@medusajs/framework/types";
import { applyTracking } from "../lib/apply-tracking.ts";
import { SHIPBRIDGE_MODULE } from "../modules/shipbridge/index.ts";
import type { ShipbridgeModuleService } from "../modules/shipbridge/service.ts";

export default async function reconcileTracking(container: MedusaContainer): Promise<void> {
  const shipbridge = container.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
  const updates = await shipbridge.reconcileTracking();
  // The newest state of each fulfillment is enough: applyTracking moves it through shipped.
  const latest = new Map<string, string>();
  for (const update of updates) {
    if (update.fulfillment_id !== undefined) latest.set(update.fulfillment_id, update.state);
  }
  for (const [fulfillmentId, state] of latest) {
    await applyTracking(container, fulfillmentId, state);
  }
}

export const config = {
  name: "shipbridge-reconcile-tracking",
  schedule: "*/15 * * * *",
};
