// The list of streets of a city: search by the start of a street name within a
// city (optionally a postcode), and the matching streets. Request strict,
// answer tolerant.
import { z } from "zod";
import { CountryCodeSchema } from "./country-code.ts";
import { lazy } from "./lazy-schema.ts";

export const StreetsRequestSchema = lazy(() =>
  z.strictObject({
    city: z.string().min(1),
    query: z.string().min(1),
    postcode: z.string().min(1).optional(),
    country_code: CountryCodeSchema.optional(),
    limit: z.number().int().positive().max(100).optional(),
  }),
);
export type StreetsRequest = z.infer<typeof StreetsRequestSchema>;

export const StreetSchema = lazy(() =>
  z.looseObject({
    name: z.string(),
    city: z.string().nullish(),
    postcode: z.string().nullish(),
  }),
);
export type Street = z.infer<typeof StreetSchema>;

export const StreetsResponseSchema = lazy(() => z.looseObject({ streets: z.array(StreetSchema) }));
export type StreetsResponse = z.infer<typeof StreetsResponseSchema>;
