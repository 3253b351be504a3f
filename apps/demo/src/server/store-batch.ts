// What the demo asks of each store for the shipping day, whatever the store:
// start the store's own batch for some of its orders (the same key always
// finds the same batch), how it stands, and the day's files and courier for
// it, and the store's reckoning of a day. The Shopify app and the Medusa
// plugin each implement it through their own batch API; the demo ships
// nothing itself.
import { ShipbridgeError } from "@shipbridge/core";
import type { Language } from "./language.ts";

export type StoreName = "shopify" | "medusa";
export const STORES: readonly StoreName[] = ["shopify", "medusa"];
export const isStore = (value: unknown): value is StoreName =>
  value === "shopify" || value === "medusa";

/** A batch that has bought no parcel yet has no labels or protocol. */
export class NoFileError extends ShipbridgeError {
  override readonly name = "NoFileError";
  readonly store: StoreName;
  constructor(store: StoreName) {
    super("no_file", `The ${store} batch has bought no parcel yet.`);
    this.store = store;
  }
}

/** A file a store made for a batch. */
export interface DemoFile {
  readonly body: Uint8Array;
  readonly contentType: string;
  readonly filename: string;
}

/** The label file's format: one A6 page per parcel, four labels per A4 page, or ZPL. */
export type LabelFormat = "a6" | "a4" | "zpl";
export const LABEL_FORMATS: readonly LabelFormat[] = ["a6", "a4", "zpl"];

/**
 * Where one order of a store's batch is: still `shipping`, `shipped`, or
 * `failed` (with the store's problems), or `skipped` (cancelled or shipped
 * already when the batch came to it).
 */
export type StoreOrderOutcome = "shipping" | "shipped" | "failed" | "skipped";

export interface StoreBatchOrder {
  readonly orderId: string;
  readonly outcome: StoreOrderOutcome;
  readonly packageId: string | null;
  readonly service: string | null;
  readonly problems: readonly { path: string; rule: string; message: string }[];
}

export interface StoreBatchState {
  /** The store's own id of the batch. */
  readonly id: string;
  readonly total: number;
  readonly shipped: number;
  readonly failed: number;
  readonly skipped: number;
  readonly finished: boolean;
  /** The store's own bar (any unit): how far it is. */
  readonly progress: { readonly value: number; readonly max: number };
  /** The store's estimate of the time left, once it has one. */
  readonly remainingMs: number | null;
  readonly orders: readonly StoreBatchOrder[];
}

/** A day and window a courier can come. */
export interface PickupSlot {
  readonly date: string;
  readonly from: string | null;
  readonly to: string | null;
}

export interface CourierBooking {
  readonly id: string;
  readonly service: string;
  readonly slot: PickupSlot;
  readonly pickupNumber: string | null;
  readonly cancelled: boolean;
}

/** The courier for a store's batch: per carrier its parcels and slots; lockers and points need none. */
export interface CourierView {
  readonly carriers: readonly {
    readonly service: string;
    readonly packageIds: readonly string[];
    readonly slots: readonly PickupSlot[];
    /** The booking of this carrier for the batch, once booked. */
    readonly booking: CourierBooking | null;
  }[];
  readonly noPickupNeeded: readonly {
    readonly packageId: string;
    readonly service: string;
    readonly reason: string;
  }[];
}

/** One paid package of the day beside its order, with what is wrong and its remedy. */
export interface ReckoningRow {
  readonly packageId: string;
  readonly orderId: string | null;
  readonly orderName: string | null;
  readonly service: string | null;
  readonly paid: { readonly amount: number; readonly currency: string } | null;
  readonly orderState: string;
  /** `no_order`, `second_package`, `cancelled_order_paid`. */
  readonly flags: readonly string[];
  /** What fixes it, in words, when something is wrong. */
  readonly remedy: string | null;
}

export interface ReckoningView {
  readonly rows: readonly ReckoningRow[];
  readonly total: { readonly amount: number; readonly currency: string } | null;
}

export interface StoreBatches {
  readonly store: StoreName;
  /**
   * Starts the store's batch of `orderIds` under `key`, or finds the one the
   * same key started before (a repeat, a restart); null when none of the
   * orders can ship now.
   */
  start(key: string, orderIds: readonly string[]): Promise<string | null>;
  /** The batch as it stands; undefined when the store does not know it. */
  state(batchId: string, language: Language): Promise<StoreBatchState | undefined>;
  /** The batch's labels in one file. */
  labels(batchId: string, format: LabelFormat): Promise<DemoFile>;
  /** The handover protocols of the batch: one per carrier. */
  protocols(batchId: string): Promise<readonly (DemoFile & { readonly service: string })[]>;
  courier(batchId: string, language: Language): Promise<CourierView>;
  book(batchId: string, service: string, slot: PickupSlot): Promise<CourierBooking>;
  cancelBooking(batchId: string, bookingId: string): Promise<CourierBooking>;
  /** The store's reckoning of a day (YYYY-MM-DD, the service's day). */
  reckoning(day: string, language: Language): Promise<ReckoningView>;
}
