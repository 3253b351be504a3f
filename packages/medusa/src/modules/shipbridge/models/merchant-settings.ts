// The merchant's settings saved from the admin's settings page (the sender
// address, the carriers and lockers offered, cash on delivery): one row per
// store (`storeId`), whose values override the defaults of medusa-config.ts.
import { model } from "@medusajs/framework/utils";

export const MerchantSettings = model.define("shipbridge_merchant_settings", {
  id: model.id({ prefix: "sbset" }).primaryKey(),
  /** The store the settings are for (the plugin's storeId). */
  key: model.text().unique(),
  /** The checked settings (lib/merchant-settings.ts); a field left out keeps the default. */
  values: model.json(),
});
