// ShopMerchant: what a merchant does on the settings pages, as code, for one
// shop (a console, a demo, a script): the connection, its connect link, the
// settings, the orders with their shipments, shipping an order, its label.
// The settings pages run the same functions, so both faces behave alike.
import { type Issue, ShipbridgeError } from "@shipbridge/core";
import { isCancelled } from "../mapping/order-facts.ts";
import type { ShopifyOrder } from "../mapping/shopify-order.ts";
import { toStoreOrder } from "../mapping/to-store-order.ts";
import type { AppRuntime } from "../runtime/app-runtime.ts";
import { updateShopSettings } from "../settings/save-settings.ts";
import { type ShopSettingsView, settingsView, toLanguage } from "../settings/settings-view.ts";
import { issuesIn } from "../shipping/attention-issues.ts";
import { queueShip } from "../shipping/queue-ship.ts";
import { listKnownOrders } from "../store/order-list.ts";
import { type ConnectionState, loadSettings } from "../store/settings.ts";
import { loadLabel, type ShipmentStatus } from "../store/shipments.ts";
import { makeConnectTicket } from "./connect-ticket.ts";

/** "connected", "reconnect" (the service refused the stored tokens), or "not_connected". */
export type ShopConnectionState = ConnectionState;

/**
 * Where an order stands: `waiting` (not shipped yet: not paid, or waiting for
 * the merchant's "Ship"), `shipping`, `shipped` (the package is ordered),
 * `fulfilled` (and written back to Shopify with tracking), `needs_attention`
 * (see `problems`), `cancelled`, `cancelled_after_order` (cancelled in
 * Shopify after the parcel was collected).
 */
export type ShopOrderStatus = ShipmentStatus;

export interface ShopOrderShipment {
  /** Shopify's numeric order id, as a string. */
  readonly orderId: string;
  /** "#1001" */
  readonly orderName: string;
  readonly status: ShopOrderStatus;
  /** The carrier service of the package ("inpost", "dpd", ...). */
  readonly service: string | null;
  /** The point's code when the order ships to a pickup point or locker. */
  readonly pickupPoint: string | null;
  readonly packageId: string | null;
  readonly trackingNumber: string | null;
  readonly trackingUrl: string | null;
  /** Core's tracking state, e.g. "delivered". */
  readonly trackingState: string | null;
  readonly hasLabel: boolean;
  /** Why the order needs attention: path, rule and message in the language asked. */
  readonly problems: Issue<string>[];
  /** What the package cost, as the service priced it; null before it is ordered. */
  readonly price: { readonly amount: number; readonly currency: string } | null;
  /** ISO time of the last change. */
  readonly updatedAt: string;
  /** ISO time the order was placed (Shopify's created_at), or first heard of. */
  readonly createdAt: string;
  /** The name the order ships to, when the app still keeps the order. */
  readonly customer: string | null;
}

export interface ShopMerchant {
  connection(): Promise<ShopConnectionState>;
  /**
   * A URL on the app that starts connecting the shipping account (the
   * service's own authorization pages) without a Shopify session; after the
   * callback the browser goes to `returnTo` (kept inside the signed ticket).
   * It expires after ten minutes.
   */
  connectUrl(options?: { returnTo?: string }): Promise<string>;
  /** The shop's settings as the settings page edits them. */
  settings(): Promise<ShopSettingsView>;
  /**
   * Same checks and side effects as the settings form (carrier service
   * registration when rates are turned on). Bad input throws a SettingsError
   * whose `issues` name each field's path.
   */
  updateSettings(patch: Partial<ShopSettingsView>): Promise<ShopSettingsView>;
  /** Every order the app knows for the shop (from webhooks), newest first. */
  orders(options?: { language?: "en" | "pl"; limit?: number }): Promise<ShopOrderShipment[]>;
  /**
   * Queues shipping one order through the once-only path (the settings
   * page's Ship/Retry button); safe to call twice or on two instances.
   * Throws for an order the app never received.
   */
  ship(orderId: string): Promise<void>;
  /** The label PDF, or null when the order has none yet. */
  label(orderId: string): Promise<{ body: Uint8Array; contentType: string } | null>;
}

/**
 * Thrown by ShopMerchant.ship (code `unknown_order`) for an order the app
 * never received, or whose every delivery was refused as not the shop's.
 */
