// The point data set and its search: deterministic, realistic, filtered and
// sorted by distance.
import { describe, expect, it } from "vitest";
import { haversineKm } from "../geography/haversine.ts";
import { POLISH_CITIES } from "../geography/polish-cities.ts";
import { pointCatalogue } from "./point-catalogue.ts";
import { searchPoints } from "./point-search.ts";

const WARSAW = { latitude: 52.2297, longitude: 21.0122 };

describe("the point data set", () => {
  const points = pointCatalogue();

  it("has a few hundred points over every city, with unique codes", () => {
    expect(points.length).toBeGreaterThanOrEqual(300);
    expect(new Set(points.map((p) => p.code)).size).toBe(points.length);
    for (const city of POLISH_CITIES)
      expect(points.some((p) => p.address.city === city.name)).toBe(true);
  });

  it("places every point within 6 km of its city's centre", () => {
    for (const p of points) {
      const city = POLISH_CITIES.find((c) => c.name === p.address.city);
      expect(city).toBeDefined();
      if (city) expect(haversineKm(city, p.coordinates)).toBeLessThan(6);
    }
  });

  it("uses each carrier's code format", () => {
    const inpostLockers = points.filter(
      (p) => p.service === "inpost" && p.kind === "parcel_station",
    );
    expect(inpostLockers.length).toBeGreaterThan(20);
    for (const p of inpostLockers) expect(p.code).toMatch(/^[A-Z]{3}\d{2,3}M$/);
    for (const p of points.filter((q) => q.service === "inpost" && q.kind === "parcel_shop")) {
      expect(p.code).toMatch(/^POP-[A-Z]{3}\d{3}$/);
    }
    expect(new Set(points.map((p) => p.service))).toEqual(
      new Set(["inpost", "dpd", "dhl", "poczta", "orlen", "ups", "gls", "fedex", "meest"]),
    );
  });

  it("is the same on every generation", () => {
    expect(pointCatalogue()).toBe(points);
    expect(points[0]?.code).toBe(pointCatalogue()[0]?.code);
  });
});

describe("searchPoints", () => {
  it("sorts by distance from the coordinates and keeps within the default 10 km", () => {
    const found = searchPoints({ location: { coordinates: WARSAW } });
    expect(found.length).toBeGreaterThan(5);
    for (let i = 1; i < found.length; i++)
      expect(found[i]?.distance).toBeGreaterThanOrEqual(found[i - 1]?.distance ?? 0);
    for (const p of found) {
      expect(p.address.city).toBe("Warszawa");
      expect(p.distance).toBeCloseTo(haversineKm(WARSAW, p.coordinates), 2);
    }
  });

  it("honours points_max_distance and limit", () => {
    const near = searchPoints({ location: { coordinates: WARSAW, points_max_distance: 2 } });
    for (const p of near) expect(p.distance).toBeLessThanOrEqual(2);
    expect(searchPoints({ location: { coordinates: WARSAW }, limit: 3 })).toHaveLength(3);
  });

  it("finds the centre from a search phrase or an address, ignoring diacritics", () => {
    const phrase = searchPoints({ location: { search_phrase: "lodz" } });
    expect(phrase.length).toBeGreaterThan(0);
    expect(phrase.every((p) => p.address.city === "Łódź")).toBe(true);
    const address = searchPoints({ location: { address: { postcode: "30-001" } } });
    expect(address.every((p) => p.address.city === "Kraków")).toBe(true);
    expect(searchPoints({ location: { search_phrase: "Atlantis" } })).toEqual([]);
  });

  it("filters by services and point types", () => {
    const lockers = searchPoints({
      location: { coordinates: WARSAW },
      filters: { services: ["inpost"], point_types: ["parcel_machine"] },
    });
    expect(lockers.length).toBeGreaterThan(0);
    expect(lockers.every((p) => p.service === "inpost" && p.type === "parcel_machine")).toBe(true);
  });

  it("applies the exclusion filters per carrier", () => {
    const all = searchPoints({
      location: { coordinates: WARSAW, points_max_distance: 50 },
      limit: 1000,
    });
    const noPostOffices = searchPoints({
      location: { coordinates: WARSAW, points_max_distance: 50 },
      filters: { exclude_pickup_stations: ["poczta"] },
      limit: 1000,
    });
    expect(all.some((p) => p.service === "poczta" && p.kind === "pickup_station")).toBe(true);
    expect(noPostOffices.some((p) => p.service === "poczta" && p.kind === "pickup_station")).toBe(
      false,
    );
    expect(noPostOffices.length).toBe(
      all.filter((p) => !(p.service === "poczta" && p.kind === "pickup_station")).length,
    );

    const noLockers = searchPoints({
      location: { coordinates: WARSAW, points_max_distance: 50 },
      filters: { exclude_parcel_stations: ["inpost"] },
      limit: 1000,
    });
    expect(noLockers.some((p) => p.service === "inpost" && p.kind === "parcel_station")).toBe(
      false,
    );
    expect(noLockers.some((p) => p.service !== "inpost" && p.kind === "parcel_station")).toBe(
      all.some((p) => p.service !== "inpost" && p.kind === "parcel_station"),
    );

    const shopsOnly = searchPoints({
      location: { coordinates: WARSAW, points_max_distance: 50 },
      filters: { services: ["inpost"], parcel_shops_only: ["inpost"] },
      limit: 1000,
    });
    expect(shopsOnly.length).toBeGreaterThan(0);
    expect(shopsOnly.every((p) => p.kind === "parcel_shop")).toBe(true);
  });

  it("finds one point by point_id, however far", () => {
    const gdansk = pointCatalogue().find((p) => p.address.city === "Gdańsk");
    const found = searchPoints({
      location: { coordinates: WARSAW },
      filters: { point_id: gdansk?.code ?? "" },
    });
    expect(found).toHaveLength(1);
    expect(found[0]?.code).toBe(gdansk?.code);
    expect(found[0]?.distance).toBeGreaterThan(250);
  });

  it("keeps to map_bounds", () => {
    const bounds = {
      north_east: { latitude: 52.25, longitude: 21.05 },
      south_west: { latitude: 52.21, longitude: 20.98 },
    };
    const found = searchPoints({
      location: { coordinates: WARSAW },
      filters: { map_bounds: bounds },
      limit: 1000,
    });
    expect(found.length).toBeGreaterThan(0);
    for (const p of found) {
      expect(p.coordinates.latitude).toBeLessThanOrEqual(52.25);
      expect(p.coordinates.longitude).toBeGreaterThanOrEqual(20.98);
    }
  });
});
