// The Medusa store's orders as the dashboard shows them: orders from the
// admin API, their shipments from the plugin's shipments route, labels from
// its label route, and the plugin's connection. Shipping goes through the
// plugin's batches (medusa-batches.ts).
import type { MedusaApi } from "./medusa-api.ts";

export interface MedusaOrder {
  readonly id: string;
  readonly display_id: number;
  readonly created_at: string;
  readonly email: string | null;
  readonly status: string;
  readonly shipping_address?: { first_name?: string | null; last_name?: string | null } | null;
  readonly shipping_methods?: { name?: string; data?: Record<string, unknown> | null }[] | null;
  readonly fulfillments?: { id: string; canceled_at: string | null; provider_id?: string }[] | null;
  readonly items?: { id: string; quantity: number }[] | null;
}

export interface MedusaShipment {
  readonly id: string;
  readonly order_id: string;
  readonly fulfillment_id: string;
  readonly is_return: boolean;
  readonly service: string | null;
  readonly point_id: string | null;
  readonly status: string | null;
  readonly package_id: string | number | null;
  readonly tracking_number: string | null;
  readonly tracking_url: string | null;
  readonly tracking_state: string | null;
  readonly has_label: boolean;
  readonly price: { amount: number; currency: string } | null;
  readonly created_at: string;
  readonly updated_at: string;
}

const ORDER_FIELDS =
  "id,display_id,created_at,email,status,*shipping_address,*shipping_methods,*fulfillments,*items";

export class MedusaOrders {
  private readonly api: MedusaApi;

  constructor(api: MedusaApi) {
    this.api = api;
  }

  async orders(): Promise<MedusaOrder[]> {
    const { orders } = await this.api.admin<{ orders: MedusaOrder[] }>(
      `/admin/orders?fields=${ORDER_FIELDS}&limit=500&order=-created_at`,
    );
    return orders;
  }

  async shipments(): Promise<MedusaShipment[]> {
    const { shipments } = await this.api.admin<{ shipments: MedusaShipment[] }>(
      "/admin/shipbridge/shipments?limit=1000&offset=0",
    );
    return shipments;
  }

  async label(orderId: string): Promise<{ body: Uint8Array; contentType: string } | null> {
    const shipment = (await this.shipments()).find(
      (candidate) => candidate.order_id === orderId && !candidate.is_return && candidate.has_label,
    );
    if (!shipment) return null;
    const response = await this.api.adminRaw(
      `/admin/shipbridge/fulfillments/${shipment.fulfillment_id}/label`,
    );
    if (!response.ok) return null;
    return {
      body: new Uint8Array(await response.arrayBuffer()),
      contentType: response.headers.get("content-type") ?? "application/pdf",
    };
  }

  async connection(): Promise<"connected" | "reconnect" | "not_connected"> {
    const { state } = await this.api.admin<{ state: "connected" | "reconnect" | "not_connected" }>(
      "/admin/shipbridge/connection",
    );
    return state;
  }

  /** Points the account's tracking pushes at the store now (its address may have changed). */
  async registerTrackingWebhook(): Promise<void> {
    await this.api.admin("/admin/shipbridge/tracking-webhook", { body: {} });
  }

  /** The service's authorization page, its pages in `language` when given. */
  async connectUrl(returnTo: string, language?: "en" | "pl"): Promise<string> {
    const { authorization_url } = await this.api.admin<{ authorization_url: string }>(
      "/admin/shipbridge/connection",
      { body: { return_to: returnTo }, ...(language ? { language } : {}) },
    );
    return authorization_url;
  }
}
