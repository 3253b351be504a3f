// Tests of the points-map schemas: the strict search request and the tolerant
// answer.
import { describe, expect, it } from "vitest";
import { PointSchema } from "./point.ts";
import { PointsMapRequestSchema, PointsMapResponseSchema } from "./points-map.ts";

describe("PointsMapRequestSchema (strict)", () => {
  it("accepts a search near coordinates with every filter", () => {
    const request = {
      location: { coordinates: { latitude: 50.06, longitude: 19.94 }, points_max_distance: 5 },
      filters: {
        services: ["inpost", "dhl", "dpd"],
        point_types: ["parcel_machine", "service_point"],
        point_id: "KRA01M",
        map_bounds: {
          north_east: { latitude: 50.1, longitude: 20.0 },
          south_west: { latitude: 50.0, longitude: 19.9 },
        },
        exclude_pickup_stations: ["dpd"],
        exclude_parcel_stations: ["dhl"],
        parcel_shops_only: ["ups"],
      },
      limit: 50,
    };
    expect(PointsMapRequestSchema.parse(request)).toEqual(request);
  });

  it("names a missing place together with every other problem", () => {
    const result = PointsMapRequestSchema.safeParse({ location: { points_max_distance: -1 } });
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual([
      "location.points_max_distance",
      "location",
    ]);
  });

  it("needs a place to search near", () => {
    const result = PointsMapRequestSchema.safeParse({ location: { points_max_distance: 5 } });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ["location"], params: { rule: "location_required" } }),
    ]);
    expect(
      PointsMapRequestSchema.parse({ location: { search_phrase: "Kraków Rynek" } }).location
        .search_phrase,
    ).toBe("Kraków Rynek");
  });

  it("rejects out-of-range coordinates, unknown point types and unknown filters by path", () => {
    const result = PointsMapRequestSchema.safeParse({
      location: { coordinates: { latitude: 91, longitude: 19.94 } },
      filters: { point_types: ["kiosk"], radius: 5 },
    });
    const issues = result.error?.issues ?? [];
    expect(issues).toContainEqual(
      expect.objectContaining({ path: ["location", "coordinates", "latitude"], code: "too_big" }),
    );
    expect(issues).toContainEqual(expect.objectContaining({ path: ["filters", "point_types", 0] }));
    expect(issues).toContainEqual(expect.objectContaining({ path: ["filters"], keys: ["radius"] }));
  });
});

describe("PointsMapResponseSchema (tolerant)", () => {
  it("reads points with their details and keeps unknown keys", () => {
    const parsed = PointsMapResponseSchema.parse({
      points: [
        {
          code: "KRA01M",
          name: "Paczkomat KRA01M",
          original_name: "KRA01M",
          type: "parcel_machine",
          service: "inpost",
          address: { street: "Floriańska 3", postcode: "31-019", city: "Kraków" },
          coordinates: { latitude: 50.06, longitude: 19.94 },
          opening_hours: { monday: { start_hour: "00:00", end_hour: "23:59" }, sunday: null },
          point_specific_details: { package_sale_price: 12.5 },
          digital_label: "yes",
          photos: [],
        },
      ],
      total: 1,
    });
    const point = parsed.points[0];
    expect(point?.original_name).toBe("KRA01M");
    expect(point?.coordinates?.latitude).toBe(50.06);
    expect(point?.opening_hours?.["monday"]?.end_hour).toBe("23:59");
    expect(point?.point_specific_details?.package_sale_price).toBe(12.5);
    expect(point?.digital_label).toBe(true);
    expect(point?.["photos"]).toEqual([]);
    expect(parsed["total"]).toBe(1);
  });

  it("needs only the point code", () => {
    expect(PointSchema.parse({ code: "X" })).toEqual({ code: "X" });
    expect(PointSchema.safeParse({ name: "X" }).error?.issues[0]?.path).toEqual(["code"]);
  });
});
