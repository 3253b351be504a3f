// POST /points/map: find pickup and delivery points near a place, and the
// answer `{ points }`.
//
// Decisions where the spec is silent:
// - `location` needs at least one of coordinates, search_phrase or address;
//   the issue is reported at `location`. points_max_distance is in kilometres.
// - `filters.map_bounds` is the visible map rectangle, given by its north-east
//   and south-west corners.
// - The point-kind filters are per carrier, each a list of carrier names
//   (services values):
//   - `exclude_pickup_stations`: leave out those carriers' pickup-station points;
//   - `exclude_parcel_stations`: leave out those carriers' parcel-station points;
//   - `parcel_shops_only`: for those carriers, return parcel shops only.
// - `limit` caps the number of points returned.
import { z } from "zod";
import { CountryCodeSchema } from "./country-code.ts";
import { lazy } from "./lazy-schema.ts";
import { CoordinatesSchema, PointSchema, PointTypeSchema } from "./point.ts";

const carrierList = lazy(() => z.array(z.string().min(1)).min(1));

/** Runs the location check even when other fields failed, so one parse names every problem. */
const EVEN_WITH_OTHER_ISSUES = {
  when: (payload: z.core.ParsePayload): boolean =>
    typeof payload.value === "object" && payload.value !== null && !Array.isArray(payload.value),
};

export const MapBoundsSchema = lazy(() =>
  z.strictObject({
    north_east: CoordinatesSchema,
    south_west: CoordinatesSchema,
  }),
);
export type MapBounds = z.infer<typeof MapBoundsSchema>;

export const PointsLocationSchema = lazy(() =>
  z
    .strictObject({
      coordinates: CoordinatesSchema.optional(),
      search_phrase: z.string().min(1).optional(),
      address: z
        .strictObject({
          street: z.string().min(1).optional(),
          postcode: z.string().min(1).optional(),
          city: z.string().min(1).optional(),
          country_code: CountryCodeSchema.optional(),
        })
        .optional(),
      points_max_distance: z.number().positive().optional(),
    })
    .superRefine((location, ctx) => {
      if (
        location.coordinates === undefined &&
        location.search_phrase === undefined &&
        location.address === undefined
      ) {
        ctx.addIssue({
          code: "custom",
          path: [],
          message: "Give the place to search near: coordinates, search_phrase or address",
          params: { rule: "location_required" },
        });
      }
    }, EVEN_WITH_OTHER_ISSUES),
);
export type PointsLocation = z.infer<typeof PointsLocationSchema>;

export const PointsFiltersSchema = lazy(() =>
  z.strictObject({
    services: carrierList.optional(),
    point_types: z.array(PointTypeSchema).min(1).optional(),
    point_id: z.string().min(1).optional(),
    map_bounds: MapBoundsSchema.optional(),
    exclude_pickup_stations: carrierList.optional(),
    exclude_parcel_stations: carrierList.optional(),
    parcel_shops_only: carrierList.optional(),
  }),
);
export type PointsFilters = z.infer<typeof PointsFiltersSchema>;

export const PointsMapRequestSchema = lazy(() =>
  z.strictObject({
    location: PointsLocationSchema,
    filters: PointsFiltersSchema.optional(),
    limit: z.number().int().positive().max(1000).optional(),
  }),
);
export type PointsMapRequest = z.infer<typeof PointsMapRequestSchema>;

export const PointsMapResponseSchema = lazy(() =>
  z.looseObject({
    points: z.array(PointSchema),
  }),
);
export type PointsMapResponse = z.infer<typeof PointsMapResponseSchema>;
