// A tracking push from the service: verified and kept once (a forged push is
// refused and changes nothing; a replay changes nothing), then its
// fulfillment moved to shipped or delivered. A push for a package whose
// shipment is not recorded yet keeps nothing (the route asks the service to
// push again). When moving the fulfillment fails, the kept event is forgotten
// and the shipment's tracking state put back as it was (compensation), so the
// service's retry of the push is handled again instead of being taken for a
// replay.

import {
  createStep,
  createWorkflow,
  StepResponse,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk";
import type { Language } from "@shipbridge/core";
import { applyTracking } from "../lib/apply-tracking.ts";
import { asMedusaError } from "../lib/medusa-error.ts";
import { SHIPBRIDGE_MODULE } from "../modules/shipbridge/index.ts";
import type { ShipbridgeModuleService, TrackingUpdate } from "../modules/shipbridge/service.ts";

export interface ApplyTrackingPushInput {
  /** The push's raw body, as the signature was made over it. */
  readonly raw_body: string;
  readonly language: Language;
}

const recordTrackingPushStep = createStep(
  "shipbridge-record-tracking-push",
  async (input: ApplyTrackingPushInput, { container }) => {
    const shipbridge = container.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    try {
      const update = await shipbridge.recordTrackingPush(input.raw_body, input.language);
      return new StepResponse(update, update.recorded ? update : undefined);
    } catch (error) {
      throw asMedusaError(error, input.language);
    }
  },
  async (kept, { container }) => {
    if (kept === undefined || kept.datetime === undefined) return;
    await container
      .resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE)
      .forgetTrackingEvent(
        { package_id: kept.package_id, state: kept.state, datetime: kept.datetime },
        kept.previous,
      );
  },
);

const moveFulfillmentStep = createStep(
  "shipbridge-move-fulfillment",
  async (input: { update: TrackingUpdate; language: Language }, { container }) => {
    const { update } = input;
    if (!update.recorded || update.fulfillment_id === undefined) {
      return new StepResponse("unchanged" as const);
    }
    try {
      return new StepResponse(await applyTracking(container, update.fulfillment_id, update.state));
    } catch (error) {
      throw asMedusaError(error, input.language);
    }
  },
);

export const applyTrackingPushWorkflow = createWorkflow(
  "shipbridge-apply-tracking-push",
  (input: ApplyTrackingPushInput) => {
    const update = recordTrackingPushStep(input);
    const moved = moveFulfillmentStep({ update, language: input.language });
    return new WorkflowResponse({ update, moved });
  },
);
