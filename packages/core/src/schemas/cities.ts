// The list of cities: search by the start of a name (optionally within a
// country or a postcode) and the matching cities with their postcode and
// administrative areas. Request strict, answer tolerant.
import { z } from "zod";
import { CountryCodeSchema } from "./country-code.ts";
import { lazy } from "./lazy-schema.ts";

export const CitiesRequestSchema = lazy(() =>
  z.strictObject({
    query: z.string().min(1),
    country_code: CountryCodeSchema.optional(),
    postcode: z.string().min(1).optional(),
    limit: z.number().int().positive().max(100).optional(),
  }),
);
export type CitiesRequest = z.infer<typeof CitiesRequestSchema>;

export const CitySchema = lazy(() =>
  z.looseObject({
    name: z.string(),
    postcode: z.string().nullish(),
    county: z.string().nullish(),
    province: z.string().nullish(),
    country_code: z.string().nullish(),
  }),
);
export type City = z.infer<typeof CitySchema>;

export const CitiesResponseSchema = lazy(() => z.looseObject({ cities: z.array(CitySchema) }));
export type CitiesResponse = z.infer<typeof CitiesResponseSchema>;
