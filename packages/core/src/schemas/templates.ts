// Shipment templates of the account (/account/package-templates), version 2:
// each template carries its shipment data in an array (`packages`), every
// entry a partial package in the answer form. Inbound, tolerant.
import { z } from "zod";
import { AdditionalServicesOutSchema } from "./additional-services.ts";
import { AddressOutSchema } from "./address.ts";
import { ParcelDetailedV2Schema } from "./package-details.ts";

export const TemplatePackageSchema = z.looseObject({
  service: z.string().nullish(),
  service_id: z.number().nullish(),
  pickup: AddressOutSchema.nullish(),
  sender: AddressOutSchema.nullish(),
  receiver: AddressOutSchema.nullish(),
  parcels: z.array(ParcelDetailedV2Schema).nullish(),
  additional_services: AdditionalServicesOutSchema.nullish(),
  user_reference_number: z.string().nullish(),
});
export type TemplatePackage = z.infer<typeof TemplatePackageSchema>;

export const TemplateV2Schema = z.looseObject({
  id: z.number(),
  name: z.string(),
  packages: z.array(TemplatePackageSchema),
});
export type TemplateV2 = z.infer<typeof TemplateV2Schema>;

export const TemplatesV2ResponseSchema = z.looseObject({
  templates: z.array(TemplateV2Schema),
});
export type TemplatesV2Response = z.infer<typeof TemplatesV2ResponseSchema>;
