// A pickup or delivery point (parcel locker, shop, post office) as the service
// describes it, with its PointSpecificDetails. Inbound, so tolerant: every
// field except `code` is optional or nullable and unknown keys pass through.
//
// Decisions where the spec is silent:
// - `type` is the point type (see POINT_TYPES); it stays a free string on the
//   way in so that a new type never breaks a store.
// - `kind` is the carrier-specific kind of point (see POINT_KINDS) that the
//   points-map exclusion filters act on.
// - `opening_hours` maps a weekday name (monday ... sunday) to
//   `{ start_hour, end_hour }` ("HH:MM"), or null on a closed day.
// - `digital_label` accepts the legacy string form, read as true (v1.0.92).
import { z } from "zod";
import { LegacyDigitalLabelSchema } from "./digital-label.ts";
import { lazy } from "./lazy-schema.ts";

/** Point types known to the service; the points-map filter accepts these. */
export const POINT_TYPES = ["parcel_machine", "service_point"] as const;
export const PointTypeSchema = lazy(() => z.enum(POINT_TYPES));
export type PointType = z.infer<typeof PointTypeSchema>;

/**
 * Carrier-specific kinds of point that the points-map filters can exclude or
 * select: a carrier's pickup stations, its parcel stations, and parcel shops.
 */
export const POINT_KINDS = ["pickup_station", "parcel_station", "parcel_shop"] as const;
export const PointKindSchema = lazy(() => z.enum(POINT_KINDS));
export type PointKind = z.infer<typeof PointKindSchema>;

/** A position on the map, in decimal degrees (WGS 84). */
export const CoordinatesSchema = lazy(() =>
  z.strictObject({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
  }),
);
export type Coordinates = z.infer<typeof CoordinatesSchema>;

export const CoordinatesOutSchema = lazy(() =>
  z.looseObject({
    latitude: z.number(),
    longitude: z.number(),
  }),
);
export type CoordinatesOut = z.infer<typeof CoordinatesOutSchema>;

export const PointSpecificDetailsSchema = lazy(() =>
  z.looseObject({
    /** The fixed price for which the point sells the shipment, when it has one. */
    package_sale_price: z.number().nullish(),
  }),
);
export type PointSpecificDetails = z.infer<typeof PointSpecificDetailsSchema>;

export const PointAddressSchema = lazy(() =>
  z.looseObject({
    street: z.string().nullish(),
    postcode: z.string().nullish(),
    city: z.string().nullish(),
    country_code: z.string().nullish(),
    province: z.string().nullish(),
  }),
);
export type PointAddress = z.infer<typeof PointAddressSchema>;

export const OpeningHoursSchema = lazy(() =>
  z.record(
    z.string(),
    z.looseObject({ start_hour: z.string().nullish(), end_hour: z.string().nullish() }).nullable(),
  ),
);
export type OpeningHours = z.infer<typeof OpeningHoursSchema>;

export const PointSchema = lazy(() =>
  z.looseObject({
    code: z.string().min(1),
    name: z.string().nullish(),
    /** The point's name as the carrier gives it, before the service's editing. */
    original_name: z.string().nullish(),
    type: z.string().nullish(),
    kind: z.string().nullish(),
    service: z.string().nullish(),
    address: PointAddressSchema.nullish(),
    coordinates: CoordinatesOutSchema.nullish(),
    opening_hours: OpeningHoursSchema.nullish(),
    description: z.string().nullish(),
    active: z.boolean().nullish(),
    cod: z.boolean().nullish(),
    is_send_point: z.boolean().nullish(),
    is_delivery_point: z.boolean().nullish(),
    max_supported_weight: z.number().nullish(),
    distance: z.number().nullish(),
    phone: z.string().nullish(),
    email: z.string().nullish(),
    holiday: z.boolean().nullish(),
    digital_label: LegacyDigitalLabelSchema.nullish(),
    point_specific_details: PointSpecificDetailsSchema.nullish(),
  }),
);
export type Point = z.infer<typeof PointSchema>;
export type PointInput = z.input<typeof PointSchema>;
