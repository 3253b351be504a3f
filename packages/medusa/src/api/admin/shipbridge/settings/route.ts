// GET /admin/shipbridge/settings: what the settings page shows: the settings
// in force (the merchant's saved ones over medusa-config.ts's), those saved
// and the defaults, the carriers to choose from, the account's connection
// and where its tracking pushes go. POST: saves the settings through the
// save-settings workflow; bad values are refused with a 400 naming every
// field path and rule at once, in English and Polish.
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http";
import { isValidationError, type Language } from "@shipbridge/core";
import { CARRIERS } from "@shipbridge/core/rules";
import { issueLines } from "../../../../lib/issue-lines.ts";
import {
  checkMerchantSettings,
  SETTINGS_FIELDS,
  withMerchantSettings,
} from "../../../../lib/merchant-settings.ts";
import type { PluginOptions } from "../../../../lib/options.ts";
import { answeringErrors, requestLanguage } from "../../../../lib/route-errors.ts";
import { trackingWebhookState } from "../../../../lib/tracking-webhook-state.ts";
import { SHIPBRIDGE_MODULE } from "../../../../modules/shipbridge/index.ts";
import type { ShipbridgeModuleService } from "../../../../modules/shipbridge/service.ts";
import { savedSettings } from "../../../../modules/shipbridge/settings-in-force.ts";
import { saveSettingsWorkflow } from "../../../../workflows/save-settings.ts";

/** The options' fields the settings page shows. */
function settingsOf(options: PluginOptions) {
  return Object.fromEntries(SETTINGS_FIELDS.map((field) => [field, options[field] ?? null]));
}

async function settingsView(shipbridge: ShipbridgeModuleService) {
  const saved = await savedSettings(shipbridge);
  const inForce = withMerchantSettings(shipbridge.pluginOptions, saved?.values);
  const [state, tracking] = await Promise.all([
    shipbridge.accountState().catch(() => "unknown" as const),
    trackingWebhookState(shipbridge.connection, inForce),
  ]);
  return {
    settings: settingsOf(inForce),
    saved: saved?.values ?? {},
    defaults: settingsOf(shipbridge.pluginOptions),
    carriers: CARRIERS,
    connection: { state, grant: shipbridge.grant },
    tracking_webhook: tracking,
  };
}

export const GET = answeringErrors(
  async (req: MedusaRequest, res: MedusaResponse): Promise<void> => {
    const shipbridge = req.scope.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    res.json(await settingsView(shipbridge));
  },
);

export const POST = answeringErrors(
  async (req: MedusaRequest, res: MedusaResponse): Promise<void> => {
    const shipbridge = req.scope.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    const language: Language =
      requestLanguage(req) ?? (shipbridge.pluginOptions.language === "pl" ? "pl_PL" : "en_GB");
    const check = (lang: Language) =>
      checkMerchantSettings(req.body, shipbridge.pluginOptions, lang);
    try {
      check(language);
    } catch (error) {
      if (!isValidationError(error)) throw error;
      // Every problem at once, each in both languages for the page.
      const other = language === "pl_PL" ? "en_GB" : "pl_PL";
      let translated: readonly { message: string }[] = [];
      try {
        check(other);
      } catch (again) {
        if (isValidationError(again)) translated = again.issues;
      }
      res.status(400).json({
        type: "invalid_data",
        code: error.code,
        message: issueLines(error.issues),
        issues: error.issues.map((issue, index) => ({
          path: issue.path,
          rule: issue.rule,
          message: issue.message,
          messages: { [language]: issue.message, [other]: translated[index]?.message },
        })),
      });
      return;
    }
    await saveSettingsWorkflow(req.scope).run({ input: { settings: req.body, language } });
    res.json(await settingsView(shipbridge));
  },
);
