// The courier for a batch's parcels: when each carrier's courier can come
// (core's courierPickup, asked only for the parcels no booked pickup covers
// yet), booking one slot per carrier, and cancelling it while the service
// allows. A booking's key names the shop, the batch, the carrier and how
// many of its pickups were cancelled before, so a double click (or a second
// instance) books once, and booking again after a cancellation is a new
// command. Parcels the sender hands in at a point or locker need no
// courier: the service says so, and they are listed as such.
import {
  type BookedPickup,
  bookPickup,
  type CancelledPickup,
  cancelPickup,
  courierPickup,
  type PickupExclusion,
} from "@shipbridge/core";
import type { PickupDate } from "@shipbridge/core/schemas";
import {
  batchPackages,
  listPickups,
  markPickupCancelled,
  type PickupRow,
  recordPickup,
} from "../store/batches.ts";
import { loadSettings } from "../store/settings.ts";
import type { DayContext } from "./batch-documents.ts";

export interface CarrierCourier {
  readonly service: string;
  /** The batch's parcels of this carrier a courier collects. */
  readonly packageIds: readonly number[];
  /** The booked pickup, when there is one (not cancelled). */
  readonly booked: PickupRow | undefined;
  /** When the courier can come, while none is booked. */
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
  const carriers: CarrierCourier[] = [
    ...active.map((pickup) => ({
      service: pickup.service,
      packageIds: pickup.packageIds,
      booked: pickup,
      dates: [],
    })),
    ...proposals.carriers
      .filter((carrier) => !active.some((pickup) => pickup.service === carrier.service))
      .map((carrier) => ({ ...carrier, booked: undefined })),
  ].sort((a, b) => a.service.localeCompare(b.service));
  return {
    carriers,
    noPickupNeeded: proposals.noPickupNeeded,
    unavailable: proposals.unavailable,
    pickups,
  };
}

/**
 * Books the courier of one carrier for the batch's parcels on the chosen day
 * and window; the pickup already booked for that carrier, when there is one.
 * Undefined when the batch has no parcel of that carrier a courier collects.
 */
export async function bookBatchCourier(
  context: DayContext,
  shop: string,
  batchId: string,
  service: string,
  window: { readonly date: string; readonly min_time: string; readonly max_time: string },
): Promise<PickupRow | BookedPickup | undefined> {
  const courier = await batchCourier(context, shop, batchId);
  const carrier = courier.carriers.find((entry) => entry.service === service);
  if (!carrier) return undefined;
  if (carrier.booked) return carrier.booked;
  const before = courier.pickups.filter((pickup) => pickup.service === service).length;
  const { settings } = await loadSettings(context.pool, shop);
  const booked = await bookPickup(context.connections.client(shop), carrier.packageIds, window, {
    key: `${shop}:${batchId}:pickup:${service}:${before}`,
    language: settings.language,
  });
  await recordPickup(context.pool, shop, {
    commandId: booked.commandId,
    batchId,
    service: booked.service || service,
    packageIds: booked.packageIds,
    window: { date: booked.window.date, from: booked.window.min_time, to: booked.window.max_time },
    pickupNumber: booked.pickupNumber,
  });
  return booked;
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
