// POST /packages/calculate-price: quote one package with several carriers in
// one call, and the answer with one entry per carrier.
//
// Decisions where the spec is silent:
// - The package of a quote is a package without service/service_id (the
//   carriers to quote are listed in `services.service`), and its addresses need
//   only postcode and country_code, so that a shop can quote at checkout before
//   the customer has typed a name or phone. Everything else is as in
//   PackageV1Schema/PackageV2Schema, and just as strict.
// - `services.service` lists carrier names (for example "inpost", "dpd",
//   "orlen"); at least one.
// - In the answer, `pricing` is null when a carrier is not available, `errors`
//   explain why, `lowest_price` marks the cheapest quote, and
//   `courier_details.avg_delivery_time` is the average delivery time (days) as
//   the service gives it. The removed `access` field is not part of the answer.
// - `calculation_pending_in_background: true` means "ask again"; absent means false.
import { z } from "zod";
import { AddressSchema, PickupSchema, ReceiverSchema } from "./address.ts";
import { lazy } from "./lazy-schema.ts";
import { PackageV1Schema, PackageV2Schema } from "./package.ts";
import { PricingOutV2Schema } from "./pricing.ts";

function quoteAddress<S extends typeof AddressSchema | typeof PickupSchema | typeof ReceiverSchema>(
  schema: S,
) {
  return schema.partial().required({ postcode: true, country_code: true });
}

const v1Shape = lazy(() => {
  const { service: _service, service_id: _serviceId, ...shape } = PackageV1Schema.shape;
  return shape;
});
const v2Shape = lazy(() => {
  const { service: _service, service_id: _serviceId, ...shape } = PackageV2Schema.shape;
  return shape;
});
const quoteAddresses = lazy(() => ({
  pickup: quoteAddress(PickupSchema).nullable(),
  sender: quoteAddress(AddressSchema).nullish(),
  receiver: quoteAddress(ReceiverSchema),
}));

export const CalculatePricePackageV1Schema = lazy(() =>
  z.strictObject({ ...v1Shape, ...quoteAddresses }),
);
export type CalculatePricePackageV1 = z.infer<typeof CalculatePricePackageV1Schema>;

export const CalculatePricePackageV2Schema = lazy(() =>
  z.strictObject({ ...v2Shape, ...quoteAddresses }),
);
export type CalculatePricePackageV2 = z.infer<typeof CalculatePricePackageV2Schema>;

/** Which carriers to quote. */
export const ServicesFilterSchema = lazy(() =>
  z.strictObject({
    service: z.array(z.string().min(1)).min(1),
  }),
);
export type ServicesFilter = z.infer<typeof ServicesFilterSchema>;

export const CalculatePriceRequestV1Schema = lazy(() =>
  z.strictObject({
    package: CalculatePricePackageV1Schema,
    services: ServicesFilterSchema,
  }),
);
export type CalculatePriceRequestV1 = z.infer<typeof CalculatePriceRequestV1Schema>;

export const CalculatePriceRequestV2Schema = lazy(() =>
  z.strictObject({
    package: CalculatePricePackageV2Schema,
    services: ServicesFilterSchema,
  }),
);
export type CalculatePriceRequestV2 = z.infer<typeof CalculatePriceRequestV2Schema>;

export const ServicePriceErrorSchema = lazy(() =>
  z.looseObject({
    message: z.string(),
    path: z.string().nullish(),
  }),
);
export type ServicePriceError = z.infer<typeof ServicePriceErrorSchema>;

export const CourierDetailsSchema = lazy(() =>
  z.looseObject({
    avg_delivery_time: z.union([z.number(), z.string()]).nullish(),
  }),
);
export type CourierDetails = z.infer<typeof CourierDetailsSchema>;

export const ServicePriceSchema = lazy(() =>
  z.looseObject({
    service: z.string(),
    service_id: z.number().nullish(),
    available: z.boolean(),
    errors: z.array(ServicePriceErrorSchema).nullish(),
    pricing: PricingOutV2Schema.nullish(),
    lowest_price: z.boolean().nullish(),
    courier_details: CourierDetailsSchema.nullish(),
  }),
);
export type ServicePrice = z.infer<typeof ServicePriceSchema>;

export const CalculatePriceResponseSchema = lazy(() =>
  z.looseObject({
    services_prices: z.array(ServicePriceSchema),
    calculation_pending_in_background: z.boolean().optional(),
  }),
);
export type CalculatePriceResponse = z.infer<typeof CalculatePriceResponseSchema>;
