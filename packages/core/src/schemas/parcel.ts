// The package type and one parcel of a shipment, in both API versions. In v1
// the type sits on the package; in v2 it moves into every parcel (spec 9.2).
//
// Dimensions (cm) and weight (kg) are positive numbers here. The service wants
// whole centimetres: rounding up is the rules module's job, so a merchant's
// 10.2 cm is still accepted by the schema. value (declared value, in the
// package's currency) may be 0. quantity counts identical parcels (pallets).
import { z } from "zod";
import { lazy } from "./lazy-schema.ts";

export const PACKAGE_TYPES = ["package", "dox", "pallet"] as const;
export const PackageTypeSchema = lazy(() => z.enum(PACKAGE_TYPES));
export type PackageType = z.infer<typeof PackageTypeSchema>;

const parcelShape = lazy(() => ({
  width: z.number().positive(),
  depth: z.number().positive(),
  height: z.number().positive(),
  weight: z.number().positive(),
  value: z.number().nonnegative().optional(),
  description: z.string().optional(),
  quantity: z.number().int().positive().optional(),
}));

export const ParcelV1Schema = lazy(() => z.strictObject({ ...parcelShape }));
export type ParcelV1 = z.infer<typeof ParcelV1Schema>;

export const ParcelV2Schema = lazy(() =>
  z.strictObject({ ...parcelShape, type: PackageTypeSchema }),
);
export type ParcelV2 = z.infer<typeof ParcelV2Schema>;
