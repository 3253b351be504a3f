// ShopMerchant: what a merchant does on the settings and orders pages, as
// code, for one shop (a console, a demo, a script): the connection, its
// connect link, the settings, the orders with their shipments, shipping an
// order, its label, shipping many as one batch and following it.
// The settings pages run the same functions, so both faces behave alike.
import { createHash } from "node:crypto";
import {
  type BatchDocument,
  type CancelledPickup,
  type Reckoning,
  type RemedyResult,
  ShipbridgeError,
} from "@shipbridge/core";
import {
  type BatchCourier,
  batchCourier,
  bookBatchCourier,
  cancelBatchCourier,
} from "../day/batch-courier.ts";
import { batchFiles, batchLabelFile, batchProtocols } from "../day/batch-documents.ts";
import { applyShopRemedy, shopReckoning } from "../day/shop-reckoning.ts";
import {
  type ShopBatch,
  type ShopBatchDetails,
  shopBatch,
  shopBatchOrder,
} from "../orders/batch-view.ts";
import { type ShopOrderShipment, shopOrders, waitingOrders } from "../orders/order-view.ts";
import { retryShopReturn, type ShopReturn, shopReturns } from "../returns/return-view.ts";
import type { ReturnOutcome } from "../returns/ship-shopify-return.ts";
import type { AppRuntime } from "../runtime/app-runtime.ts";
import { updateShopSettings } from "../settings/save-settings.ts";
import { type ShopSettingsView, settingsView, toLanguage } from "../settings/settings-view.ts";
import { orderLabel } from "../shipping/order-label.ts";
import { queueBatch } from "../shipping/queue-batch.ts";
import { queueShip } from "../shipping/queue-ship.ts";
import {
  listBatches,
  listBatchOrders,
  loadBatch,
  ordersState,
  type PickupRow,
} from "../store/batches.ts";
import { type ConnectionState, loadSettings } from "../store/settings.ts";
import { makeConnectTicket } from "./connect-ticket.ts";
import { requireInstalled } from "./installed-shop.ts";

export type { BatchCourier, CarrierCourier } from "../day/batch-courier.ts";
export type {
  ShopBatch,
  ShopBatchDetails,
  ShopBatchOrder,
} from "../orders/batch-view.ts";
export type { ShopOrderShipment, ShopOrderStatus } from "../orders/order-view.ts";
export type { ShopReturn } from "../returns/return-view.ts";
export type { ReturnOutcome } from "../returns/ship-shopify-return.ts";
export type { PickupRow as ShopPickup } from "../store/batches.ts";

/** "connected", "reconnect" (the service refused the stored tokens), or "not_connected". */
export type ShopConnectionState = ConnectionState;

