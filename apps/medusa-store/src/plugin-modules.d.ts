// The plugin is built without declarations (Medusa loads its JavaScript):
// the shape of what the store's scripts and tests take from it.
declare module "@shipbridge/medusa/subscribers/batch-started" {
  import type { MedusaContainer } from "@medusajs/framework/types";

  const runStartedBatch: (args: {
    event: { name: string; data: { id: string } };
    container: MedusaContainer;
    pluginOptions: Record<string, unknown>;
  }) => Promise<void>;
  export default runStartedBatch;
}

declare module "@shipbridge/medusa/lib/attempt-ledger" {
  /** The shipment name a batch gives an order's shipment of one shipping method. */
  export function batchShipmentKey(batchId: string, orderId: string, methodId: string): string;
}

declare module "@shipbridge/medusa/jobs/reconcile-tracking" {
  import type { MedusaContainer } from "@medusajs/framework/types";

  const reconcileTracking: (container: MedusaContainer) => Promise<{
    moved: { fulfillment_id: string; state: string; result: string }[];
    attempts: { shipment_key: string; order_id: string; outcome: string; package_ids: number[] }[];
    webhook: "registered" | "elsewhere" | "no_secret" | "failed";
  }>;
  export default reconcileTracking;
}

declare module "@shipbridge/medusa/jobs/resume-batches" {
  import type { MedusaContainer } from "@medusajs/framework/types";

  const resumeBatches: (container: MedusaContainer) => Promise<{ resumed: string[] }>;
  export default resumeBatches;
}

declare module "@shipbridge/medusa/workflows/record-shipments" {
  import type { MedusaContainer } from "@medusajs/framework/types";

  export const recordShipmentsWorkflow: (container: MedusaContainer) => {
    run(args: { input: { order_id: string } }): Promise<{
      result: { shipment_id: string; fulfillment_id: string; order_id: string }[];
    }>;
  };
}

declare module "@shipbridge/medusa/workflows/save-settings" {
  import type { StepFunction } from "@medusajs/framework/workflows-sdk";

  /** Keeps checked settings as the store's; compensation puts the previous ones back. */
  export const keepSettingsStep: StepFunction<Record<string, unknown>, unknown>;
}
