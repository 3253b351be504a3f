// A tracking update that the service pushes to a shop's URL. `control` is a
// 32-hex-digit checksum over the other fields and a shared secret; checking it
// is done where the secret lives, this schema only checks its shape. The shop
// receives this, so it is tolerant: unknown keys pass through.
// package_id may arrive as a number or as a numeric string.
import { z } from "zod";
import { lazy } from "./lazy-schema.ts";

export const TrackingPushSchema = lazy(() =>
  z.looseObject({
    package_id: z.union([z.number().int().positive(), z.string().regex(/^\d+$/)]),
    package_no: z.string(),
    partner_order_id: z.string().nullish(),
    tracking: z.looseObject({
      state: z.string(),
      description: z.string().nullish(),
      datetime: z.string(),
      branch: z.string().nullish(),
    }),
    control: z.string().regex(/^[0-9a-f]{32}$/i, "control must be 32 hexadecimal digits"),
  }),
);
export type TrackingPush = z.infer<typeof TrackingPushSchema>;
