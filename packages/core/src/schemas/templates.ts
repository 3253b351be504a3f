// Shipment templates of the account (/account/package-templates). Version 2
// (v1.0.30) carries each template's shipment data in an array (`packages`),
// version 1 one `package`; entries are partial packages in the answer form.
// Answers are tolerant; the bodies that add a template are strict.
import { z } from "zod";
import { AdditionalServicesOutSchema } from "./additional-services.ts";
import { AddressOutSchema } from "./address.ts";
import { freeText } from "./free-text.ts";
import { lazy } from "./lazy-schema.ts";
import { ParcelDetailedV1Schema, ParcelDetailedV2Schema } from "./package-details.ts";

export const TemplatePackageSchema = lazy(() =>
  z.looseObject({
    service: z.string().nullish(),
    service_id: z.number().nullish(),
    pickup: AddressOutSchema.nullish(),
    sender: AddressOutSchema.nullish(),
    receiver: AddressOutSchema.nullish(),
    parcels: z.array(ParcelDetailedV2Schema).nullish(),
    additional_services: AdditionalServicesOutSchema.nullish(),
    user_reference_number: z.string().nullish(),
  }),
);
export type TemplatePackage = z.infer<typeof TemplatePackageSchema>;

export const TemplateV2Schema = lazy(() =>
  z.looseObject({
    id: z.number(),
    name: z.string(),
    packages: z.array(TemplatePackageSchema),
  }),
);
export type TemplateV2 = z.infer<typeof TemplateV2Schema>;

export const TemplatesV2ResponseSchema = lazy(() =>
  z.looseObject({
    templates: z.array(TemplateV2Schema),
  }),
);
export type TemplatesV2Response = z.infer<typeof TemplatesV2ResponseSchema>;

/** A template's name: 1 to 100 characters, free of control and bidi override characters. */
export const TemplateNameSchema = lazy(() => freeText(z.string().min(1).max(100)));

/**
 * The shipment data of a new template, as an object. Its content is a package
 * of the request's version, checked by validatePackage (the same rules as
 * POST /packages/validate), so that each problem is named at its path inside
 * the template (`packages[0].receiver.phone`).
 */
export const TemplatePackageInputSchema = lazy(() => z.record(z.string(), z.unknown()));

export const TEMPLATE_PACKAGES_MAX = 20;

/** POST /account/package-templates, version 1: one package (type on the package). */
export const TemplateV1RequestSchema = lazy(() =>
  z.strictObject({
    name: TemplateNameSchema,
    package: TemplatePackageInputSchema,
  }),
);
export type TemplateV1Request = z.infer<typeof TemplateV1RequestSchema>;

/** POST /account/package-templates, version 2: 1 to 20 packages (type on each parcel). */
export const TemplateV2RequestSchema = lazy(() =>
  z.strictObject({
    name: TemplateNameSchema,
    packages: z.array(TemplatePackageInputSchema).min(1).max(TEMPLATE_PACKAGES_MAX),
  }),
);
export type TemplateV2Request = z.infer<typeof TemplateV2RequestSchema>;

/** A template's package in version 1: `type` on the package, not on its parcels. */
export const TemplatePackageV1Schema = lazy(() =>
  TemplatePackageSchema.extend({
    type: z.string().nullish(),
    parcels: z.array(ParcelDetailedV1Schema).nullish(),
  }),
);
export type TemplatePackageV1 = z.infer<typeof TemplatePackageV1Schema>;

/** A template in version 1: one `package`, possibly null when it has none. */
export const TemplateV1Schema = lazy(() =>
  z.looseObject({
    id: z.number(),
    name: z.string(),
    package: TemplatePackageV1Schema.nullish(),
  }),
);
export type TemplateV1 = z.infer<typeof TemplateV1Schema>;

export const TemplatesV1ResponseSchema = lazy(() =>
  z.looseObject({
    templates: z.array(TemplateV1Schema),
  }),
);
export type TemplatesV1Response = z.infer<typeof TemplatesV1ResponseSchema>;
