// What the dashboard's routes work with once everything is started.
import type { ShopifyApp } from "@shipbridge/shopify";
import type pg from "pg";
import type { MedusaCheckout } from "../stores/medusa/checkout.ts";
import type { MedusaOrderActions } from "../stores/medusa/medusa-order-actions.ts";
import type { MedusaOrders } from "../stores/medusa/medusa-orders.ts";
import type { ShopMerchant } from "../stores/shopify/merchant.ts";
import type { ShopifyOrderActions } from "../stores/shopify/shopify-order-actions.ts";
import type { ShopifyStorefront } from "../stores/shopify/storefront.ts";
import type { Batches } from "./batches.ts";

export interface DemoAddresses {
  readonly dashboard: string;
  readonly sandbox: { readonly baseUrl: string; readonly accountUrl: string };
  readonly shopify: { readonly app: string; readonly storefront: string };
  readonly medusa: {
    readonly backend: string;
    readonly storefront: string;
    readonly admin: string;
  };
}

export interface DemoContext {
  readonly pool: pg.Pool;
  readonly addresses: DemoAddresses;
  /** The embedded sandbox (clock, stats); false with the real service. */
  readonly sandbox: boolean;
  readonly shopify: {
    readonly app: ShopifyApp;
    readonly merchant: ShopMerchant;
    readonly storefront: ShopifyStorefront;
    readonly actions: ShopifyOrderActions;
  };
  readonly medusa: {
    readonly orders: MedusaOrders;
    readonly checkout: MedusaCheckout;
    readonly actions: MedusaOrderActions;
  };
  readonly batches: Batches;
}
