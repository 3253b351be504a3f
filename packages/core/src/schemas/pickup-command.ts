// Courier pickups for ordered packages: first the days a courier can come
// (POST /packages/pickup-date-proposals), then ordering one
// (PUT /pickup-commands/{uuid}, the asynchronous command pattern of ordering),
// and cancelling it while the service allows (DELETE /pickup-commands/{uuid},
// which answers the command with `cancelled: true`). Requests strict, answers
// tolerant.
//
// Decisions where the spec is silent: one request covers 1 to 100 packages;
// the chosen window is a day (YYYY-MM-DD) and two times (HH:MM, 24-hour) with
// max_time after min_time. Whether the day and window are among the proposals
// is for the service to say, since only it knows them.
import { z } from "zod";
import { RULE_CODES } from "../issues/rule-codes.ts";
import { commandResponseSchema } from "./command-state.ts";
import { PackageRefSchema } from "./identifiers.ts";
import { lazy } from "./lazy-schema.ts";
import { PickupDateSchema } from "./pickup-date.ts";

export const PICKUP_PACKAGES_MAX = 100;

const pickupPackages = lazy(() => z.array(PackageRefSchema).min(1).max(PICKUP_PACKAGES_MAX));

export const PickupDateProposalsRequestSchema = lazy(() =>
  z.strictObject({ packages: pickupPackages }),
);
export type PickupDateProposalsRequest = z.infer<typeof PickupDateProposalsRequestSchema>;

export const PickupDateProposalsResponseSchema = lazy(() =>
  z.looseObject({
    pickup_dates: z.array(PickupDateSchema),
  }),
);
export type PickupDateProposalsResponse = z.infer<typeof PickupDateProposalsResponseSchema>;

/** A time of day as HH:MM (00:00 to 23:59). */
export const TimeOfDaySchema = lazy(() => z.iso.time({ precision: -1 }));
export type TimeOfDay = z.infer<typeof TimeOfDaySchema>;

/** The chosen pickup: a day and the window the courier may come in. */
export const PickupWindowSchema = lazy(() =>
  z
    .strictObject({ date: z.iso.date(), min_time: TimeOfDaySchema, max_time: TimeOfDaySchema })
    .check((ctx) => {
      const { min_time, max_time } = ctx.value;
      // Valid HH:MM times compare as text; a time in the wrong format is named on its own.
      const valid =
        TimeOfDaySchema.safeParse(min_time).success && TimeOfDaySchema.safeParse(max_time).success;
      if (valid && max_time <= min_time) {
        ctx.issues.push({
          code: "custom",
          input: max_time,
          path: ["max_time"],
          params: { rule: RULE_CODES.pickup_window_invalid },
        });
      }
    }),
);
export type PickupWindow = z.infer<typeof PickupWindowSchema>;

export const PickupCommandRequestSchema = lazy(() =>
  z.strictObject({
    packages: pickupPackages,
    pickup_date: PickupWindowSchema,
  }),
);
export type PickupCommandRequest = z.infer<typeof PickupCommandRequestSchema>;

/** A package the pickup was ordered for, with the carrier's pickup number. */
export const PickupCommandPackageSchema = lazy(() =>
  z.looseObject({
    package_id: z.number(),
    service: z.string().nullish(),
    pickup_number: z.string().nullish(),
    pickup_date: PickupDateSchema.nullish(),
  }),
);
export type PickupCommandPackage = z.infer<typeof PickupCommandPackageSchema>;

export const PickupCommandResponseSchema = lazy(() =>
  commandResponseSchema({
    successfully_ordered_packages: z.array(PickupCommandPackageSchema).nullish(),
    /** Whether the pickup was cancelled (DELETE /pickup-commands/{uuid}). */
    cancelled: z.boolean().nullish(),
  }),
);
export type PickupCommandResponse = z.infer<typeof PickupCommandResponseSchema>;

/** The answer to cancelling a pickup: the command, saying whether it is cancelled. */
export const PickupCancelResponseSchema = lazy(() =>
  PickupCommandResponseSchema.extend({ cancelled: z.boolean() }),
);
export type PickupCancelResponse = z.infer<typeof PickupCancelResponseSchema>;
