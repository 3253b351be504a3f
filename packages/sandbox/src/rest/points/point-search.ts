// The search behind POST /points/map, over the sandbox's point data set.
// The centre of the search is the given coordinates, else the city named by
// the address (or its postcode's prefix), else the city, postcode or point
// code in search_phrase. Points are filtered, measured by haversine distance
// (km, rounded to metres) and sorted nearest first.
// Without points_max_distance or map_bounds the search reaches 10 km; without
// limit it answers at most 50 points. A place the sandbox's map does not know
// gives an empty list. point_id finds that one point wherever it is.

import { haversineKm, type LatLng } from "../geography/haversine.ts";
import { foldText, POLISH_CITIES } from "../geography/polish-cities.ts";
import { type CatalogPoint, pointCatalogue } from "./point-catalogue.ts";

export const DEFAULT_MAX_DISTANCE_KM = 10;
export const DEFAULT_LIMIT = 50;

export interface PointsQuery {
  readonly location: {
    readonly coordinates?: LatLng | undefined;
    readonly search_phrase?: string | undefined;
    readonly address?:
      | {
          street?: string | undefined;
          postcode?: string | undefined;
          city?: string | undefined;
          country_code?: string | undefined;
        }
      | undefined;
    readonly points_max_distance?: number | undefined;
  };
  readonly filters?:
    | {
        readonly services?: readonly string[] | undefined;
        readonly point_types?: readonly string[] | undefined;
        readonly point_id?: string | undefined;
        readonly map_bounds?: { north_east: LatLng; south_west: LatLng } | undefined;
        readonly exclude_pickup_stations?: readonly string[] | undefined;
        readonly exclude_parcel_stations?: readonly string[] | undefined;
        readonly parcel_shops_only?: readonly string[] | undefined;
      }
    | undefined;
  readonly limit?: number | undefined;
}

export type FoundPoint = CatalogPoint & { readonly distance: number };

function cityByText(text: string): LatLng | undefined {
  const folded = foldText(text);
  if (folded === "") return undefined;
  const byName = POLISH_CITIES.find(
    (c) => folded === foldText(c.name) || folded.includes(foldText(c.name)),
  );
  if (byName) return byName;
  const postcode = /(\d{2})-?\d{3}/.exec(folded);
  if (postcode) {
    const byPostcode = POLISH_CITIES.find((c) => c.postcodePrefix === postcode[1]);
    if (byPostcode) return byPostcode;
  }
  const point = pointCatalogue().find((p) => foldText(p.code) === folded);
  return point?.coordinates;
}

/** The centre of the search, or undefined when the sandbox's map does not know the place. */
export function searchCentre(location: PointsQuery["location"]): LatLng | undefined {
  if (location.coordinates) return location.coordinates;
  const address = location.address;
  if (address) {
    if (address.country_code !== undefined && address.country_code !== "PL") return undefined;
    const centre = cityByText(address.city ?? "") ?? cityByText(address.postcode ?? "");
    if (centre) return centre;
  }
  if (location.search_phrase !== undefined) return cityByText(location.search_phrase);
  return undefined;
}

function passesKindFilters(
  point: CatalogPoint,
  filters: NonNullable<PointsQuery["filters"]>,
): boolean {
  if (filters.services && !filters.services.includes(point.service)) return false;
  if (filters.point_types && !filters.point_types.includes(point.type)) return false;
  if (filters.exclude_pickup_stations?.includes(point.service) && point.kind === "pickup_station")
    return false;
  if (filters.exclude_parcel_stations?.includes(point.service) && point.kind === "parcel_station")
    return false;
  if (filters.parcel_shops_only?.includes(point.service) && point.kind !== "parcel_shop")
    return false;
  return true;
}

function withinBounds(
  point: CatalogPoint,
  bounds: { north_east: LatLng; south_west: LatLng },
): boolean {
  const { latitude, longitude } = point.coordinates;
  return (
    latitude <= bounds.north_east.latitude &&
    latitude >= bounds.south_west.latitude &&
    longitude <= bounds.north_east.longitude &&
    longitude >= bounds.south_west.longitude
  );
}

export function searchPoints(query: PointsQuery): FoundPoint[] {
  const filters = query.filters ?? {};
  const centre = searchCentre(query.location);
  const limit = query.limit ?? DEFAULT_LIMIT;
  const measure = (p: CatalogPoint): FoundPoint => ({
    ...p,
    distance: centre ? Math.round(haversineKm(centre, p.coordinates) * 1000) / 1000 : 0,
  });
  if (filters.point_id !== undefined) {
    const wanted = foldText(filters.point_id);
    return pointCatalogue()
      .filter((p) => foldText(p.code) === wanted && passesKindFilters(p, filters))
      .map(measure);
  }
  if (!centre) return [];
  const bounds = filters.map_bounds;
  const maxDistance =
    query.location.points_max_distance ??
    (bounds ? Number.POSITIVE_INFINITY : DEFAULT_MAX_DISTANCE_KM);
  return pointCatalogue()
    .filter((p) => passesKindFilters(p, filters) && (!bounds || withinBounds(p, bounds)))
    .map(measure)
    .filter((p) => p.distance <= maxDistance)
    .sort((a, b) => a.distance - b.distance || (a.code < b.code ? -1 : 1))
    .slice(0, limit);
}
