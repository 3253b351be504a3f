// The `parcels` option of toPackage (and so of shipOrder and shipBatch): how
// an order that does not fit one box becomes one package of several parcels.
// The merchant gives the boxes it ships in (items are packed into as few as
// fit), or splits the items by hand, or both (each hand-made parcel then goes
// into the smallest box that holds it); the carrier's limits bound every
// parcel either way. This file holds the option's shape and its checks, which
// report every problem at its `options.parcels.…` path.
import type { RawIssue } from "../validation/index.ts";
import { RULE_CODES } from "../validation/index.ts";

/**
 * A box the merchant ships in: its outer size in centimetres, the heaviest
 * parcel it makes and what it weighs empty, in kilograms.
 */
export interface BoxRule {
  readonly width: number;
  readonly depth: number;
  readonly height: number;
  /** Kilograms, the box itself included. */
  readonly maxWeight: number;
  /** Kilograms the empty box (with its filling) weighs: declared with the items, and counted against maxWeight and the carrier's limit. Default 0. */
  readonly weight?: number;
}

/**
 * The carrier's limits for one parcel (a price quote names them when it
 * refuses a parcel: carrier_weight_limit, carrier_length_limit).
 */
export interface ParcelLimits {
  /** Heaviest parcel, kilograms. */
  readonly maxWeight?: number;
  /** Longest side, centimetres. */
  readonly maxLength?: number;
}

/** One entry of a hand-made parcel: an item's index in `order.items` (every unit of it), or some units of it. */
export type SplitEntry = number | { readonly item: number; readonly quantity: number };

/**
 * Cash on delivery of an order in several parcels. "first_parcel": the
 * package's COD, which the carrier collects with parcel 1/N (the default).
 * "by_value": each parcel its items' share; the service takes COD for the
 * whole package only, so an order with COD in several parcels is refused
 * with cod_split_unsupported.
 */
export type CodSplit = "first_parcel" | "by_value";

export const COD_SPLITS: readonly CodSplit[] = ["first_parcel", "by_value"];

export interface ParcelsOption {
  /** The boxes the merchant ships in; items are packed into as few as fit (first fit, heaviest first). */
  readonly boxes?: readonly BoxRule[];
  /** Parcels made by hand: the items of each parcel, by index in `order.items`. */
  readonly split?: readonly (readonly SplitEntry[])[];
  /** The carrier's limits; every parcel must keep within them. */
  readonly limits?: ParcelLimits;
  /** Where cash on delivery goes when the order ships as several parcels. Default "first_parcel". */
  readonly cod?: CodSplit;
}

type Report = (path: string, rule: RawIssue["rule"], params?: RawIssue["params"]) => void;

const BOX_SIDES = ["width", "depth", "height"] as const;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isPositive(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && value > 0;
}

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value > 0;
}

/** An item index of `order.items`. */
function checkItemIndex(value: unknown, itemCount: number, path: string, report: Report): boolean {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
    report(path, RULE_CODES.invalid_type, { expected: "int" });
    return false;
  }
  if (value >= itemCount) {
    report(path, RULE_CODES.too_big, {
      maximum: itemCount - 1,
      origin: "number",
      inclusive: "yes",
    });
    return false;
  }
  return true;
}

function checkBoxes(value: unknown, report: Report): void {
  const path = "options.parcels.boxes";
  if (!Array.isArray(value)) {
    report(path, RULE_CODES.invalid_type, { expected: "array" });
    return;
  }
  if (value.length === 0) {
    report(path, RULE_CODES.too_small, { minimum: 1, origin: "array" });
    return;
  }
  value.forEach((box: unknown, index) => {
    const at = `${path}[${index}]`;
    if (!isObject(box)) {
      report(at, RULE_CODES.invalid_type, { expected: "object" });
      return;
    }
    for (const side of BOX_SIDES) {
      if (!isPositive(box[side]))
        report(`${at}.${side}`, RULE_CODES.dimension_invalid, { field: side });
    }
    if (!isPositive(box["maxWeight"])) report(`${at}.maxWeight`, RULE_CODES.weight_invalid);
    const tare = box["weight"];
    if (tare !== undefined) {
      if (typeof tare !== "number" || !Number.isFinite(tare) || tare < 0) {
        report(`${at}.weight`, RULE_CODES.weight_invalid);
      } else if (isPositive(box["maxWeight"]) && tare >= box["maxWeight"]) {
        // An empty box as heavy as its rating leaves no room for anything.
        report(`${at}.weight`, RULE_CODES.too_big, {
          maximum: box["maxWeight"],
          origin: "number",
          inclusive: "no",
        });
      }
    }
    for (const key of Object.keys(box)) {
      if (![...BOX_SIDES, "maxWeight", "weight"].includes(key))
        report(`${at}.${key}`, RULE_CODES.unknown_field, { field: key });
    }
  });
}

