// The courier for a batch's parcels: when each carrier's courier can come
// (core's courierPickup, asked only for the parcels no booked pickup covers
// yet), booking one slot per carrier, and cancelling it while the service
// allows. One pickup takes at most 100 parcels, so a carrier with more is
// booked as several pickups for the same slot. A booking's key names the
// shop, the batch, the carrier and how many of its pickups were cancelled
// before (core derives each pickup's uuid from it, the slot and the
// parcels), so a double click (or a second instance) books once, and
// booking again after a cancellation is a new command. Parcels the sender
// hands in at a point or locker need no courier: the service says so, and
// they are listed as such.
import {
  bookPickup,
  type CancelledPickup,
  cancelPickup,
  courierPickup,
  type PickupExclusion,
} from "@shipbridge/core";
import type { PickupDate } from "@shipbridge/core/schemas";
import { withAdvisoryLock } from "../store/advisory-lock.ts";
import {
  batchPackages,
  listPickups,
  markPickupCancelled,
  type PickupRow,
  recordPickup,
} from "../store/batches.ts";
import { loadSettings } from "../store/settings.ts";
import { type DayContext, inParts, parcelsPerPickup } from "./day-context.ts";

export interface CarrierCourier {
  readonly service: string;
  /** The batch's parcels of this carrier a courier collects. */
  readonly packageIds: readonly number[];
  /** The pickups booked for them (not cancelled). */
  readonly booked: readonly PickupRow[];
  /** The parcels no booked pickup covers yet. */
  readonly open: readonly number[];
  /** When the courier can come for the open parcels. */
  readonly dates: readonly PickupDate[];
}

export interface BatchCourier {
  readonly carriers: readonly CarrierCourier[];
  /** Parcels handed in at a point or locker: no courier needed. */
  readonly noPickupNeeded: readonly PickupExclusion[];
  /** Parcels no courier can be booked for now (collected, cancelled...), with why. */
  readonly unavailable: readonly PickupExclusion[];
  /** Every pickup booked for the batch, cancelled ones too, oldest first. */
  readonly pickups: readonly PickupRow[];
}

/** The batch's parcels by carrier, as the app recorded them. */
async function parcels(context: DayContext, shop: string, batchId: string) {
  const packages = await batchPackages(context.pool, shop, batchId);
  const services: Record<number, string> = {};
  for (const pkg of packages) if (pkg.service) services[pkg.packageId] = pkg.service;
  return { ids: packages.map((pkg) => pkg.packageId), services };
}

export async function batchCourier(
  context: DayContext,
  shop: string,
  batchId: string,
): Promise<BatchCourier> {
  const { ids, services } = await parcels(context, shop, batchId);
  const pickups = await listPickups(context.pool, shop, batchId);
  const active = pickups.filter((pickup) => !pickup.cancelled);
  const covered = new Set(active.flatMap((pickup) => pickup.packageIds));
  const open = ids.filter((id) => !covered.has(id));
  const { settings } = await loadSettings(context.pool, shop);
  const proposals =
    open.length === 0
      ? { carriers: [], noPickupNeeded: [], unavailable: [] }
      : await courierPickup(context.connections.client(shop), open, {
          services,
          language: settings.language,
        });
  const carrierNames = new Set([
    ...active.map((pickup) => pickup.service),
    ...proposals.carriers.map((carrier) => carrier.service),
  ]);
  const carriers: CarrierCourier[] = [...carrierNames].sort().map((service) => {
    const booked = active.filter((pickup) => pickup.service === service);
    const proposed = proposals.carriers.find((carrier) => carrier.service === service);
    const open = proposed?.packageIds ?? [];
    return {
      service,
      packageIds: [...booked.flatMap((pickup) => pickup.packageIds), ...open],
      booked,
      open,
      dates: proposed?.dates ?? [],
    };
  });
  return {
    carriers,
    noPickupNeeded: proposals.noPickupNeeded,
    unavailable: proposals.unavailable,
    pickups,
  };
}

/**
 * Books the courier of one carrier for the batch's parcels no pickup covers
 * yet, on the chosen day and window (one pickup per 100 parcels); answers
 * the carrier's pickups as they now stand. Undefined when the batch has no
 * parcel of that carrier for a courier.
 */
export async function bookBatchCourier(
  context: DayContext,
  shop: string,
  batchId: string,
  service: string,
  window: { readonly date: string; readonly min_time: string; readonly max_time: string },
): Promise<readonly PickupRow[] | undefined> {
  // One booking of a carrier's courier at a time (a double click reaching two
  // instances): the second sees the first's pickups, not its parcels taken.
  return withAdvisoryLock(
    context.pool,
    `shipbridge-shopify-courier:${shop}:${batchId}:${service}`,
    async () => {
      const courier = await batchCourier(context, shop, batchId);
      const carrier = courier.carriers.find((entry) => entry.service === service);
      if (!carrier) return undefined;
      const cancelledBefore = courier.pickups.filter(
        (pickup) => pickup.service === service && pickup.cancelled,
      ).length;
      const { settings } = await loadSettings(context.pool, shop);
      const client = context.connections.client(shop);
      for (const parcels of inParts(carrier.open, parcelsPerPickup(context))) {
        const booked = await bookPickup(client, parcels, window, {
          key: `${shop}:${batchId}:pickup:${service}:${cancelledBefore}`,
          language: settings.language,
        });
        await recordPickup(context.pool, shop, {
          commandId: booked.commandId,
          batchId,
          service: booked.service || service,
          packageIds: booked.packageIds,
          window: {
            date: booked.window.date,
            from: booked.window.min_time,
            to: booked.window.max_time,
          },
          pickupNumber: booked.pickupNumber,
        });
      }
      const pickups = await listPickups(context.pool, shop, batchId);
      return pickups.filter((pickup) => pickup.service === service && !pickup.cancelled);
    },
  );
}

/** Cancels one of the batch's booked pickups; undefined when the batch has no such pickup. */
export async function cancelBatchCourier(
  context: DayContext,
  shop: string,
  batchId: string,
  commandId: string,
): Promise<CancelledPickup | undefined> {
  const pickups = await listPickups(context.pool, shop, batchId);
  if (!pickups.some((pickup) => pickup.commandId === commandId)) return undefined;
  const { settings } = await loadSettings(context.pool, shop);
  const answer = await cancelPickup(context.connections.client(shop), commandId, {
    language: settings.language,
  });
  if (answer.cancelled) await markPickupCancelled(context.pool, shop, commandId);
  return answer;
}
