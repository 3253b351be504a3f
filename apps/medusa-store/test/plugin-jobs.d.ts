// The plugin is built without declarations (Medusa loads its JavaScript):
// the shape of the job the tests run.
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
