// Points the account's tracking pushes at this store now (the admin's
// "register" button), taking the webhook over from any other address. The
// service keeps one address per account and does not say the one it
// replaced, so there is nothing to put back: the step has no compensation.

import { MedusaError } from "@medusajs/framework/utils";
import {
  createStep,
  createWorkflow,
  StepResponse,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk";
import { SHIPBRIDGE_MODULE } from "../modules/shipbridge/index.ts";
import { errorText, type ShipbridgeModuleService } from "../modules/shipbridge/service.ts";

const registerTrackingWebhookStep = createStep(
  "shipbridge-register-tracking-webhook",
  async (_input: Record<string, never>, { container }) => {
    const shipbridge = container.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    try {
      return new StepResponse(await shipbridge.registerTrackingWebhook({ replace: true }));
    } catch (error) {
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `The tracking webhook was not registered: ${errorText(error)}`,
        "tracking_webhook_not_registered",
      );
    }
  },
);

export const registerTrackingWebhookWorkflow = createWorkflow(
  "shipbridge-register-tracking-webhook",
  (input: Record<string, never>) => new WorkflowResponse(registerTrackingWebhookStep(input)),
);
