// Where the merchant's settings are read, for the provider (which cannot
// resolve the plugin's module) and the module alike: one query on Medusa's
// database, kept a few seconds per process so a checkout's price does not
// wait for it; a save forgets it at once in its own process.

import type { RawExecute } from "./medusa-fulfillments.ts";
import type { MerchantSettings } from "./merchant-settings.ts";
import { withMerchantSettings } from "./merchant-settings.ts";
import type { PluginOptions } from "./options.ts";

/** How long a process keeps the settings it read (other instances see a save within it). */
export const SETTINGS_TTL_MS = 5_000;

const cache = new Map<string, { at: number; settings: Promise<MerchantSettings | undefined> }>();

/** The saved settings of the store `key` (its storeId), or undefined when none were saved. */
export function readMerchantSettings(
  execute: RawExecute,
  key: string,
  now: number = Date.now(),
): Promise<MerchantSettings | undefined> {
  const kept = cache.get(key);
  if (kept !== undefined && now - kept.at < SETTINGS_TTL_MS) return kept.settings;
  const settings = execute
    .execute(
      `select "values" from "shipbridge_merchant_settings" where "key" = ? and "deleted_at" is null limit 1`,
      [key],
    )
    .then((rows) => {
      const values = rows[0]?.["values"];
      if (values === undefined || values === null) return undefined;
      return (typeof values === "string" ? JSON.parse(values) : values) as MerchantSettings;
    })
    .catch((error: unknown) => {
      // A database without the module's tables (the provider alone): no
      // settings, kept like an answer; any other failure is asked again.
      if (/shipbridge_merchant_settings/.test(String(error))) return undefined;
      cache.delete(key);
      throw error;
    });
  cache.set(key, { at: now, settings });
  return settings;
}

/** Forgets what this process read of `key`'s settings (after it saved them). */
export function forgetMerchantSettings(key: string): void {
  cache.delete(key);
}

/** The options in force: medusa-config.ts's, with the merchant's saved settings over them. */
export async function optionsInForce(
  execute: RawExecute,
  defaults: PluginOptions,
): Promise<PluginOptions> {
  return withMerchantSettings(defaults, await readMerchantSettings(execute, defaults.storeId));
}
