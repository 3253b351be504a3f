// Runs a reckoning row's remedy (cancel a package this store paid for and
// should not have) once its flag still holds. A cancellation at the service
// cannot be undone, so the step has no compensation; it is safe to repeat
// (the same package is cancelled once).

import { ContainerRegistrationKeys } from "@medusajs/framework/utils";
import {
  createStep,
  createWorkflow,
  StepResponse,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk";
import type { Language, Remedy } from "@shipbridge/core";
import type { GraphQuery } from "../lib/batch-orders.ts";

import { asMedusaError } from "../lib/medusa-error.ts";
import { storeRemedy } from "../lib/store-reckoning.ts";
import { SHIPBRIDGE_MODULE } from "../modules/shipbridge/index.ts";
import type { ShipbridgeModuleService } from "../modules/shipbridge/service.ts";

export interface ApplyRemedyInput {
  readonly remedy: Remedy;
  readonly language: Language;
}

const applyRemedyStep = createStep(
  "shipbridge-apply-remedy",
  async (input: ApplyRemedyInput, { container }) => {
    const shipbridge = container.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    const query = container.resolve(ContainerRegistrationKeys.QUERY) as unknown as GraphQuery;
    try {
      return new StepResponse(await storeRemedy(shipbridge, query, input.remedy, input.language));
    } catch (error) {
      throw asMedusaError(error, input.language);
    }
  },
);

export const applyRemedyWorkflow = createWorkflow(
  "shipbridge-apply-remedy",
  (input: ApplyRemedyInput) => new WorkflowResponse(applyRemedyStep(input)),
);
