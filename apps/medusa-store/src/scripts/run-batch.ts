// Runs one shipping-day batch in this process, as the plugin's subscriber
// does when the batch is started (`medusa exec ./src/scripts/run-batch.ts
// <batch id>`): for a batch whose start event was lost, without waiting for
// the plugin's resume job. A batch another process runs is left to it.
/// <reference path="../plugin-modules.d.ts" />
import type { ExecArgs } from "@medusajs/framework/types";
import runStartedBatch from "@shipbridge/medusa/subscribers/batch-started";

export default async function runBatch({ container, args }: ExecArgs): Promise<void> {
  const [id] = args;
  if (id === undefined || id === "") {
    throw new Error("usage: medusa exec ./src/scripts/run-batch.ts <batch id>");
  }
  await runStartedBatch({
    event: { name: "shipbridge.batch.started", data: { id } },
    container,
    pluginOptions: {},
  });
}
