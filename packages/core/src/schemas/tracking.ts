// Shipment tracking: the events of a package (v1: one list), of each parcel
// (v2: one list per parcel number), and adding a foreign shipment to tracking.
//
// Decisions where the spec is silent:
// - TRACKING_STATES lists the states clients can rely on, in the order a
//   shipment usually goes through them; an event's `state` stays a free string
//   on the way in so that a new state never breaks a store.
// - An event's human text is `status` (package tracking) or `description`
//   (tracking push); both are accepted.
// - The v2 answer is an array with one entry per parcel.
// - POST /packages/add-to-tracking takes the carrier's parcel number
//   (`package_no`) and, optionally, the carrier (`service`); it answers 200 with
//   the carrier identifier and the package type it recognised.
import { z } from "zod";
import { lazy } from "./lazy-schema.ts";

export const TRACKING_STATES = [
  "waiting",
  "ordered",
  "collect-problem",
  "collected",
  "in-transit",
  "delivering",
  "delivery-problem",
  "delivered",
  "returned",
  "canceled",
] as const;
export const TrackingStateSchema = lazy(() => z.enum(TRACKING_STATES));
export type TrackingState = z.infer<typeof TrackingStateSchema>;

export const TrackingEventSchema = lazy(() =>
  z.looseObject({
    state: z.string(),
    status: z.string().nullish(),
    description: z.string().nullish(),
    datetime: z.string(),
    branch: z.string().nullish(),
  }),
);
export type TrackingEvent = z.infer<typeof TrackingEventSchema>;

export const TrackingV1ResponseSchema = lazy(() =>
  z.looseObject({
    tracking: z.array(TrackingEventSchema),
  }),
);
export type TrackingV1Response = z.infer<typeof TrackingV1ResponseSchema>;

export const ParcelTrackingSchema = lazy(() =>
  z.looseObject({
    package_no: z.string().nullish(),
    tracking: z.array(TrackingEventSchema),
  }),
);
export type ParcelTracking = z.infer<typeof ParcelTrackingSchema>;

export const TrackingV2ResponseSchema = lazy(() => z.array(ParcelTrackingSchema));
export type TrackingV2Response = z.infer<typeof TrackingV2ResponseSchema>;

export const AddToTrackingRequestSchema = lazy(() =>
  z.strictObject({
    package_no: z.string().min(1),
    service: z.string().min(1).optional(),
  }),
);
export type AddToTrackingRequest = z.infer<typeof AddToTrackingRequestSchema>;

export const AddToTrackingResponseSchema = lazy(() =>
  z.looseObject({
    /** The carrier the parcel number belongs to. */
    service: z.string().nullish(),
    service_id: z.number().nullish(),
    /** The package type: package, dox or pallet. */
    type: z.string().nullish(),
    package_id: z.number().nullish(),
    package_no: z.string().nullish(),
  }),
);
export type AddToTrackingResponse = z.infer<typeof AddToTrackingResponseSchema>;
