// The module's one way to the merchant's settings: the row saved from the
// admin's settings page, and the plugin's options with it over the
// defaults of medusa-config.ts (lib/merchant-settings.ts merges them, as the
// provider's reading does).
import type { MerchantSettings } from "../../lib/merchant-settings.ts";
import { withMerchantSettings } from "../../lib/merchant-settings.ts";
import type { PluginOptions } from "../../lib/options.ts";
import type { ShipbridgeModuleService } from "./service.ts";

/** The settings saved for this store, or undefined when the merchant saved none. */
export async function savedSettings(
  shipbridge: ShipbridgeModuleService,
): Promise<{ id: string; values: MerchantSettings } | undefined> {
  const [row] = await shipbridge.listMerchantSettings({ key: shipbridge.pluginOptions.storeId });
  if (row === undefined) return undefined;
  return { id: row.id, values: row.values as MerchantSettings };
}

/** The options in force: medusa-config.ts's, with the merchant's saved settings over them. */
export async function settingsInForce(shipbridge: ShipbridgeModuleService): Promise<PluginOptions> {
  return withMerchantSettings(shipbridge.pluginOptions, (await savedSettings(shipbridge))?.values);
}
