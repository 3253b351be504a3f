// Where the merchant's settings are read and written, for the provider (which
// cannot resolve the plugin's module) and the module alike: one query on
// Medusa's database, kept a few seconds per process so a checkout's price does
// not wait for it (a purchase reads afresh); a save forgets it at once in its
// own process. A save is one statement: no moment without a row.

import { generateEntityId } from "@medusajs/framework/utils";
import type { RawExecute } from "./medusa-fulfillments.ts";
import type { MerchantSettings } from "./merchant-settings.ts";
import { withMerchantSettings } from "./merchant-settings.ts";
import type { PluginOptions } from "./options.ts";

/** How long a process keeps the settings it read (other instances see a save within it). */
export const SETTINGS_TTL_MS = 5_000;

const cache = new Map<string, { at: number; settings: Promise<MerchantSettings | undefined> }>();

/** PostgreSQL's "undefined_table": the database has no module tables (the provider alone). */
const UNDEFINED_TABLE = "42P01";

function isUndefinedTable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let at: unknown = error; at !== null && typeof at === "object" && !seen.has(at); ) {
    seen.add(at);
    if ((at as { code?: unknown }).code === UNDEFINED_TABLE) return true;
    at = (at as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The saved settings of the store `key` (its storeId), or undefined when none
 * were saved. `fresh`: read the database now, whatever this process kept
 * (before something is bought with them).
 */
export function readMerchantSettings(
  execute: RawExecute,
  key: string,
  now: number = Date.now(),
  fresh = false,
): Promise<MerchantSettings | undefined> {
  const kept = cache.get(key);
  if (!fresh && kept !== undefined && now - kept.at < SETTINGS_TTL_MS) return kept.settings;
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
      // settings, kept like an answer; any other failure (a denied
      // permission, a timeout) is asked again, never taken for "none".
      if (isUndefinedTable(error)) return undefined;
      cache.delete(key);
      throw error;
    });
  cache.set(key, { at: now, settings });
  return settings;
}

/**
 * Saves `values` as the store `key`'s settings, replacing any saved before,
 * in one statement (an upsert: readers see the old row or the new one,
 * never none). Answers the values saved before (undefined when none were).
 */
export async function writeMerchantSettings(
  execute: RawExecute,
  key: string,
  values: MerchantSettings,
): Promise<MerchantSettings | undefined> {
  const rows = await execute.execute(
    `with "before" as (
       select "values" from "shipbridge_merchant_settings" where "key" = ? and "deleted_at" is null
     )
     insert into "shipbridge_merchant_settings" ("id", "key", "values") values (?, ?, ?::jsonb)
     on conflict ("key") where "deleted_at" is null
     do update set "values" = excluded."values", "updated_at" = now()
     returning (select "values" from "before") as "previous"`,
    [key, generateEntityId(undefined, "sbset"), key, JSON.stringify(values)],
  );
  forgetMerchantSettings(key);
  const previous = rows[0]?.["previous"];
  if (previous === undefined || previous === null) return undefined;
  return (typeof previous === "string" ? JSON.parse(previous) : previous) as MerchantSettings;
}

/** Removes the store `key`'s saved settings (medusa-config.ts's are in force again). */
export async function removeMerchantSettings(execute: RawExecute, key: string): Promise<void> {
  await execute.execute(
    `delete from "shipbridge_merchant_settings" where "key" = ? and "deleted_at" is null`,
    [key],
  );
  forgetMerchantSettings(key);
}

/** Forgets what this process read of `key`'s settings (after it saved them). */
export function forgetMerchantSettings(key: string): void {
  cache.delete(key);
}

/** The options in force: medusa-config.ts's, with the merchant's saved settings over them. */
export async function optionsInForce(
  execute: RawExecute,
  defaults: PluginOptions,
  fresh = false,
): Promise<PluginOptions> {
  return withMerchantSettings(
    defaults,
    await readMerchantSettings(execute, defaults.storeId, Date.now(), fresh),
  );
}
