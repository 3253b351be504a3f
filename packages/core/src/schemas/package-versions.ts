// Converters between the two API versions of a package. v1 keeps `type` on
// the package; v2 keeps it on every parcel. v1 -> v2 always works. v2 -> v1
// works only when every parcel has the same type; otherwise the result names
// the first parcel that differs (`parcels[i].type`), as an Issue the caller can
// report like any other invalid field. Inputs are never mutated.
import type { Issue } from "../issues/issue.ts";
import { RULE_CODES } from "../issues/rule-codes.ts";
import type { PackageV1, PackageV2 } from "./package.ts";
import type { PackageType, ParcelV1, ParcelV2 } from "./parcel.ts";

/** The value, or the Issue (its message in English) that stops the conversion. */
export type PackageConversionResult<T> = { ok: true; value: T } | { ok: false; issue: Issue };

/** Moves the package's `type` into every parcel. */
export function packageV1ToV2(pkg: PackageV1): PackageV2 {
  const { type, parcels, ...rest } = pkg;
  return { ...rest, parcels: parcels.map((parcel): ParcelV2 => ({ ...parcel, type })) };
}

/** Lifts the parcels' shared `type` onto the package, or says which parcel differs. */
export function packageV2ToV1(pkg: PackageV2): PackageConversionResult<PackageV1> {
  const { parcels, ...rest } = pkg;
  const first = parcels[0];
  if (first === undefined) {
    return {
      ok: false,
      issue: {
        path: "parcels",
        rule: RULE_CODES.too_small,
        message: "A package needs at least one parcel",
      },
    };
  }
  const type: PackageType = first.type;
  const v1Parcels: ParcelV1[] = [];
  for (const [index, parcel] of parcels.entries()) {
    if (parcel.type !== type) {
      return {
        ok: false,
        issue: {
          path: `parcels[${index}].type`,
          rule: RULE_CODES.invalid_value,
          message: `parcels[${index}].type is "${parcel.type}" but parcels[0].type is "${type}"; API v1 allows one type per package`,
        },
      };
    }
    const { type: _type, ...v1Parcel } = parcel;
    v1Parcels.push(v1Parcel);
  }
  return { ok: true, value: { ...rest, type, parcels: v1Parcels } };
}
