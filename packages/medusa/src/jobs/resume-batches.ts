// Every minute: takes up the shipping-day batches no run holds, those whose
// process died mid-run (their lease lapsed) and those whose start event was
// lost. A rerun pays for nothing twice: the packages, order commands and
// fulfillments are found under the names the first run gave them.
import type { MedusaContainer } from "@medusajs/framework/types";
import { runBatch } from "../lib/batch-run.ts";
import { SHIPBRIDGE_MODULE } from "../modules/shipbridge/index.ts";
import type { ShipbridgeModuleService } from "../modules/shipbridge/service.ts";

/** How long a batch may stay queued before the job runs it (its start event was lost). */
const QUEUED_MS = 60_000;

export default async function resumeBatches(
  container: MedusaContainer,
): Promise<{ resumed: string[] }> {
  const shipbridge = container.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
  const resumed: string[] = [];
  for (const id of await shipbridge.idleBatches(QUEUED_MS)) {
    if ((await runBatch(container, id)) === "ran") resumed.push(id);
  }
  return { resumed };
}

export const config = {
  name: "shipbridge-resume-batches",
  schedule: "* * * * *",
};
