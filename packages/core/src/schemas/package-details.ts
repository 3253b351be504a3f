// A shipment as the service returns it (GET /packages/{id}, and the answer of
// POST/PUT /packages), the parcels inside it, the short package summary of an
// order, and the package list. Inbound, so tolerant: only package_id is
// required, every other field is optional or nullable, unknown keys pass
// through. The removed `documents_available` is not part of the shape.
//
// Decisions where the spec is silent:
// - package_id and service_id are numbers; group_id (the grouping package)
//   may be a number or a string.
// - `service_contract` is a free string here (the account services list uses
//   "own" | "furgonetka", but package details have carried other values).
// - `additional_services_dictionary` maps a service key to its translated name.
// - `delivery_time` is a number of days or a text, as carriers give it.
// - `label` describes the label (file_format, page_format); the label file
//   itself comes from GET /packages/{id}/label.
// - In the order summary, `package_id` names the ordered package.
import { z } from "zod";
import { AdditionalServicesOutSchema } from "./additional-services.ts";
import { AddressOutSchema } from "./address.ts";
import { DutyOutSchema } from "./duty.ts";
import { PackageIdSchema } from "./identifiers.ts";
import { lazy } from "./lazy-schema.ts";
import { PointSpecificDetailsSchema } from "./point.ts";
import { PricingOutV1Schema, PricingOutV2Schema } from "./pricing.ts";

const parcelDetailedShape = lazy(() => ({
  package_no: z.string().nullish(),
  tracking_url: z.string().nullish(),
  /** The carrier of this parcel. */
  service: z.string().nullish(),
  state: z.string().nullish(),
  state_description: z.string().nullish(),
  width: z.number().nullish(),
  depth: z.number().nullish(),
  height: z.number().nullish(),
  weight: z.number().nullish(),
  dimensional_weight: z.number().nullish(),
  value: z.number().nullish(),
  description: z.string().nullish(),
  quantity: z.number().nullish(),
}));

export const ParcelDetailedV1Schema = lazy(() => z.looseObject({ ...parcelDetailedShape }));
export type ParcelDetailedV1 = z.infer<typeof ParcelDetailedV1Schema>;

export const ParcelDetailedV2Schema = lazy(() =>
  z.looseObject({
    ...parcelDetailedShape,
    type: z.string().nullish(),
    /** When the parcel's state last changed. */
    datetime_status: z.string().nullish(),
  }),
);
export type ParcelDetailedV2 = z.infer<typeof ParcelDetailedV2Schema>;

export const PackageDocumentSchema = lazy(() =>
  z.looseObject({
    type: z.string().nullish(),
    format: z.string().nullish(),
    url: z.string().nullish(),
  }),
);
export type PackageDocument = z.infer<typeof PackageDocumentSchema>;

export const LabelInfoSchema = lazy(() =>
  z.looseObject({
    file_format: z.string().nullish(),
    page_format: z.string().nullish(),
  }),
);
export type LabelInfo = z.infer<typeof LabelInfoSchema>;

export const AdditionalServicesDictionarySchema = lazy(() => z.record(z.string(), z.string()));
export type AdditionalServicesDictionary = z.infer<typeof AdditionalServicesDictionarySchema>;

export const RelatedPackageSchema = lazy(() =>
  z.looseObject({
    package_id: z.number().nullish(),
    type: z.string().nullish(),
  }),
);
export type RelatedPackage = z.infer<typeof RelatedPackageSchema>;

const packageDetailsShape = lazy(() => ({
  package_id: PackageIdSchema,
  state: z.string().nullish(),
  service: z.string().nullish(),
  service_id: z.number().nullish(),
  service_contract: z.string().nullish(),
  name: z.string().nullish(),
  user_reference_number: z.string().nullish(),
  payer: z.string().nullish(),
  pickup: AddressOutSchema.nullish(),
  sender: AddressOutSchema.nullish(),
  receiver: AddressOutSchema.nullish(),
  additional_services: AdditionalServicesOutSchema.nullish(),
  additional_services_dictionary: AdditionalServicesDictionarySchema.nullish(),
  duty: DutyOutSchema.nullish(),
  cancel_available: z.boolean().nullish(),
  pickup_available: z.boolean().nullish(),
  pickup_number: z.string().nullish(),
  label: LabelInfoSchema.nullish(),
  documents: z.array(PackageDocumentSchema).nullish(),
  documents_url: z.string().nullish(),
  tracking_url: z.string().nullish(),
  add_similar_url: z.string().nullish(),
  edit_url: z.string().nullish(),
  datetime_add: z.string().nullish(),
  datetime_order: z.string().nullish(),
  datetime_delivery: z.string().nullish(),
  delivery_time: z.union([z.number(), z.string()]).nullish(),
  point_specific_details: PointSpecificDetailsSchema.nullish(),
  group_id: z.union([z.number(), z.string()]).nullish(),
  related_packages: z.array(RelatedPackageSchema).nullish(),
  changes: z.array(z.unknown()).nullish(),
}));

export const PackageDetailsV1Schema = lazy(() =>
  z.looseObject({
    ...packageDetailsShape,
    type: z.string().nullish(),
    pricing: PricingOutV1Schema.nullish(),
    parcels: z.array(ParcelDetailedV1Schema).nullish(),
  }),
);
export type PackageDetailsV1 = z.infer<typeof PackageDetailsV1Schema>;
export type PackageDetailsV1Input = z.input<typeof PackageDetailsV1Schema>;

export const PackageDetailsV2Schema = lazy(() =>
  z.looseObject({
    ...packageDetailsShape,
    pricing: PricingOutV2Schema.nullish(),
    parcels: z.array(ParcelDetailedV2Schema).nullish(),
  }),
);
export type PackageDetailsV2 = z.infer<typeof PackageDetailsV2Schema>;
export type PackageDetailsV2Input = z.input<typeof PackageDetailsV2Schema>;

/** A package as summarized in an order's result. */
export const OrderSummaryPackageSchema = lazy(() =>
  z.looseObject({
    package_id: PackageIdSchema,
    service: z.string().nullish(),
    service_id: z.number().nullish(),
    user_reference_number: z.string().nullish(),
    pricing: PricingOutV2Schema.nullish(),
    additional_services_dictionary: AdditionalServicesDictionarySchema.nullish(),
    parcels: z.array(ParcelDetailedV2Schema).nullish(),
  }),
);
export type OrderSummaryPackage = z.infer<typeof OrderSummaryPackageSchema>;

/** Query of the package list; user_reference_number finds a merchant's own order. */
export const PackageListQuerySchema = lazy(() =>
  z.strictObject({
    user_reference_number: z.string().min(1).optional(),
    state: z.string().min(1).optional(),
    limit: z.number().int().positive().max(500).optional(),
    page: z.number().int().positive().optional(),
  }),
);
export type PackageListQuery = z.infer<typeof PackageListQuerySchema>;

export const PackageListResponseSchema = lazy(() =>
  z.looseObject({
    packages: z.array(PackageDetailsV2Schema),
    total: z.number().int().nonnegative().nullish(),
    page: z.number().int().positive().nullish(),
  }),
);
export type PackageListResponse = z.infer<typeof PackageListResponseSchema>;