export class UnknownOrderError extends ShipbridgeError {
  override readonly name = "UnknownOrderError";
  constructor(message: string) {
    super("unknown_order", message);
  }
}

function placedAt(order: ShopifyOrder | undefined, firstSeen: Date): string {
  const placed = order?.created_at ? new Date(order.created_at) : undefined;
  return placed && !Number.isNaN(placed.getTime()) ? placed.toISOString() : firstSeen.toISOString();
}

function customerName(order: ShopifyOrder | undefined): string | null {
  const person = order?.shipping_address ?? order?.customer;
  const name = [person?.first_name, person?.last_name]
    .filter((part): part is string => typeof part === "string" && part.trim() !== "")
    .join(" ");
  return name || null;
}

export function shopMerchant(runtime: () => Promise<AppRuntime>, shop: string): ShopMerchant {
  return {
    async connection() {
      return (await loadSettings((await runtime()).pool, shop)).connection;
    },
    async connectUrl(options = {}) {
      const app = await runtime();
      const ticket = makeConnectTicket(
        app.shopify.config.apiSecretKey,
        { shop, returnTo: options.returnTo },
        (app.config.now ?? Date.now)(),
      );
      const url = new URL("/connect", app.config.appUrl);
      url.searchParams.set("ticket", ticket);
      return url.href;
    },
    async settings() {
      return settingsView((await loadSettings((await runtime()).pool, shop)).settings);
    },
    async updateSettings(patch) {
      return settingsView(await updateShopSettings(await runtime(), shop, patch));
    },
    async orders(options = {}) {
      const app = await runtime();
      const { settings } = await loadSettings(app.pool, shop);
      const language = options.language ? toLanguage(options.language) : settings.language;
      const known = await listKnownOrders(app.pool, shop, options.limit ?? 500);
      return known.map(({ orderId, shipment, payload, firstSeen }): ShopOrderShipment => {
        const order = payload as ShopifyOrder | undefined;
        const about = { createdAt: placedAt(order, firstSeen), customer: customerName(order) };
        if (shipment) {
          return {
            ...about,
            orderId,
            orderName: shipment.orderName,
            status: shipment.status,
            service: shipment.service ?? null,
            pickupPoint: shipment.pickupPoint ?? null,
            packageId: shipment.packageId === undefined ? null : String(shipment.packageId),
            trackingNumber: shipment.tracking?.numbers[0] ?? null,
            trackingUrl: shipment.tracking?.urls[0] ?? null,
            trackingState: shipment.trackingState ?? null,
            hasLabel: shipment.hasLabel,
            problems:
              shipment.status === "needs_attention"
                ? [...issuesIn(shipment.issues, shipment.issuesByLanguage, language)]
                : [],
            price: shipment.price ?? null,
            updatedAt: shipment.updatedAt.toISOString(),
          };
        }
        // Only seen in webhooks: not shipped yet (waiting for payment, or for the
        // merchant), or placed already cancelled.
        const mapped = order
          ? toStoreOrder(order, { defaultService: settings.defaultService })
          : undefined;
        return {
          ...about,
          orderId,
          orderName: order?.name ?? orderId,
          status: isCancelled(order) ? "cancelled" : "waiting",
          service: mapped?.shipping.service ?? null,
          pickupPoint: mapped?.pickup_point?.code ?? null,
          packageId: null,
          trackingNumber: null,
          trackingUrl: null,
          trackingState: null,
          hasLabel: false,
          problems: [],
          price: null,
          updatedAt: firstSeen.toISOString(),
        };
      });
    },
    async ship(orderId) {
      const app = await runtime();
      const queued = await queueShip(app, shop, orderId);
      if (queued === "unknown_order") {
        throw new UnknownOrderError(`The app has received no order ${orderId} of ${shop}.`);
      }
      if (queued === "refused_order") {
        throw new UnknownOrderError(
          `Order ${orderId} was refused as not ${shop}'s: the shop's Admin API does not know it.`,
        );
      }
    },
    async label(orderId) {
      const label = await loadLabel((await runtime()).pool, shop, orderId);
      return label ? { body: label.bytes, contentType: label.contentType } : null;
    },
  };
}
