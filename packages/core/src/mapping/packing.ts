// The packing policy: how the items of one order become parcels. The default
// puts the whole order in ONE parcel:
// - weight: the sum over items of unit weight x quantity, in kilograms,
//   rounded up to the gram (never under-declared);
// - dimensions: the smallest box that holds the largest item in any
//   orientation and is at least as large as the configured default box, i.e.
//   per axis the maximum of the default box and every item, each with its
//   sides sorted longest first, converted to centimetres and rounded UP to
//   whole centimetres. So width >= depth >= height.
// It does not try to fit several items together: a store that knows better
// configures its usual box (`parcel`), or gives its boxes and limits in
// `parcels` (parcel-plan.ts), which may make several parcels of one order.
import type { StoreDimensions, StoreOrderItem } from "./store-order.ts";
import { ceilCentimetres, ceilKilogramsToGram, toCentimetres, toKilograms } from "./units.ts";

/** A box in centimetres (any positive numbers; they are rounded up to whole cm). */
export interface BoxDimensions {
  readonly width: number;
  readonly depth: number;
  readonly height: number;
}

export interface PackedParcel {
  /** Whole centimetres, width >= depth >= height. */
  readonly width: number;
  readonly depth: number;
  readonly height: number;
  /** Kilograms, rounded up to the gram. */
  readonly weight: number;
}

/** Total weight of the items in kilograms: unit weight x quantity, summed, rounded up to the gram. */
export function totalWeightKg(items: readonly StoreOrderItem[]): number {
  let kilograms = 0;
  for (const item of items) {
    kilograms += toKilograms(item.weight.value, item.weight.unit) * item.quantity;
  }
  return ceilKilogramsToGram(kilograms);
}

/** An item's sides in centimetres, longest first. */
export function sortedSides(dimensions: StoreDimensions): [number, number, number] {
  const sides = [dimensions.length, dimensions.width, dimensions.height]
    .map((side) => toCentimetres(side, dimensions.unit))
    .sort((a, b) => b - a);
  return [sides[0] ?? 0, sides[1] ?? 0, sides[2] ?? 0];
}

/**
 * The box dimensions in whole centimetres (width >= depth >= height), or
 * undefined when neither a default box nor any item dimensions are known.
 */
export function parcelDimensions(
  items: readonly StoreOrderItem[],
  defaultBox: BoxDimensions | undefined,
): { width: number; depth: number; height: number } | undefined {
  const boxes: [number, number, number][] = [];
  if (defaultBox !== undefined) {
    const sides = [defaultBox.width, defaultBox.depth, defaultBox.height].sort((a, b) => b - a);
    boxes.push([sides[0] ?? 0, sides[1] ?? 0, sides[2] ?? 0]);
  }
  for (const item of items) {
    if (item.dimensions !== undefined) boxes.push(sortedSides(item.dimensions));
  }
  if (boxes.length === 0) return undefined;
  const largest = [0, 0, 0];
  for (const box of boxes) {
    for (let axis = 0; axis < 3; axis++) {
      largest[axis] = Math.max(largest[axis] ?? 0, box[axis] ?? 0);
    }
  }
  return {
    width: ceilCentimetres(largest[0] ?? 0),
    depth: ceilCentimetres(largest[1] ?? 0),
    height: ceilCentimetres(largest[2] ?? 0),
  };
}
