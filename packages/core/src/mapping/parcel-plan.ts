// The parcels of one order: which items go into which parcel, and each
// parcel's size and weight. Without the `parcels` option the whole order is
// one parcel (packing.ts). With boxes, the items are packed into as few of
// them as fit (box-packing.ts); with a split, each hand-made parcel is a
// parcel, sized like a whole order (the usual box grown to its largest item)
// or, when boxes are given too, put into the smallest box that holds it. The
// carrier's limits bound every parcel. Problems are reported at the path the
// merchant fixes: the item (`order.items[2]`: it fits no box, or the split
// places too few or too many of its units) or the hand-made parcel
// (`options.parcels.split[1]`).
import type { RawIssue } from "../validation/index.ts";
import { RULE_CODES } from "../validation/index.ts";
import {
  boxedWeight,
  type PackingUnit,
  type ParcelContent,
  packIntoBoxes,
  smallestBox,
} from "./box-packing.ts";
import { type BoxDimensions, parcelDimensions, sortedSides, totalWeightKg } from "./packing.ts";
import type { ParcelLimits, ParcelsOption, SplitEntry } from "./parcels-option.ts";
import type { StoreOrderItem } from "./store-order.ts";
import { ceilCentimetres, toKilograms } from "./units.ts";

export interface PlannedParcel {
  /** Whole centimetres, width >= depth >= height; undefined when neither a box nor the items tell. */
  readonly dimensions: { width: number; depth: number; height: number } | undefined;
  /** Kilograms, rounded up to the gram. */
  readonly weight: number;
  readonly contents: readonly ParcelContent[];
  /** The option or order field this parcel's size comes from, for messages. */
  readonly source: string;
}

type Report = (path: string, rule: RawIssue["rule"], params?: RawIssue["params"]) => void;

export interface PlanInput {
  readonly items: readonly StoreOrderItem[];
  /** The usual box (options.parcel), when valid. */
  readonly box: BoxDimensions | undefined;
  /** options.parcels, when valid. */
  readonly parcels: ParcelsOption | undefined;
  /** The carrier's name for messages about its limits. */
  readonly carrier: string;
}

function unitsOf(
  items: readonly StoreOrderItem[],
  contents: readonly ParcelContent[],
): PackingUnit[] {
  return contents.map(({ item, quantity }) => {
    const source = items[item] as StoreOrderItem;
    return {
      item,
      quantity,
      weight: toKilograms(source.weight.value, source.weight.unit),
      sides: source.dimensions === undefined ? undefined : sortedSides(source.dimensions),
    };
  });
}

function itemsOf(
  items: readonly StoreOrderItem[],
  contents: readonly ParcelContent[],
): StoreOrderItem[] {
  return contents.map(({ item, quantity }) => ({ ...(items[item] as StoreOrderItem), quantity }));
}

function limitText(limits: ParcelLimits | undefined): string {
  if (limits === undefined) return "";
  const parts: string[] = [];
  if (limits.maxWeight !== undefined) parts.push(`${limits.maxWeight} kg`);
  if (limits.maxLength !== undefined) parts.push(`${limits.maxLength} cm`);
  return parts.join(", ");
}

/** The hand-made parcels as contents, and whether they place every unit exactly once (each miss reported). */
function splitContents(
  items: readonly StoreOrderItem[],
  split: readonly (readonly SplitEntry[])[],
  report: Report,
): { groups: ParcelContent[][]; complete: boolean } {
  const placed = items.map(() => 0);
  const groups = split.map((parcel) => {
    const contents = new Map<number, number>();
    for (const entry of parcel) {
      const item = typeof entry === "number" ? entry : entry.item;
      const quantity = typeof entry === "number" ? (items[item]?.quantity ?? 0) : entry.quantity;
      contents.set(item, (contents.get(item) ?? 0) + quantity);
      placed[item] = (placed[item] ?? 0) + quantity;
    }
    return [...contents].map(([item, quantity]) => ({ item, quantity }));
  });
  let complete = true;
  items.forEach((item, index) => {
    if (placed[index] === item.quantity) return;
    complete = false;
    report(`order.items[${index}]`, RULE_CODES.split_quantity_mismatch, {
      item: index,
      name: item.name,
      placed: placed[index] ?? 0,
      quantity: item.quantity,
    });
  });
  return { groups, complete };
}

