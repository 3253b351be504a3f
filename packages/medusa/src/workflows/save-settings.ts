// Saves the merchant's settings from the admin's settings page: checked with
// core's rules (every problem at once), then kept in the plugin's module,
// one row per store; a save replaces the saved settings in one upsert (a
// field left out falls back to medusa-config.ts). Compensation puts the
// previous settings back (or removes the row the save made).
import { ContainerRegistrationKeys } from "@medusajs/framework/utils";
import {
  createStep,
  createWorkflow,
  StepResponse,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk";
import { asMedusaError } from "../lib/medusa-error.ts";
import type { RawExecute } from "../lib/medusa-fulfillments.ts";
import { checkMerchantSettings, type MerchantSettings } from "../lib/merchant-settings.ts";
import { removeMerchantSettings, writeMerchantSettings } from "../lib/merchant-settings-store.ts";
import { SHIPBRIDGE_MODULE } from "../modules/shipbridge/index.ts";
import type { ShipbridgeModuleService } from "../modules/shipbridge/service.ts";

export interface SaveSettingsInput {
  /** The settings as the page sends them; checked again here. */
  readonly settings: unknown;
  readonly language?: "en_GB" | "pl_PL" | undefined;
}

type Previous = { values: MerchantSettings | undefined; key: string };

/** Medusa's database (its knex connection) as the settings store queries it: `?` placeholders. */
function databaseOf(container: { resolve<T>(key: string): T }): RawExecute {
  const knex = container.resolve<{
    raw(sql: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  }>(ContainerRegistrationKeys.PG_CONNECTION);
  return { execute: async (sql, params = []) => (await knex.raw(sql, params)).rows };
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
    // One upsert replacing the whole JSON (a field left out falls back to
    // medusa-config.ts): a reader sees the old settings or the new, never none.
    const values = await writeMerchantSettings(databaseOf(container), key, settings);
    return new StepResponse(settings, { values, key } satisfies Previous);
  },
  async (previous, { container }) => {
    if (previous === undefined) return;
    const database = databaseOf(container);
    if (previous.values === undefined) await removeMerchantSettings(database, previous.key);
    else await writeMerchantSettings(database, previous.key, previous.values);
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
