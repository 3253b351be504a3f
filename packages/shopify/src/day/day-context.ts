// What the shipping day's work needs from the app (the database, the
// shipping connections and the configuration's limits), and how a batch's
// parcels are split into files and pickups: the service makes one file of
// at most DOCUMENTS_PACKAGES_MAX packages and books one pickup of at most
// PICKUP_PACKAGES_MAX, so a larger batch gets numbered parts.
import { DOCUMENTS_PACKAGES_MAX, PICKUP_PACKAGES_MAX } from "@shipbridge/core/schemas";
import type pg from "pg";
import type { ShopifyAppConfig } from "../config/app-config.ts";
import type { ShippingConnections } from "../shipping/connections.ts";

export interface DayContext {
  readonly pool: pg.Pool;
  readonly connections: ShippingConnections;
  readonly config: Pick<ShopifyAppConfig, "batch">;
}

/** Parcels in one file of labels or one protocol (the service's limit, or less as configured). */
export function parcelsPerFile(context: DayContext): number {
  const given = context.config.batch?.parcelsPerFile;
  return given === undefined ? DOCUMENTS_PACKAGES_MAX : clamp(given, DOCUMENTS_PACKAGES_MAX);
}

/** Parcels in one courier pickup (the service's limit, or less as configured). */
export function parcelsPerPickup(context: DayContext): number {
  const given = context.config.batch?.parcelsPerPickup;
  return given === undefined ? PICKUP_PACKAGES_MAX : clamp(given, PICKUP_PACKAGES_MAX);
}

function clamp(value: number, max: number): number {
  return Math.min(max, Math.max(1, Math.floor(value)));
}

/** `items` in parts of `size`, in order (none for no items). */
export function inParts<T>(items: readonly T[], size: number): T[][] {
  const parts: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    parts.push(items.slice(start, start + size));
  }
  return parts;
}
