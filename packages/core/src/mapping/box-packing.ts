// Packing an order's items into the merchant's boxes: first fit, heaviest
// first. Every unit goes into the first open parcel it fits (its sides within
// the box's, the parcel's weight within the box's and the carrier's limit, and
// the units' summed volume within the box's); when none has room, a parcel is
// opened in the box that takes the most of the unit's remaining quantity (of
// boxes that take as many, the smaller). Since taking the most of one item
// can leave the next without room, the packing is also tried with each box as
// the one every parcel opens in (where the unit fits it), and the plan with
// the fewest parcels, then the least volume, is kept. At the end each parcel
// moves into the smallest box that still holds what it got. Identical units of one item are placed
// together, so an order of 10,000 screws costs no more than one of ten.
//
// A parcel weighs its units and its box (BoxRule.weight): both are declared,
// and both count against the box's rating and the carrier's limit.
//
// Volume is a bound, not a layout: units whose summed volume fits the box are
// taken to fit it. Units without dimensions count by weight alone.
import type { BoxRule, ParcelLimits } from "./parcels-option.ts";
import { ceilKilogramsToGram } from "./units.ts";

/** Identical units of one order item. */
export interface PackingUnit {
  /** The item's index in `order.items`. */
  readonly item: number;
  readonly quantity: number;
  /** Kilograms per unit. */
  readonly weight: number;
  /** Centimetres per unit, longest first; undefined when the store does not know them. */
  readonly sides: readonly [number, number, number] | undefined;
}

/** Units of one item inside one parcel. */
export interface ParcelContent {
  readonly item: number;
  readonly quantity: number;
}

export interface BoxedParcel {
  readonly box: BoxRule;
  readonly contents: readonly ParcelContent[];
  /** Kilograms, the box's own weight included, rounded up to the gram. */
  readonly weight: number;
}

export interface BoxPacking {
  readonly parcels: readonly BoxedParcel[];
  /** Items a single unit of which fits no box: nothing of them was packed. */
  readonly unplaced: readonly number[];
}

/** Floating point slack for comparing centimetres and cubic centimetres. */
const SLACK = 1e-9;

function sidesOf(box: BoxRule): [number, number, number] {
  const sides = [box.width, box.depth, box.height].sort((a, b) => b - a);
  return [sides[0] ?? 0, sides[1] ?? 0, sides[2] ?? 0];
}

function volumeOf(sides: readonly [number, number, number] | undefined): number {
  return sides === undefined ? 0 : sides[0] * sides[1] * sides[2];
}

/** The heaviest parcel a box makes under the carrier's limit, the box included. */
function capacityOf(box: BoxRule, limits: ParcelLimits | undefined): number {
  return Math.min(box.maxWeight, limits?.maxWeight ?? Number.POSITIVE_INFINITY);
}

/** What the empty box weighs, kilograms. */
function tareOf(box: BoxRule): number {
  return box.weight ?? 0;
}

/** The weight declared for a box holding `items` kilograms: both, rounded up to the gram. */
export function boxedWeight(box: BoxRule, items: number): number {
  return ceilKilogramsToGram(items + tareOf(box));
}

/** Whether a box may be sent at all: its longest side within the carrier's limit. */
function usable(box: BoxRule, limits: ParcelLimits | undefined): boolean {
  return sidesOf(box)[0] <= (limits?.maxLength ?? Number.POSITIVE_INFINITY) + SLACK;
}

function sidesFit(box: BoxRule, unit: PackingUnit): boolean {
  if (unit.sides === undefined) return true;
  const room = sidesOf(box);
  return unit.sides.every((side, axis) => side <= (room[axis] ?? 0) + SLACK);
}

interface Load {
  weight: number;
  volume: number;
}

/** How many more units fit a parcel holding `load` (Infinity for weightless, sizeless units). */
function roomFor(
  box: BoxRule,
  limits: ParcelLimits | undefined,
  load: Load,
  unit: PackingUnit,
): number {
  if (!sidesFit(box, unit)) return 0;
  const capacity = capacityOf(box, limits);
  if (boxedWeight(box, load.weight) > capacity) return 0;
  const volume = volumeOf(unit.sides);
  let count = Number.POSITIVE_INFINITY;
  if (unit.weight > 0) {
    count = Math.floor((capacity - tareOf(box) - load.weight) / unit.weight + SLACK);
  }
  if (volume > 0) {
    const free = volumeOf(sidesOf(box)) - load.volume;
    count = Math.min(count, Math.floor(free / volume + SLACK));
  }
  // The weight is declared with the box, rounded up to the gram: never past the capacity.
  while (count > 0 && Number.isFinite(count)) {
    if (boxedWeight(box, load.weight + count * unit.weight) <= capacity) break;
    count--;
  }
  return Math.max(0, count);
}

/** Whether the units fit one box together. */
export function holds(
  box: BoxRule,
  limits: ParcelLimits | undefined,
  units: readonly PackingUnit[],
): boolean {
  if (!usable(box, limits)) return false;
  const load: Load = { weight: 0, volume: 0 };
  for (const unit of units) {
    if (roomFor(box, limits, load, unit) < unit.quantity) return false;
    load.weight += unit.weight * unit.quantity;
    load.volume += volumeOf(unit.sides) * unit.quantity;
  }
  return true;
}

