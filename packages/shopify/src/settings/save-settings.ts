// Saving a change of the shop's settings, for the settings form and for
// ShopMerchant.updateSettings alike: the same checks, then the save, then the
// same side effect (registering the checkout rate callback with
// carrierServiceCreate when rates are turned on).
import { type Issue, type Language, ShipbridgeError } from "@shipbridge/core";
import { CARRIER_SERVICE_CREATE } from "../admin/documents.ts";
import type { AppRuntime } from "../runtime/app-runtime.ts";
import { loadSettings, type ShopSettings, saveSettings } from "../store/settings.ts";
import { applySettingsPatch, type ShopSettingsView } from "./settings-view.ts";

/** The name the rate callback is registered under in Shopify. */
export const CARRIER_SERVICE_NAME = "Shipbridge";

/** The rule of an issue Shopify raised when registering the rate callback. */
export const CARRIER_SERVICE_REFUSED = "carrier_service_refused";

const BRAND = Symbol.for("shipbridge.shopify.SettingsError");

/** A change of settings that was refused; `issues` name each field's path. */
export class SettingsError extends ShipbridgeError {
  override readonly name = "SettingsError";
  override readonly code = "invalid_settings";
  readonly issues: readonly Issue<string>[];
  readonly [BRAND] = true;
  constructor(issues: readonly Issue<string>[]) {
    super(
      "invalid_settings",
      `Settings not saved: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join("; ")}`,
    );
    this.issues = Object.freeze([...issues]);
  }
}

/** True for a SettingsError, even one from another copy of this package. */
export function isSettingsError(value: unknown): value is SettingsError {
  return (
    typeof value === "object" && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true
  );
}

/**
 * Checks and saves the change; answers the saved settings. Throws a
 * SettingsError naming the fields when the change is refused (nothing is
 * saved), or when Shopify refused the rate callback's registration (the rest
 * is saved with rates off; the issue is at `ratesEnabled`). When Shopify
 * cannot be reached to register it, nothing is saved and the error is thrown.
 */
export async function updateShopSettings(
  app: AppRuntime,
  shop: string,
  patch: Partial<ShopSettingsView>,
  language?: Language,
): Promise<ShopSettings> {
  const { settings: current } = await loadSettings(app.pool, shop);
  const result = applySettingsPatch(current, patch, language ?? current.language);
  if (!result.settings) throw new SettingsError(result.issues);
  const settings = result.settings;
  if (settings.ratesEnabled && !current.ratesEnabled) {
    // Registered before the save: if Shopify cannot be reached, nothing is
    // saved and turning rates on again registers then.
    const refused = await registerCarrierService(app, shop);
    if (refused.length > 0) {
      await saveSettings(app.pool, shop, { ...settings, ratesEnabled: false });
      throw new SettingsError(refused);
    }
  }
  await saveSettings(app.pool, shop, settings);
  return settings;
}

/** Registers the rate callback; answers Shopify's refusals (none when it is registered). */
async function registerCarrierService(app: AppRuntime, shop: string): Promise<Issue<string>[]> {
  const session = await app.sessions.get(shop);
  const graphql = new app.shopify.clients.Graphql({ session });
  const created = await graphql.request<{
    carrierServiceCreate: { userErrors: { message: string }[] };
  }>(CARRIER_SERVICE_CREATE, {
    variables: {
      input: {
        name: CARRIER_SERVICE_NAME,
        callbackUrl: new URL("/rates", app.config.appUrl).href,
        supportsServiceDiscovery: true,
        active: true,
      },
    },
  });
  const errors = created.data?.carrierServiceCreate.userErrors ?? [];
  // Already registered (turned off and on again) is fine; anything else is refused.
  return errors
    .filter((error) => !/already configured/i.test(error.message))
    .map((error) => ({
      path: "ratesEnabled",
      rule: CARRIER_SERVICE_REFUSED,
      message: error.message,
    }));
}