/** Reports a parcel past the carrier's limits. */
function checkLimits(parcel: PlannedParcel, input: PlanInput, report: Report): void {
  const limits = input.parcels?.limits;
  if (limits === undefined) return;
  if (limits.maxWeight !== undefined && parcel.weight > limits.maxWeight) {
    report(parcel.source, RULE_CODES.carrier_weight_limit, {
      carrier: input.carrier,
      limit: limits.maxWeight,
      actual: parcel.weight,
    });
  }
  const longest = parcel.dimensions?.width;
  if (limits.maxLength !== undefined && longest !== undefined && longest > limits.maxLength) {
    report(parcel.source, RULE_CODES.carrier_length_limit, {
      carrier: input.carrier,
      limit: limits.maxLength,
      actual: longest,
    });
  }
}

/** A parcel sized like a whole order: the usual box grown to its largest item. */
function sizedByItems(
  input: PlanInput,
  contents: readonly ParcelContent[],
  source: string,
): PlannedParcel {
  const items = itemsOf(input.items, contents);
  return {
    dimensions: parcelDimensions(items, input.box),
    weight: totalWeightKg(items),
    contents,
    source,
  };
}

function boxed(
  box: { width: number; depth: number; height: number },
  weight: number,
  contents: readonly ParcelContent[],
  source: string,
): PlannedParcel {
  const sides = [box.width, box.depth, box.height].sort((a, b) => b - a).map(ceilCentimetres);
  return {
    dimensions: { width: sides[0] ?? 1, depth: sides[1] ?? 1, height: sides[2] ?? 1 },
    weight,
    contents,
    source,
  };
}

/**
 * The hand-made parcels, each sized and checked even when the split
 * misplaces an item, so that every problem is named at once; undefined when
 * any is wrong.
 */
function planSplit(
  input: PlanInput,
  split: readonly (readonly SplitEntry[])[],
  report: Report,
): PlannedParcel[] | undefined {
  const { items, parcels: option } = input;
  const boxes = option?.boxes;
  const { groups, complete } = splitContents(items, split, report);
  const planned: PlannedParcel[] = [];
  let fits = complete;
  groups.forEach((contents, index) => {
    const source = `options.parcels.split[${index}]`;
    if (boxes === undefined) {
      planned.push(sizedByItems(input, contents, source));
      return;
    }
    const units = unitsOf(items, contents);
    const box = smallestBox(boxes, option?.limits, units);
    if (box === undefined) {
      fits = false;
      report(source, RULE_CODES.item_fits_no_box, {
        name: itemsOf(items, contents)
          .map((item) => `${item.quantity}x ${item.name}`)
          .join(", "),
        weight: totalWeightKg(itemsOf(items, contents)),
        limit: limitText(option?.limits),
      });
      return;
    }
    const kilograms = units.reduce((sum, unit) => sum + unit.weight * unit.quantity, 0);
    planned.push(boxed(box, boxedWeight(box, kilograms), contents, source));
  });
  for (const parcel of planned) checkLimits(parcel, input, report);
  return fits ? planned : undefined;
}

/**
 * The order's parcels, or undefined when they cannot be made (each problem
 * reported). Weightless parcels are returned for the caller to refuse.
 */
export function planParcels(input: PlanInput, report: Report): PlannedParcel[] | undefined {
  const { items, parcels: option } = input;
  const boxes = option?.boxes;
  const all: ParcelContent[] = items.map((item, index) => ({
    item: index,
    quantity: item.quantity,
  }));
  if (option?.split !== undefined) return planSplit(input, option.split, report);
  let planned: PlannedParcel[];
  if (boxes !== undefined) {
    const packing = packIntoBoxes(unitsOf(items, all), boxes, option?.limits);
    for (const index of packing.unplaced) {
      const item = items[index] as StoreOrderItem;
      report(`order.items[${index}]`, RULE_CODES.item_fits_no_box, {
        name: item.name,
        weight: toKilograms(item.weight.value, item.weight.unit),
        limit: limitText(option?.limits),
      });
    }
    if (packing.unplaced.length > 0) return undefined;
    planned = packing.parcels.map((parcel) =>
      boxed(parcel.box, parcel.weight, parcel.contents, "options.parcels.boxes"),
    );
  } else {
    planned = [
      sizedByItems(input, all, input.box === undefined ? "order.items" : "options.parcel"),
    ];
  }
  for (const parcel of planned) checkLimits(parcel, input, report);
  return planned;
}
