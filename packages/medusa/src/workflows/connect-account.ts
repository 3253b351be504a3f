// Connecting the shipping account with the authorization code, as two
// workflows: starting (a pending connect request kept for 15 minutes, then
// the service's authorization page for it, its pages asked for the request's
// language as ui_locales; when building that page fails,
// compensation drops the request) and completing (the request's state taken
// once, the code exchanged, the tokens stored). A step's error leaves as a
// MedusaError, which keeps its type and code through the engine.

import {
  createStep,
  createWorkflow,
  StepResponse,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk";
import type { Language } from "@shipbridge/core";
import { asMedusaError } from "../lib/medusa-error.ts";
import { SHIPBRIDGE_MODULE } from "../modules/shipbridge/index.ts";
import type { ShipbridgeModuleService } from "../modules/shipbridge/service.ts";

export interface StartConnectInput {
  readonly return_to?: string | undefined;
  readonly language: Language;
}

const keepConnectRequestStep = createStep(
  "shipbridge-keep-connect-request",
  async (input: StartConnectInput, { container }) => {
    const shipbridge = container.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    try {
      const { state } = await shipbridge.keepConnectRequest(input.return_to);
      return new StepResponse(state, state);
    } catch (error) {
      throw asMedusaError(error, input.language);
    }
  },
  async (state, { container }) => {
    if (state === undefined) return;
    await container.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE).forgetConnectRequest(state);
  },
);

const authorizationUrlStep = createStep(
  "shipbridge-authorization-url",
  async (input: { state: string; language: Language }, { container }) => {
    const shipbridge = container.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    try {
      const uiLocales = input.language === "en_GB" ? "en" : "pl";
      return new StepResponse(shipbridge.authorizationUrl(input.state, uiLocales));
    } catch (error) {
      throw asMedusaError(error, input.language);
    }
  },
);

export const startConnectWorkflow = createWorkflow(
  "shipbridge-start-connect",
  (input: StartConnectInput) => {
    const state = keepConnectRequestStep(input);
    return new WorkflowResponse(authorizationUrlStep({ state, language: input.language }));
  },
);

export interface CompleteConnectInput {
  readonly query: Record<string, unknown>;
  readonly language: Language;
}

// The state is taken once and the tokens are the service's answer: nothing
// to undo (a second callback with the same state is refused).
const completeConnectStep = createStep(
  "shipbridge-complete-connect",
  async (input: CompleteConnectInput, { container }) => {
    const shipbridge = container.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    try {
      return new StepResponse(await shipbridge.completeConnect(input.query));
    } catch (error) {
      throw asMedusaError(error, input.language);
    }
  },
);

export const completeConnectWorkflow = createWorkflow(
  "shipbridge-complete-connect",
  (input: CompleteConnectInput) => new WorkflowResponse(completeConnectStep(input)),
);
