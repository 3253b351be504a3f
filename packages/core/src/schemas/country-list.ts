// The list of countries (/configuration/allowed-countries): `list` holds
// ISO 3166-1 alpha-2 codes without names; clients translate names themselves.
// The older `countries` field is tolerated when present but never required.
import { z } from "zod";
import { CountryCodeSchema } from "./country-code.ts";
import { lazy } from "./lazy-schema.ts";

export const CountryListResponseSchema = lazy(() =>
  z.looseObject({
    list: z.array(CountryCodeSchema),
    /** Older form of the list; its shape is not relied upon. */
    countries: z.unknown().optional(),
  }),
);
export type CountryListResponse = z.infer<typeof CountryListResponseSchema>;
