// Address autocomplete: the search text, optionally narrowed to countries in
// given world regions or to one country, and the suggestions it answers.
// That regions and country_code exclude each other, and which countries each
// region holds, are rules kept in the rules module; here only the shape.
import { z } from "zod";
import { CountryCodeSchema } from "./country-code.ts";
import { lazy } from "./lazy-schema.ts";

export const REGIONS = [
  "europe",
  "north_america",
  "south_america",
  "asia",
  "africa",
  "oceania",
] as const;
export const RegionSchema = lazy(() => z.enum(REGIONS));
export type Region = z.infer<typeof RegionSchema>;

export const AddressAutocompleteRequestSchema = lazy(() =>
  z.strictObject({
    query: z.string().min(1),
    regions: z.array(RegionSchema).min(1).optional(),
    country_code: CountryCodeSchema.optional(),
    limit: z.number().int().positive().max(100).optional(),
  }),
);
export type AddressAutocompleteRequest = z.infer<typeof AddressAutocompleteRequestSchema>;

export const AddressSuggestionSchema = lazy(() =>
  z.looseObject({
    label: z.string().nullish(),
    street: z.string().nullish(),
    postcode: z.string().nullish(),
    city: z.string().nullish(),
    country_code: z.string().nullish(),
  }),
);
export type AddressSuggestion = z.infer<typeof AddressSuggestionSchema>;

export const AddressAutocompleteResponseSchema = lazy(() =>
  z.looseObject({
    suggestions: z.array(AddressSuggestionSchema),
  }),
);
export type AddressAutocompleteResponse = z.infer<typeof AddressAutocompleteResponseSchema>;
