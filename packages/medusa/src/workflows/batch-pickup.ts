// Booking a batch's courier and cancelling a booking, as workflows. Neither
// step has a compensation: a booking is made once however often it is asked
// (undoing it could cancel an earlier request's booking), and a cancellation
// at the service cannot be undone (the slot may be booked again).

import {
  createStep,
  createWorkflow,
  StepResponse,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk";
import type { Language } from "@shipbridge/core";
import { bookBatchPickup, cancelBatchPickup } from "../lib/batch-day.ts";
import { asMedusaError } from "../lib/medusa-error.ts";
import { SHIPBRIDGE_MODULE } from "../modules/shipbridge/index.ts";
import type { ShipbridgeModuleService } from "../modules/shipbridge/service.ts";

export interface BookPickupInput {
  readonly batch_id: string;
  readonly service: string;
  readonly window: { date: string; min_time: string; max_time: string };
  readonly language: Language;
}

const bookPickupStep = createStep(
  "shipbridge-book-batch-pickup",
  async (input: BookPickupInput, { container }) => {
    const shipbridge = container.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    try {
      const booked = await bookBatchPickup(
        shipbridge,
        input.batch_id,
        input.service,
        input.window,
        input.language,
      );
      return new StepResponse(booked);
    } catch (error) {
      throw asMedusaError(error, input.language);
    }
  },
);

export const bookBatchPickupWorkflow = createWorkflow(
  "shipbridge-book-batch-pickup",
  (input: BookPickupInput) => new WorkflowResponse(bookPickupStep(input)),
);

export interface CancelPickupInput {
  readonly batch_id: string;
  readonly command_id: string;
  readonly language: Language;
}

const cancelPickupStep = createStep(
  "shipbridge-cancel-batch-pickup",
  async (input: CancelPickupInput, { container }) => {
    const shipbridge = container.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    try {
      return new StepResponse(
        await cancelBatchPickup(shipbridge, input.batch_id, input.command_id, input.language),
      );
    } catch (error) {
      throw asMedusaError(error, input.language);
    }
  },
);

export const cancelBatchPickupWorkflow = createWorkflow(
  "shipbridge-cancel-batch-pickup",
  (input: CancelPickupInput) => new WorkflowResponse(cancelPickupStep(input)),
);
