// Unit conversion for order items: weights to kilograms and lengths to
// centimetres. The service takes kilograms and whole centimetres; stores give
// grams (Shopify), pounds, ounces, millimetres or inches.
import type { LengthUnit, WeightUnit } from "./store-order.ts";

/** Exact factors (international avoirdupois pound and ounce, international inch). */
const KILOGRAMS_PER: Record<WeightUnit, number> = {
  g: 0.001,
  kg: 1,
  lb: 0.453_592_37,
  oz: 0.028_349_523_125,
};

const CENTIMETRES_PER: Record<LengthUnit, number> = {
  mm: 0.1,
  cm: 1,
  m: 100,
  in: 2.54,
};

/**
 * Guards against binary floating point noise before rounding: 0.1 m is
 * 10.000000000000002 cm in doubles, which must stay 10 cm, not become 11.
 */
const EPSILON = 1e-9;

export function toKilograms(value: number, unit: WeightUnit): number {
  return value * KILOGRAMS_PER[unit];
}

export function toCentimetres(value: number, unit: LengthUnit): number {
  return value * CENTIMETRES_PER[unit];
}

/** Rounds a length in centimetres up to whole centimetres (never down), at least 1. */
export function ceilCentimetres(centimetres: number): number {
  const rounded = Math.round(centimetres);
  const whole = Math.abs(centimetres - rounded) < EPSILON ? rounded : Math.ceil(centimetres);
  return Math.max(1, whole);
}

/**
 * Rounds a weight in kilograms up to the gram, so a summed weight never
 * under-declares (under-declared weight is surcharged by carriers) and never
 * carries floating point noise such as 1.2000000000000002.
 */
export function ceilKilogramsToGram(kilograms: number): number {
  const grams = kilograms * 1000;
  const rounded = Math.round(grams);
  const whole = Math.abs(grams - rounded) < EPSILON * 1000 ? rounded : Math.ceil(grams);
  return whole / 1000;
}
