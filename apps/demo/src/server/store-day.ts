// The shipping day's answers of core, as a store passes them on, in the
// demo's store-neutral shapes: a proposed pickup date as a slot, a booked
// pickup as a booking, and core's reckoning as rows with the order's name.
import type { Reckoning } from "@shipbridge/core";
import { ShipbridgeError } from "@shipbridge/core";
import type { PickupDate } from "@shipbridge/core/schemas";
import type { CourierBooking, PickupSlot, ReckoningView, StoreName } from "./store-batch.ts";

/** A batch with no parcel of that carrier for a courier, or no such booking. */
export class NoCourierError extends ShipbridgeError {
  override readonly name = "NoCourierError";
  readonly store: StoreName;
  readonly what: string;
  constructor(store: StoreName, what: string) {
    super("no_courier", `The ${store} batch has nothing for a courier of ${what}.`);
    this.store = store;
    this.what = what;
  }
}

export function slotOf(date: PickupDate): PickupSlot {
  return { date: date.date, from: date.min_time ?? null, to: date.max_time ?? null };
}

/** A pickup as a store keeps it (the command, its carrier, parcels, window). */
export interface KeptPickup {
  readonly commandId: string;
  readonly service: string;
  readonly packageIds: readonly number[];
  readonly window: { readonly date: string; readonly from: string; readonly to: string };
  readonly pickupNumber?: string | undefined;
  readonly cancelled: boolean;
}

export function booking(pickup: KeptPickup): CourierBooking {
  return {
    id: pickup.commandId,
    service: pickup.service,
    slot: {
      date: pickup.window.date,
      from: pickup.window.from || null,
      to: pickup.window.to || null,
    },
    packageIds: pickup.packageIds.map(String),
    pickupNumber: pickup.pickupNumber ?? null,
    cancelled: pickup.cancelled,
  };
}

/** Core's reckoning of one store, with each order's name as the store shows it. */
export function reckoningView(
  reckoning: Reckoning,
  nameOf: (orderId: string) => string | null,
): ReckoningView {
  const rows = reckoning.rows.map((row) => ({
    packageId: String(row.packageId),
    orderId: row.orderId ?? null,
    orderName: row.orderId ? nameOf(row.orderId) : null,
    service: row.service || null,
    paid: { amount: row.paid.gross, currency: row.paid.currency },
    order: row.order,
    flags: [...row.flags],
    remedy: row.remedy ? ("cancel_package" as const) : null,
    note: row.note ?? null,
  }));
  const totals = reckoning.totals.filter((total) => total.packages > 0);
  const amount = Math.round(totals.reduce((sum, total) => sum + total.gross * 100, 0)) / 100;
  return {
    rows,
    total: totals[0] ? { amount, currency: totals[0].currency } : null,
  };
}
