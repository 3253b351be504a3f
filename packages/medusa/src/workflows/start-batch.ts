// Starts a shipping-day batch: its row and one row per order, made once per
// the admin's key (a double click starts one batch), then the event whose
// subscriber runs it in the background (on the worker, with Medusa's Redis
// event bus). When the event is lost or the run's process dies, the resume
// job takes the batch up again.
import {
  createStep,
  createWorkflow,
  StepResponse,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk";
import { emitEventStep } from "@medusajs/medusa/core-flows";
import { SHIPBRIDGE_MODULE } from "../modules/shipbridge/index.ts";
import type { ShipbridgeModuleService } from "../modules/shipbridge/service.ts";

/** The event a started batch is run on. */
export const BATCH_STARTED_EVENT = "shipbridge.batch.started";

export interface StartBatchInput {
  readonly key: string;
  readonly order_ids: string[];
  readonly location_id?: string | undefined;
  /** The orders were "all waiting": the same key answers its batch whatever is waiting now. */
  readonly all_waiting?: boolean | undefined;
}

const openBatchStep = createStep(
  "shipbridge-open-batch",
  async (input: StartBatchInput, { container }) => {
    const shipbridge = container.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    const opened = await shipbridge.openBatch(input);
    return new StepResponse(opened, opened.created ? opened.id : undefined);
  },
  async (createdId, { container }) => {
    if (createdId === undefined) return;
    const shipbridge = container.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    const orders = await shipbridge.listBatchOrders({ batch_id: createdId }, { select: ["id"] });
    await shipbridge.deleteBatchOrders(orders.map((order) => order.id));
    await shipbridge.deleteBatches(createdId);
  },
);

export const startBatchWorkflow = createWorkflow(
  "shipbridge-start-batch",
  (input: StartBatchInput) => {
    const opened = openBatchStep(input);
    const data = transform({ opened }, ({ opened }) => ({ id: opened.id }));
    emitEventStep({ eventName: BATCH_STARTED_EVENT, data });
    return new WorkflowResponse(opened);
  },
);
