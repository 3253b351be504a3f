// Saves the merchant's settings from the admin's settings page: checked with
// core's rules (every problem at once), then kept in the plugin's module,
// one row per store; a save replaces the saved settings (a field left out
// falls back to medusa-config.ts). Compensation puts the previous settings
// back (or removes the row the save made).
import {
  createStep,
  createWorkflow,
  StepResponse,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk";
import { asMedusaError } from "../lib/medusa-error.ts";
import { checkMerchantSettings, type MerchantSettings } from "../lib/merchant-settings.ts";
import { forgetMerchantSettings } from "../lib/merchant-settings-store.ts";
import { SHIPBRIDGE_MODULE } from "../modules/shipbridge/index.ts";
import type { ShipbridgeModuleService } from "../modules/shipbridge/service.ts";
import { savedSettings } from "../modules/shipbridge/settings-in-force.ts";

export interface SaveSettingsInput {
  /** The settings as the page sends them; checked again here. */
  readonly settings: unknown;
  readonly language?: "en_GB" | "pl_PL" | undefined;
}

type Previous = { id: string; values: MerchantSettings | undefined; key: string };

function isUniqueViolation(error: unknown): boolean {
  const text = String((error as { code?: unknown })?.code ?? "") + String(error);
  return text.includes("23505") || /unique|duplicate|already exists/i.test(text);
}

const checkSettingsStep = createStep(
  "shipbridge-check-settings",
  async (input: SaveSettingsInput, { container }) => {
    const shipbridge = container.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    const language = input.language ?? "en_GB";
    try {
      return new StepResponse(
        checkMerchantSettings(input.settings, shipbridge.pluginOptions, language),
      );
    } catch (error) {
      throw asMedusaError(error, language);
    }
  },
);

/** Keeps checked settings as the store's; compensation puts the previous ones back. */
export const keepSettingsStep = createStep(
  "shipbridge-keep-settings",
  async (settings: MerchantSettings, { container }) => {
    const shipbridge = container.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    const key = shipbridge.pluginOptions.storeId;
    // A new row each time: an update would merge the JSON with the old
    // settings, and a field left out must fall back to medusa-config.ts.
    const keep = async (): Promise<Previous> => {
      const before = await savedSettings(shipbridge);
      if (before !== undefined) await shipbridge.deleteMerchantSettings(before.id);
      const made = await shipbridge.createMerchantSettings({ key, values: settings as never });
      return { id: made.id, values: before?.values, key };
    };
    const previous = await keep().catch(async (error: unknown) => {
      // Two saves at once: the other made its row first; this one replaces it.
      if (!isUniqueViolation(error)) throw error;
      return keep();
    });
    forgetMerchantSettings(key);
    return new StepResponse(settings, previous);
  },
  async (previous, { container }) => {
    if (previous === undefined) return;
    const shipbridge = container.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    await shipbridge.deleteMerchantSettings(previous.id);
    if (previous.values !== undefined) {
      await shipbridge.createMerchantSettings({
        key: previous.key,
        values: previous.values as never,
      });
    }
    forgetMerchantSettings(previous.key);
  },
);

export const saveSettingsWorkflow = createWorkflow(
  "shipbridge-save-settings",
  (input: SaveSettingsInput) => {
    const settings = checkSettingsStep(input);
    const saved = keepSettingsStep(settings);
    return new WorkflowResponse(saved);
  },
);
