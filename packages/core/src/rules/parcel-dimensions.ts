// Parcel dimensions are whole centimetres. A fractional value is rounded UP
// (a parcel never shrinks on paper, which would make the carrier re-measure
// and surcharge it), with a warning. Zero, negative and non-finite values are
// errors. A value within floating point noise of a whole number (0.3 m is
// 30.000000000000004 cm in doubles) is that whole number, not one more.
import type { IssueCollector } from "../issues/issue-collector.ts";
import { joinPath } from "../issues/path.ts";
import { RULE_CODES } from "../issues/rule-codes.ts";
import type { Draft } from "./draft.ts";

export const DIMENSION_FIELDS: readonly string[] = Object.freeze(["width", "depth", "height"]);

/** How far from a whole number a value may be and still count as that number (noise). */
const NOISE = 1e-9;

/** The nearest whole number when `value` is only noise away from it (never 0), else undefined. */
function noisyWhole(value: number): number | undefined {
  const nearest = Math.round(value);
  return nearest >= 1 && Math.abs(value - nearest) <= NOISE * value ? nearest : undefined;
}

/** Rounds each fractional dimension of a parcel draft up, or reports it. */
export function checkParcelDimensions(parcel: Draft, path: string, findings: IssueCollector): void {
  for (const field of DIMENSION_FIELDS) {
    const value = parcel[field];
    if (typeof value !== "number") continue;
    if (value > 0 && Number.isInteger(value)) continue; // the common case: nothing to do
    const fieldPath = joinPath(path, field);
    if (!Number.isFinite(value) || value <= 0) {
      findings.error(fieldPath, RULE_CODES.dimension_invalid, { field });
    } else if (!Number.isInteger(value)) {
      const whole = noisyWhole(value);
      if (whole !== undefined) {
        parcel[field] = whole;
        continue;
      }
      const rounded = Math.ceil(value);
      parcel[field] = rounded;
      findings.warn(fieldPath, RULE_CODES.dimension_rounded, { field, from: value, to: rounded });
    }
  }
}
