// What every part of the app shares once setup is done (the database, the
// job queue, Shopify's library, the sessions, the shipping connections and
// the configuration), as one types-only module: the routes, the webhook
// jobs and the merchant's console take it, and it imports nothing that
// imports it.
import type { PgBoss } from "pg-boss";
import type { ShopifyAppConfig } from "../config/app-config.ts";
import type { ProcessContext } from "./process-context.ts";

/** What the routes share once setup is done. */
export interface AppRuntime extends ProcessContext {
  readonly config: ShopifyAppConfig;
  readonly boss: PgBoss;
}
