// What a webhook delivery's job works with: shipping's context (the
// database, Shopify's library, the sessions, the shipping connections, the
// lock between instances) with the job queue and the session storage an
// uninstall clears. Types only, like the rest of runtime/: it imports
// nothing that imports it.
import type { Shopify } from "@shopify/shopify-api";
import type { SessionStorage } from "@shopify/shopify-app-session-storage";
import type { PgBoss } from "pg-boss";
import type { ShippingConnections } from "../shipping/connections.ts";
import type { ShipContext } from "../shipping/ship-context.ts";

export interface ProcessContext extends ShipContext {
  readonly boss: PgBoss;
  readonly shopify: Shopify;
  readonly storage: SessionStorage;
  readonly connections: ShippingConnections;
}
