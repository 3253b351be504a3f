// Editing the user's own data. Every field is optional: only what is given
// changes. country_code is checked for shape here; that it belongs to the
// countries whose phone numbers the service can verify is a rule. Names and
// address fields refuse control and bidi override characters.
import { z } from "zod";
import { CountryCodeSchema } from "./country-code.ts";
import { freeText } from "./free-text.ts";
import { lazy } from "./lazy-schema.ts";

export const UserDataEditRequestSchema = lazy(() =>
  z.strictObject({
    name: freeText(z.string().min(1)).optional(),
    surname: freeText(z.string().min(1)).optional(),
    company: freeText(z.string()).nullish(),
    nip: z.string().nullish(),
    email: z.email().optional(),
    phone: z.string().min(1).optional(),
    country_code: CountryCodeSchema.optional(),
    street: freeText(z.string().min(1)).optional(),
    postcode: freeText(z.string().min(1)).optional(),
    city: freeText(z.string().min(1)).optional(),
  }),
);
export type UserDataEditRequest = z.infer<typeof UserDataEditRequestSchema>;