export interface ShopMerchant {
  connection(): Promise<ShopConnectionState>;
  /**
   * A URL on the app that starts connecting the shipping account (the
   * service's own authorization pages) without a Shopify session; after the
   * callback the browser goes to `returnTo` (kept inside the signed ticket).
   * It expires after ten minutes. Throws ShopNotInstalledError (code
   * `shop_not_installed`) when the app is not installed in the shop.
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
  /**
   * The shop's returns the app shipped a parcel for (or tried to), newest
   * first; `needsAttention` lists only those that need the merchant, each
   * with why, in the language asked.
   */
  returns(options?: {
    language?: "en" | "pl";
    needsAttention?: boolean;
    limit?: number;
  }): Promise<ShopReturn[]>;
  /**
   * Retry for one return (its GID or numeric id): buys or finds its parcel
   * and attaches it, or gives it back when Shopify has it cancelled,
   * declined or closed; pays nothing twice. Answers what became of it.
   */
  retryReturn(returnId: string): Promise<ReturnOutcome>;
  /** The label PDF, or null when the order has none yet. */
  label(orderId: string): Promise<{ body: Uint8Array; contentType: string } | null>;
  /**
   * Ships many orders as one batch (the orders page's "Ship selected"; or
   * `"waiting"`: every order waiting to ship), queued as one job. The same
   * `key` gives the same batch, however often and on however many instances
   * it is asked; without one, the same orders asked in the same state do.
   * A `key` that made a batch of other orders throws BatchKeyReusedError
   * (code `batch_key_reused`) and ships nothing.
   * Orders the app never received, or that are shipped, being shipped or
   * cancelled already, are left out; null when none is left.
   */
  shipBatch(
    orderIds: readonly string[] | "waiting",
    options?: { key?: string },
  ): Promise<ShopBatch | null>;
  /** The batch with each of its orders (problems in the language asked), or null. */
  batch(batchId: string, options?: { language?: "en" | "pl" }): Promise<ShopBatchDetails | null>;
  /** The shop's batches, newest first. */
  batches(options?: { limit?: number }): Promise<ShopBatch[]>;
  /**
   * The labels of every parcel the batch bought, in the shop's label format
   * (PDF A6, PDF A4 or ZPL), as one file; the same file however often asked
   * (one documents command). The service makes a file of at most 500
   * parcels (`batch.parcelsPerFile`): a batch with more has `parts` files,
   * each asked for with `{ part }` (from 1); asked without one, such a
   * batch throws BatchLabelPartsError (code `batch_label_parts`) instead of
   * answering only the first. Null before it bought any, or for no such part.
   */
  batchLabels(batchId: string, options?: { part?: number }): Promise<ShopLabelFile | null>;
  /** One handover protocol per carrier of the batch's parcels. */
  batchProtocols(batchId: string): Promise<(ShopDocument & { readonly service: string })[]>;
  /**
   * The courier for the batch's parcels: per carrier, the pickup booked or
   * the days and windows a courier can come; the parcels handed in at a
   * point or locker (no courier needed); null for no such batch.
   */
  courier(batchId: string): Promise<BatchCourier | null>;
  /**
   * Books one carrier's courier for the batch's parcels no pickup covers yet
   * (one pickup per 100 parcels), on a day and window courier() proposed;
   * answers the carrier's pickups as they now stand. The same booking
   * however often asked. Null when the batch has no parcel of that carrier
   * for a courier.
   */
  bookCourier(
    batchId: string,
    service: string,
    window: { date: string; min_time: string; max_time: string },
  ): Promise<readonly PickupRow[] | null>;
  /** Cancels a booked pickup of the batch while the service allows; null for no such pickup. */
  cancelCourier(batchId: string, commandId: string): Promise<CancelledPickup | null>;
  /** The day's reckoning ("YYYY-MM-DD", a day in Warsaw) of the shop's paid packages. */
  reckoning(day: string): Promise<Reckoning>;
  /** Runs the remedy the day's reckoning offers for the package; null when it offers none. */
  applyRemedy(day: string, packageId: number): Promise<RemedyResult | null>;
}

/** A file the service made: its bytes, type, name, and the packages it left out with why. */
export interface ShopDocument {
  readonly body: Uint8Array;
  readonly contentType: string;
  readonly filename: string;
  readonly packageIds: readonly number[];
  readonly skipped: readonly { packageId: number; rule: string; message: string }[];
}

/** One file of a batch's labels: which part it is (from 1), of how many. */
export interface ShopLabelFile extends ShopDocument {
  readonly part: number;
  readonly parts: number;
}

