// What shipping an order needs from the app (the database, Shopify's library,
// the shop's sessions, the shipping connections and the lock between
// instances), and the shapes of its answers: one types-only module that the
// steps of shipping and their callers share.
import type { Language, StoreOrderInput } from "@shipbridge/core";
import type { PostgresTokenStore } from "@shipbridge/core/postgres";
import type { Address } from "@shipbridge/core/schemas";
import type { Shopify } from "@shopify/shopify-api";
import type pg from "pg";
import type { OfflineSessions } from "../auth/offline-sessions.ts";
import type { ShopifyOrder } from "../mapping/shopify-order.ts";
import type { ShippingConnections } from "./connections.ts";

export interface ShipContext {
  readonly pool: pg.Pool;
  readonly shopify: Shopify;
  readonly sessions: OfflineSessions;
  readonly connections: ShippingConnections;
  readonly tokenStore: PostgresTokenStore;
}

export type ShipOutcome = "fulfilled" | "needs_attention" | "skipped" | "waiting" | "unknown_order";

/** What to do with the confirmed order: ship it, list it as waiting for "Ship", or neither. */
export type ShipPlan = "ship" | "wait" | "ignore";

export interface ShipRequest {
  /**
   * Decides from the order as Shopify holds it (mapped, and as read) what to do; shipping
   * by default. Listing an order as waiting never overwrites a row it has.
   */
  readonly plan?: (order: StoreOrderInput, held: ShopifyOrder) => ShipPlan;
  /**
   * On a shop that ships on payment, refuse an order not paid yet (unless it
   * is cash on delivery, paid only on delivery) as needing attention: for a
   * request that is not the payment itself (a batch, an update's retry).
   */
  readonly requirePayment?: boolean;
}

/**
 * The options a shop's orders are mapped and shipped with, the same for
 * every order of the shop: its id (the store id of core's references, order
 * commands and leases), sender, usual box, IBAN and language.
 */
export interface ShipMapping {
  readonly storeId: string;
  readonly sender: Address;
  readonly parcel?: { readonly width: number; readonly depth: number; readonly height: number };
  readonly cod?: { readonly iban: string };
  readonly language: Language;
}
