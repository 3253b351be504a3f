// Editing the user's own data. Every field is optional: only what is given
// changes. country_code is checked for shape here; that it belongs to the
// countries whose phone numbers the service can verify is a rule.
import { z } from "zod";
import { CountryCodeSchema } from "./country-code.ts";

export const UserDataEditRequestSchema = z.strictObject({
  name: z.string().min(1).optional(),
  surname: z.string().min(1).optional(),
  company: z.string().nullish(),
  nip: z.string().nullish(),
  email: z.email().optional(),
  phone: z.string().min(1).optional(),
  country_code: CountryCodeSchema.optional(),
  street: z.string().min(1).optional(),
  postcode: z.string().min(1).optional(),
  city: z.string().min(1).optional(),
});
export type UserDataEditRequest = z.infer<typeof UserDataEditRequestSchema>;
