// A proposed courier pickup date (from POST /packages/pickup-date-proposals):
// the day, the time window the courier can come in ("HH:MM"), and `info`, any
// additional information the carrier gives about that date. Inbound, tolerant.
import { z } from "zod";
import { lazy } from "./lazy-schema.ts";

export const PickupDateSchema = lazy(() =>
  z.looseObject({
    date: z.string(),
    min_time: z.string().nullish(),
    max_time: z.string().nullish(),
    info: z.string().nullish(),
  }),
);
export type PickupDate = z.infer<typeof PickupDateSchema>;
