// The Shopify app's merchant console in code (`app.merchant(shop)`), the same
// paths its settings page takes: connection, settings, orders, ship, label.
import type { ShopifyApp } from "@shipbridge/shopify";

export type ShopConnectionState = "connected" | "reconnect" | "not_connected";

export interface ProblemIssue {
  readonly path: string;
  readonly rule: string;
  readonly message: string;
}

export interface ShopOrderShipment {
  readonly orderId: string;
  readonly orderName: string;
  readonly status: string;
  readonly service: string | null;
  readonly pickupPoint: string | null;
  readonly packageId: string | null;
  readonly trackingNumber: string | null;
  readonly trackingUrl: string | null;
  readonly trackingState: string | null;
  readonly hasLabel: boolean;
  readonly problems: ProblemIssue[];
  readonly price: { amount: number; currency: string } | null;
  readonly updatedAt: string;
}

export interface ShopMerchant {
  connection(): Promise<ShopConnectionState>;
  connectUrl(options?: { returnTo?: string }): Promise<string>;
  settings(): Promise<Record<string, unknown>>;
  updateSettings(patch: Record<string, unknown>): Promise<Record<string, unknown>>;
  orders(options?: { language?: "en" | "pl"; limit?: number }): Promise<ShopOrderShipment[]>;
  ship(orderId: string): Promise<void>;
  label(orderId: string): Promise<{ body: Uint8Array; contentType: string } | null>;
}

export function merchantOf(app: ShopifyApp, shop: string): ShopMerchant {
  const withMerchant = app as unknown as { merchant?: (shop: string) => ShopMerchant };
  if (typeof withMerchant.merchant === "function") return withMerchant.merchant(shop);
  const missing = async (): Promise<never> => {
    throw new Error("this build of @shipbridge/shopify has no merchant console");
  };
  return {
    connection: missing,
    connectUrl: missing,
    settings: missing,
    updateSettings: missing,
    orders: missing,
    ship: missing,
    label: missing,
  };
}
