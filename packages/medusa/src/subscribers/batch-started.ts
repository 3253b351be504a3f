// Runs a shipping-day batch when it is started, in the background: on the
// worker with Medusa's Redis event bus, in the emitting process with the
// local one. A batch another run holds is left to it.
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework";
import { runBatch } from "../lib/batch-run.ts";
import { BATCH_STARTED_EVENT } from "../workflows/start-batch.ts";

export default async function runStartedBatch({
  event,
  container,
}: SubscriberArgs<{ id: string }>): Promise<void> {
  await runBatch(container, event.data.id);
}

export const config: SubscriberConfig = { event: BATCH_STARTED_EVENT };
