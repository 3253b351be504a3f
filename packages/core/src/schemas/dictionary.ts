// The service's dictionary (/configuration/dictionary): reference lists a
// client shows in forms. `currencies` are ISO 4217 codes; `phone_prefixes`
// pairs a country with its dialling prefix ("+48") and is narrowed to the
// countries whose phone numbers the service can verify. Other lists pass
// through untouched. Inbound, tolerant.
import { z } from "zod";
import { lazy } from "./lazy-schema.ts";

export const PhonePrefixSchema = lazy(() =>
  z.looseObject({
    country_code: z.string(),
    prefix: z.string(),
  }),
);
export type PhonePrefix = z.infer<typeof PhonePrefixSchema>;

export const DictionarySchema = lazy(() =>
  z.looseObject({
    currencies: z.array(z.string()).nullish(),
    phone_prefixes: z.array(PhonePrefixSchema).nullish(),
  }),
);
export type Dictionary = z.infer<typeof DictionarySchema>;
