// The price of a shipment as the service returns it, in both versions. Gross
// and net prices are the core of a quote and so required; everything else is
// optional. v2 adds `adjusted_price`: the price after a later adjustment by
// the carrier (for example a re-measured parcel), null until there is one.
// `details` breaks the price into parts (fuel surcharge, services).
import { z } from "zod";
import { lazy } from "./lazy-schema.ts";

export const PriceDetailSchema = lazy(() =>
  z.looseObject({
    service: z.string().nullish(),
    price_net: z.number().nullish(),
    price_gross: z.number().nullish(),
    description: z.string().nullish(),
  }),
);
export type PriceDetail = z.infer<typeof PriceDetailSchema>;

const pricingShape = lazy(() => ({
  price_gross: z.number(),
  price_net: z.number(),
  price_base_net: z.number().nullish(),
  price_org: z.number().nullish(),
  /** VAT rate in percent, e.g. 23. */
  tax: z.number().nullish(),
  currency: z.string().nullish(),
  price_info: z.string().nullish(),
  details: z.array(PriceDetailSchema).nullish(),
}));

export const PricingOutV1Schema = lazy(() => z.looseObject({ ...pricingShape }));
export type PricingOutV1 = z.infer<typeof PricingOutV1Schema>;

export const PricingOutV2Schema = lazy(() =>
  z.looseObject({
    ...pricingShape,
    adjusted_price: z.number().nullish(),
  }),
);
export type PricingOutV2 = z.infer<typeof PricingOutV2Schema>;
