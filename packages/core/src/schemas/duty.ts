// The customs (duty) section of an international shipment. `content` (a
// description of the goods) replaced the unsupported `items` list, and
// `documents_uuids` names customs documents uploaded beforehand. The request
// form is strict, so a leftover `items` key is reported by name; the answer
// form is tolerant and has no `items` field.
import { z } from "zod";
import { CurrencyCodeSchema } from "./country-code.ts";
import { lazy } from "./lazy-schema.ts";

export const DutySchema = lazy(() =>
  z.strictObject({
    content: z.string().min(1),
    documents_uuids: z.array(z.uuid()).optional(),
    value: z.number().nonnegative().optional(),
    currency: CurrencyCodeSchema.optional(),
  }),
);
export type Duty = z.infer<typeof DutySchema>;

export const DutyOutSchema = lazy(() =>
  z.looseObject({
    content: z.string().nullish(),
    documents_uuids: z.array(z.string()).nullish(),
    value: z.number().nullish(),
    currency: z.string().nullish(),
  }),
);
export type DutyOut = z.infer<typeof DutyOutSchema>;
