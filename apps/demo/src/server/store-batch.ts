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

/** A courier booked for some of a batch's parcels. */
export interface CourierBooking {
  /** The store's id of the booking (the pickup command's). */
  readonly id: string;
  readonly service: string;
  readonly slot: PickupSlot;
  readonly packageIds: readonly string[];
  readonly pickupNumber: string | null;
  readonly cancelled: boolean;
}

/** The courier for a store's batch: per carrier its parcels, bookings and slots; lockers and points need none. */
export interface CourierView {
  readonly carriers: readonly {
    readonly service: string;
    readonly packageIds: readonly string[];
    /** The live bookings of this carrier for the batch. */
    readonly bookings: readonly CourierBooking[];
    /** Its parcels no booking covers yet, and when a courier can come for them. */
    readonly open: readonly string[];
    readonly slots: readonly PickupSlot[];
  }[];
  /** Parcels handed in at a point or locker by the sender. */
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
  /** How the store sees the order: open, shipped, cancelled, unknown, or none. */
  readonly order: string;
  /** `no_order`, `second_package`, `cancelled_order_paid`. */
  readonly flags: readonly string[];
  /** The one-step remedy the store offers (cancel the package and get it refunded). */
  readonly remedy: "cancel_package" | null;
  /** Why a flagged package has no remedy. */
  readonly note: string | null;
}

export interface ReckoningView {
  readonly rows: readonly ReckoningRow[];
  readonly total: { readonly amount: number; readonly currency: string } | null;
}

/** Whether a booking was cancelled, and why not when it was not. */
export interface CancelOutcome {
  readonly cancelled: boolean;
  readonly reason: string | null;
}

/** Whether a remedy was applied (the package cancelled and refunded), and why not. */
export interface RemedyOutcome {
  readonly applied: boolean;
  readonly problem: string | null;
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
  courier(batchId: string): Promise<CourierView>;
  /** Books one carrier's courier for the batch's parcels no booking covers yet. */
  book(batchId: string, service: string, slot: PickupSlot): Promise<readonly CourierBooking[]>;
  /** Cancels a booking while the service allows (a refusal says why). */
  cancelBooking(batchId: string, bookingId: string): Promise<CancelOutcome>;
  /** The store's reckoning of a day (YYYY-MM-DD). */
  reckoning(day: string): Promise<ReckoningView>;
  /** Runs the remedy the day's reckoning offers for a package. */
  applyRemedy(day: string, packageId: string): Promise<RemedyOutcome>;
}
