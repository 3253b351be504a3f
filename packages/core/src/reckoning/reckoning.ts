// The day's reckoning: every package paid on the account in a date range,
// beside the store order it was bought for (by the reference shipOrder and
// shipBatch give it, `${storeId}:${orderId}`), with what looks wrong flagged
// and its one-step remedy, and the totals paid per store.
//
// Flags:
// - no_order: the store has no order of that id (the package was bought for
//   an order the store does not know);
// - second_package: the order has an earlier paid package already (the one
//   with the lowest id is the order's, as shipOrder keeps it);
// - cancelled_order_paid: the store cancelled the order, but its package is
//   still paid.
// A flagged package the service says can be cancelled gets the remedy
// { action: "cancel_package" }, which applyRemedy runs (the service refunds
// a cancelled package's price); any other gets a note saying why not
// (remedy-or-note.ts).

/** How the store sees an order: open (not shipped yet), shipped, cancelled, or unknown (it has none). */
export type StoreOrderStatus = "open" | "shipped" | "cancelled" | "unknown";

export const RECKONING_FLAGS = ["no_order", "second_package", "cancelled_order_paid"] as const;
export type ReckoningFlag = (typeof RECKONING_FLAGS)[number];

/** Cancel the package (and so get its price refunded): run it with applyRemedy. */
export interface CancelPackageRemedy {
  readonly action: "cancel_package";
  readonly packageId: number;
  /** The store and order the package was bought for (its reference): applyRemedy checks them again. */
  readonly storeId: string;
  readonly orderId: string;
  /** The flag the remedy answers. */
  readonly reason: ReckoningFlag;
  /** The cancel command's uuid, derived from the package and the reason: applying it twice cancels once. */
  readonly commandId: string;
}

export type Remedy = CancelPackageRemedy;

/** What the package cost, as the service priced it (or the carrier adjusted it). */
export interface PaidAmount {
  /** Major units (złoty), as the service gives them: the adjusted price once there is one. */
  readonly gross: number;
  readonly net: number;
  readonly currency: string;
  /** Whether the carrier adjusted the price since (pricing.adjusted_price), e.g. after re-measuring a parcel. */
  readonly adjusted: boolean;
}

export interface ReckoningRow {
  readonly packageId: number;
  readonly reference: string | null;
  /** The store and order the reference names; absent when it names none. */
  readonly storeId?: string;
  readonly orderId?: string;
  readonly service: string;
  readonly state: string;
  /** When the package was ordered (paid), as the service writes it. */
  readonly orderedAt: string;
  readonly paid: PaidAmount;
  /** How the store sees the order; "none" when the reference names no store order. */
  readonly order: StoreOrderStatus | "none";
  readonly flags: readonly ReckoningFlag[];
  readonly remedy?: Remedy;
  /** Why a flagged package has no remedy (the courier has collected it, a cancellation is under way, the service does not say). */
  readonly note?: string;
}

/** What one store paid in the range (storeId null: packages that name no store). */
export interface StoreTotal {
  readonly storeId: string | null;
  readonly currency: string;
  readonly packages: number;
  /** Major units, summed in minor units so no cent is lost. */
  readonly gross: number;
  readonly net: number;
  readonly flagged: number;
}

export interface Reckoning {
  /** The range, as instants (ISO 8601): from inclusive, to exclusive. */
  readonly from: string;
  readonly to: string;
  /** Every paid package of the range, oldest order first. */
  readonly rows: readonly ReckoningRow[];
  readonly totals: readonly StoreTotal[];
  /** Rows with at least one flag. */
  readonly flagged: number;
}
