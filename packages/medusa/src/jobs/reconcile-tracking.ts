// Every 15 minutes (or every SHIPBRIDGE_RECONCILE_EVERY_SECONDS seconds):
// makes sure the account's tracking pushes come to this store (unless they
// go to another address); asks the service for the
// tracking of the shipments still on their way and moves their
// fulfillments, in case pushes were lost; and
// settles shipment attempts that threw and that no retry took over (a package
// Medusa has no fulfillment for is cancelled). Medusa runs a scheduled job
// once per cluster when its workflow engine is shared (workflow-engine-redis,
// worker mode); each run logs one line.
import type { Logger, MedusaContainer } from "@medusajs/framework/types";
import { applyTracking } from "../lib/apply-tracking.ts";
import { reconcileSchedule } from "../lib/job-schedule.ts";
import { SHIPBRIDGE_MODULE } from "../modules/shipbridge/index.ts";
import {
  errorText,
  type SettledAttempt,
  type ShipbridgeModuleService,
  type TrackingWebhookResult,
} from "../modules/shipbridge/service.ts";

export interface ReconcileSummary {
  /** The fulfillments moved (shipped, delivered), with the tracking state that moved them. */
  readonly moved: { fulfillment_id: string; state: string; result: "shipped" | "delivered" }[];
  readonly attempts: SettledAttempt[];
  /** The tracking webhook's registration, or `failed` (tried again next run). */
  readonly webhook: TrackingWebhookResult | "failed";
}

export default async function reconcileTracking(
  container: MedusaContainer,
): Promise<ReconcileSummary> {
  const shipbridge = container.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
  const logger = container.resolve<Logger | undefined>("logger", { allowUnregistered: true });
  const webhook = await shipbridge.registerTrackingWebhook().catch((error: unknown) => {
    logger?.warn(`shipbridge: the tracking webhook was not registered (${errorText(error)})`);
    return "failed" as const;
  });
  const updates = await shipbridge.reconcileTracking();
  // The newest state of each fulfillment is enough: applyTracking moves it through shipped.
  const latest = new Map<string, string>();
  for (const update of updates) {
    if (update.fulfillment_id !== undefined) latest.set(update.fulfillment_id, update.state);
  }
  const moved: ReconcileSummary["moved"] = [];
  for (const [fulfillmentId, state] of latest) {
    const result = await applyTracking(container, fulfillmentId, state);
    if (result !== "unchanged") moved.push({ fulfillment_id: fulfillmentId, state, result });
  }
  const attempts = await shipbridge.reconcileAttempts();
  // One line per run: with several instances on Redis, one run per tick cluster-wide.
  logger?.info(
    `shipbridge: tracking reconciled (${moved.length} fulfillments moved, ${attempts.length} attempts settled, webhook ${webhook})`,
  );
  return { moved, attempts, webhook };
}

export const config = {
  name: "shipbridge-reconcile-tracking",
  schedule: reconcileSchedule(process.env),
};