function checkSplit(value: unknown, itemCount: number, report: Report): void {
  const path = "options.parcels.split";
  if (!Array.isArray(value)) {
    report(path, RULE_CODES.invalid_type, { expected: "array" });
    return;
  }
  if (value.length === 0) {
    report(path, RULE_CODES.too_small, { minimum: 1, origin: "array" });
    return;
  }
  value.forEach((parcel: unknown, index) => {
    const at = `${path}[${index}]`;
    if (!Array.isArray(parcel)) {
      report(at, RULE_CODES.invalid_type, { expected: "array" });
      return;
    }
    if (parcel.length === 0) report(at, RULE_CODES.too_small, { minimum: 1, origin: "array" });
    parcel.forEach((entry: unknown, position) => {
      const entryAt = `${at}[${position}]`;
      if (typeof entry === "number") {
        checkItemIndex(entry, itemCount, entryAt, report);
      } else if (isObject(entry)) {
        checkItemIndex(entry["item"], itemCount, `${entryAt}.item`, report);
        if (!isCount(entry["quantity"])) {
          report(`${entryAt}.quantity`, RULE_CODES.invalid_type, { expected: "int" });
        }
        for (const key of Object.keys(entry)) {
          if (key !== "item" && key !== "quantity")
            report(`${entryAt}.${key}`, RULE_CODES.unknown_field, { field: key });
        }
      } else {
        report(entryAt, RULE_CODES.invalid_type, { expected: "int" });
      }
    });
  });
}

function checkLimits(value: unknown, report: Report): void {
  const path = "options.parcels.limits";
  if (!isObject(value)) {
    report(path, RULE_CODES.invalid_type, { expected: "object" });
    return;
  }
  if (value["maxWeight"] !== undefined && !isPositive(value["maxWeight"])) {
    report(`${path}.maxWeight`, RULE_CODES.weight_invalid);
  }
  if (value["maxLength"] !== undefined && !isPositive(value["maxLength"])) {
    report(`${path}.maxLength`, RULE_CODES.dimension_invalid, { field: "maxLength" });
  }
  for (const key of Object.keys(value)) {
    if (key !== "maxWeight" && key !== "maxLength")
      report(`${path}.${key}`, RULE_CODES.unknown_field, { field: key });
  }
}

/** What the checks leave of `options.parcels` to plan the parcels with. */
export interface CheckedParcelsOption {
  /**
   * Whether parcels can be planned at all: false when the split, or (without
   * a split) the boxes, the plan stands on are wrong.
   */
  readonly plannable: boolean;
  /** The parts without a problem (a wrong part is left out, so the others are still checked). */
  readonly usable: ParcelsOption | undefined;
}

/**
 * Reports every problem of `options.parcels` (its shape only: whether the
 * items fit is the packing's to say), and keeps the parts without a problem,
 * so that the plan can still name the problems of those (a split that
 * misplaces an item, a parcel past the carrier's limit) in the same answer.
 */
export function checkParcelsOption(
  value: unknown,
  itemCount: number,
  report: Report,
): CheckedParcelsOption {
  if (value === undefined) return { plannable: true, usable: undefined };
  if (!isObject(value)) {
    report("options.parcels", RULE_CODES.invalid_type, { expected: "object" });
    return { plannable: true, usable: undefined };
  }
  /** Checks one part; true when it reported nothing. */
  const clean = (check: (counting: Report) => void): boolean => {
    let problems = 0;
    check((path, rule, params) => {
      problems++;
      report(path, rule, params);
    });
    return problems === 0;
  };
  const boxes = value["boxes"] === undefined || clean((r) => checkBoxes(value["boxes"], r));
  const split =
    value["split"] === undefined || clean((r) => checkSplit(value["split"], itemCount, r));
  const limits = value["limits"] === undefined || clean((r) => checkLimits(value["limits"], r));
  const cod =
    value["cod"] === undefined || (COD_SPLITS as readonly unknown[]).includes(value["cod"]);
  if (!cod) {
    report("options.parcels.cod", RULE_CODES.invalid_value, { allowed: COD_SPLITS.join(", ") });
  }
  for (const key of Object.keys(value)) {
    if (!["boxes", "split", "limits", "cod"].includes(key)) {
      report(`options.parcels.${key}`, RULE_CODES.unknown_field, { field: key });
    }
  }
  const option = value as ParcelsOption;
  const usable: ParcelsOption = {
    ...(boxes && option.boxes !== undefined ? { boxes: option.boxes } : {}),
    ...(split && option.split !== undefined ? { split: option.split } : {}),
    ...(limits && option.limits !== undefined ? { limits: option.limits } : {}),
    ...(cod && option.cod !== undefined ? { cod: option.cod } : {}),
  };
  // The parcels stand on the split when there is one, else on the boxes.
  const plannable = option.split !== undefined ? split : boxes;
  return { plannable, usable };
}
