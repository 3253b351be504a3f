// digital_label as the service sends it back. Since v1.0.92 the flag is
// boolean; older data carries a string instead, and any string is read as
// true, exactly as the service reads it. Requests send a plain boolean (see
// AdditionalServicesSchema); turning a merchant's legacy string into a boolean
// before sending is a rule, not part of the request schema.
import { z } from "zod";
import { lazy } from "./lazy-schema.ts";

export const LegacyDigitalLabelSchema = lazy(() =>
  z.union([z.boolean(), z.string().transform((): boolean => true)]),
);
export type LegacyDigitalLabel = z.infer<typeof LegacyDigitalLabelSchema>;
