// The list of cities: search by the start of a name (optionally within a
// country or a postcode), or the cities of a postcode alone, and the matching
// cities with their postcode and administrative areas. Request strict, answer
// tolerant.
import { z } from "zod";
import { CountryCodeSchema } from "./country-code.ts";
import { lazy } from "./lazy-schema.ts";

export const CitiesRequestSchema = lazy(() =>
  z
    .strictObject({
      /** The start of the city's name; may be left out when a postcode is given. */
      query: z.string().min(1).optional(),
      country_code: CountryCodeSchema.optional(),
      postcode: z.string().min(1).optional(),
      limit: z.number().int().positive().max(100).optional(),
    })
    .superRefine(
      (request, ctx) => {
        if (request.query === undefined && request.postcode === undefined) {
          ctx.addIssue({
            code: "custom",
            path: ["query"],
            message: "Give the start of a city's name (query) or a postcode",
            params: { rule: "required" },
          });
        }
      },
      // Runs even when other fields failed, so one parse names every problem.
      {
        when: (payload) =>
          typeof payload.value === "object" &&
          payload.value !== null &&
          !Array.isArray(payload.value),
      },
    ),
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