function shopDocument(file: BatchDocument): ShopDocument {
  return {
    body: file.body,
    contentType: file.contentType,
    filename: file.filename,
    packageIds: file.packageIds,
    skipped: file.skipped,
  };
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

/**
 * Thrown by ShopMerchant.shipBatch (code `batch_key_reused`) when its `key`
 * already made a batch (`batchId`) of other orders: nothing is shipped.
 */
export class BatchKeyReusedError extends ShipbridgeError {
  override readonly name = "BatchKeyReusedError";
  /** The batch the key made. */
  readonly batchId: string;
  constructor(key: string, batchId: string) {
    super(
      "batch_key_reused",
      `The key "${key}" already made batch ${batchId} of other orders; give each batch its own key.`,
    );
    this.batchId = batchId;
  }
}

/**
 * Thrown by ShopMerchant.batchLabels (code `batch_label_parts`) when the
 * batch's labels take several files and no `part` was asked for.
 */
export class BatchLabelPartsError extends ShipbridgeError {
  override readonly name = "BatchLabelPartsError";
  readonly batchId: string;
  /** How many files the labels take: ask for each with `{ part }`, 1 to `parts`. */
  readonly parts: number;
  constructor(batchId: string, parts: number) {
    super(
      "batch_label_parts",
      `The labels of batch ${batchId} take ${parts} files; ask for each with { part: 1 } to { part: ${parts} }.`,
    );
    this.batchId = batchId;
    this.parts = parts;
  }
}

export function shopMerchant(runtime: () => Promise<AppRuntime>, shop: string): ShopMerchant {
  return {
    async connection() {
      return (await loadSettings((await runtime()).pool, shop)).connection;
    },
    async connectUrl(options = {}) {
      const app = await runtime();
      await requireInstalled(app, shop);
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
      return shopOrders((await runtime()).pool, shop, options);
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
    async shipBatch(orderIds, options = {}) {
      const app = await runtime();
      const ids = orderIds === "waiting" ? await waitingOrders(app.pool, shop) : [...orderIds];
      // Without a key, the key is the orders and their state, so the orders are the selection.
      const request =
        options.key === undefined
          ? {
              key: `orders:${createHash("sha256")
                .update([...ids].sort().join(","))
                .digest("hex")}:${await ordersState(app.pool, shop, ids)}`,
              selection: ids,
            }
          : { key: `key:${options.key}`, selection: orderIds };
      const queued = await queueBatch(app, shop, ids, request);
      if (queued.kind === "key_reused") {
        throw new BatchKeyReusedError(options.key ?? "", queued.batch.id);
      }
      return queued.kind === "queued" ? shopBatch(queued.batch, Date.now()) : null;
    },
    async batch(batchId, options = {}) {
      const app = await runtime();
      const batch = await loadBatch(app.pool, shop, batchId);
      if (!batch) return null;
      const { settings } = await loadSettings(app.pool, shop);
      const language = options.language ? toLanguage(options.language) : settings.language;
      const orders = await listBatchOrders(app.pool, shop, batchId);
      return {
        ...shopBatch(batch, Date.now()),
        orders: orders.map((order) => shopBatchOrder(order, language)),
      };
    },
    async batches(options = {}) {
      const app = await runtime();
      const batches = await listBatches(app.pool, shop, options.limit ?? 20);
      return batches.map((batch) => shopBatch(batch, Date.now()));
    },
    async batchLabels(batchId, options = {}) {
      const app = await runtime();
      if (!(await loadBatch(app.pool, shop, batchId))) return null;
      const { labelParts: parts } = await batchFiles(app, shop, batchId);
      if (options.part === undefined && parts > 1) throw new BatchLabelPartsError(batchId, parts);
      const part = options.part ?? 1;
      const file = await batchLabelFile(app, shop, batchId, part);
      return file ? { ...shopDocument(file), part, parts } : null;
    },
    async batchProtocols(batchId) {
      const app = await runtime();
      if (!(await loadBatch(app.pool, shop, batchId))) return [];
      const protocols = await batchProtocols(app, shop, batchId);
      return protocols.map((protocol) => ({
        ...shopDocument(protocol),
        service: protocol.service,
      }));
    },
    async courier(batchId) {
      const app = await runtime();
      if (!(await loadBatch(app.pool, shop, batchId))) return null;
      return batchCourier(app, shop, batchId);
    },
    async bookCourier(batchId, service, window) {
      const app = await runtime();
      if (!(await loadBatch(app.pool, shop, batchId))) return null;
      return (await bookBatchCourier(app, shop, batchId, service, window)) ?? null;
    },
    async cancelCourier(batchId, commandId) {
      return (await cancelBatchCourier(await runtime(), shop, batchId, commandId)) ?? null;
    },
    async reckoning(day) {
      return shopReckoning(await runtime(), shop, day);
    },
    async applyRemedy(day, packageId) {
      return (await applyShopRemedy(await runtime(), shop, day, packageId)) ?? null;
    },
    async returns(options = {}) {
      const app = await runtime();
      const { settings } = await loadSettings(app.pool, shop);
      return shopReturns(app, shop, {
        language: options.language ? toLanguage(options.language) : settings.language,
        ...(options.needsAttention === undefined ? {} : { needsAttention: options.needsAttention }),
        ...(options.limit === undefined ? {} : { limit: options.limit }),
      });
    },
    async retryReturn(returnId) {
      const app = await runtime();
      await requireInstalled(app, shop);
      return retryShopReturn(app, shop, returnId);
    },
    async label(orderId) {
      const label = await orderLabel(await runtime(), shop, orderId);
      return label ? { body: label.bytes, contentType: label.contentType } : null;
    },
  };
}