/** The smallest box (by volume, then by load) that holds these units together, if any. */
export function smallestBox(
  boxes: readonly BoxRule[],
  limits: ParcelLimits | undefined,
  units: readonly PackingUnit[],
): BoxRule | undefined {
  return [...boxes]
    .sort((a, b) => volumeOf(sidesOf(a)) - volumeOf(sidesOf(b)) || a.maxWeight - b.maxWeight)
    .find((box) => holds(box, limits, units));
}

interface OpenParcel {
  box: BoxRule;
  load: Load;
  contents: Map<number, number>;
}

/** The box a new parcel opens in for a unit, `remaining` of its units still to place. */
type Opener = (unit: PackingUnit, remaining: number) => BoxRule | undefined;

/** The units in the order first fit places them, each opening parcels with `opener`. */
function firstFit(
  order: readonly PackingUnit[],
  limits: ParcelLimits | undefined,
  opener: Opener,
): { open: OpenParcel[]; unplaced: number[] } {
  const open: OpenParcel[] = [];
  const unplaced: number[] = [];
  for (const unit of order) {
    if (unit.quantity <= 0) continue;
    let remaining = unit.quantity;
    const place = (parcel: OpenParcel, count: number) => {
      parcel.load.weight += unit.weight * count;
      parcel.load.volume += volumeOf(unit.sides) * count;
      parcel.contents.set(unit.item, (parcel.contents.get(unit.item) ?? 0) + count);
      remaining -= count;
    };
    if (opener(unit, remaining) === undefined) {
      unplaced.push(unit.item);
      continue;
    }
    for (const parcel of open) {
      if (remaining === 0) break;
      const count = Math.min(remaining, roomFor(parcel.box, limits, parcel.load, unit));
      if (count > 0) place(parcel, count);
    }
    while (remaining > 0) {
      const box = opener(unit, remaining) as BoxRule;
      const parcel: OpenParcel = { box, load: { weight: 0, volume: 0 }, contents: new Map() };
      open.push(parcel);
      place(parcel, Math.min(remaining, roomFor(box, limits, parcel.load, unit)));
    }
  }
  return { open, unplaced };
}

/** Packs the units into as few boxes as first fit, heaviest first, finds. */
export function packIntoBoxes(
  units: readonly PackingUnit[],
  boxes: readonly BoxRule[],
  limits?: ParcelLimits,
): BoxPacking {
  const candidates = boxes.filter((box) => usable(box, limits));
  const empty: Load = { weight: 0, volume: 0 };
  // A new parcel opens in the box that takes the most of what is left of the
  // unit; of boxes that take as many, the smaller.
  const smallestFirst = [...candidates].sort(
    (a, b) =>
      volumeOf(sidesOf(a)) - volumeOf(sidesOf(b)) || capacityOf(a, limits) - capacityOf(b, limits),
  );
  const mostUnits: Opener = (unit, remaining) => {
    let best: BoxRule | undefined;
    let most = 0;
    for (const box of smallestFirst) {
      const count = Math.min(remaining, roomFor(box, limits, empty, unit));
      if (count > most) {
        best = box;
        most = count;
      }
    }
    return best;
  };
  // Taking the most of one item can leave the next without room: every box
  // is tried as the one parcels open in as well, and the plan with the fewest
  // parcels (then the least volume) is kept.
  const openers: Opener[] = [
    mostUnits,
    ...candidates.map(
      (box): Opener =>
        (unit, remaining) =>
          roomFor(box, limits, empty, unit) >= 1 ? box : mostUnits(unit, remaining),
    ),
  ];
  const order = [...units].sort(
    (a, b) => b.weight - a.weight || volumeOf(b.sides) - volumeOf(a.sides) || a.item - b.item,
  );
  const byItem = new Map(units.map((unit) => [unit.item, unit]));
  let best: { parcels: BoxedParcel[]; unplaced: number[]; volume: number } | undefined;
  for (const opener of openers) {
    const { open, unplaced } = firstFit(order, limits, opener);
    const parcels = open.map((parcel): BoxedParcel => {
      const contents = [...parcel.contents]
        .map(([item, quantity]) => ({ item, quantity }))
        .sort((a, b) => a.item - b.item);
      const held = contents.map((content) => ({
        ...(byItem.get(content.item) as PackingUnit),
        quantity: content.quantity,
      }));
      const box = smallestBox(candidates, limits, held) ?? parcel.box;
      return { box, contents, weight: boxedWeight(box, parcel.load.weight) };
    });
    const volume = parcels.reduce((sum, parcel) => sum + volumeOf(sidesOf(parcel.box)), 0);
    if (
      best === undefined ||
      parcels.length < best.parcels.length ||
      (parcels.length === best.parcels.length && volume < best.volume)
    ) {
      best = { parcels, unplaced, volume };
    }
  }
  return {
    parcels: best?.parcels ?? [],
    unplaced: (best?.unplaced ?? []).sort((a, b) => a - b),
  };
}
