// The Shopify app's merchant console in code (`app.merchant(shop)`): the same
// paths its settings page takes (connection, settings, orders, ship, label).
export type {
  ShopConnectionState,
  ShopMerchant,
  ShopOrderShipment,
} from "@shipbridge/shopify";

/** A problem at a path (core's Issue), as the dashboard shows it. */
export interface ProblemIssue {
  readonly path: string;
  readonly rule: string;
  readonly message: string;
}
