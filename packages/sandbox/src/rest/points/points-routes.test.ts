// POST /points/map over real HTTP: the request is checked by core, the
// answer is the nearest points first, with the filters applied.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RestSandbox } from "../testing/rest-fixture.ts";

let sandbox: RestSandbox;
beforeAll(async () => {
  sandbox = await RestSandbox.start();
});
afterAll(() => sandbox.close());

describe("POST /points/map", () => {
  it("answers the nearest points first, within the distance", async () => {
    const res = await sandbox.call("POST", "/points/map", {
      body: {
        location: { coordinates: { latitude: 50.0647, longitude: 19.945 }, points_max_distance: 3 },
        limit: 10,
      },
    });
    expect(res.status).toBe(200);
    const points = res.body.points as Array<{
      distance: number;
      address: { city: string };
      code: string;
      coordinates: object;
    }>;
    expect(points.length).toBeGreaterThan(0);
    expect(points.length).toBeLessThanOrEqual(10);
    for (let i = 1; i < points.length; i++)
      expect(points[i]!.distance).toBeGreaterThanOrEqual(points[i - 1]!.distance);
    expect(points.every((p) => p.distance <= 3 && p.address.city === "Kraków")).toBe(true);
  });

  it("filters by service, point type and the per-carrier kind filters", async () => {
    const lockers = await sandbox.call("POST", "/points/map", {
      body: {
        location: { search_phrase: "Warszawa" },
        filters: { services: ["inpost"], point_types: ["parcel_machine"] },
      },
    });
    expect(lockers.body.points.length).toBeGreaterThan(0);
    for (const p of lockers.body.points)
      expect(p).toMatchObject({
        service: "inpost",
        type: "parcel_machine",
        code: expect.stringMatching(/^WAW\d+M$/),
      });
    const shops = await sandbox.call("POST", "/points/map", {
      body: {
        location: { search_phrase: "Warszawa", points_max_distance: 20 },
        filters: { parcel_shops_only: ["inpost"], services: ["inpost"] },
      },
    });
    for (const p of shops.body.points) expect(p.kind).toBe("parcel_shop");
    const noStations = await sandbox.call("POST", "/points/map", {
      body: {
        location: { search_phrase: "Warszawa", points_max_distance: 20 },
        filters: { exclude_pickup_stations: ["poczta", "dpd"] },
        limit: 500,
      },
    });
    expect(
      noStations.body.points.some(
        (p: { kind: string; service: string }) =>
          p.kind === "pickup_station" && ["poczta", "dpd"].includes(p.service),
      ),
    ).toBe(false);
  });

  it("finds one point by point_id", async () => {
    const near = await sandbox.call("POST", "/points/map", {
      body: { location: { search_phrase: "Gdynia" }, limit: 1 },
    });
    const code = near.body.points[0].code;
    const found = await sandbox.call("POST", "/points/map", {
      body: { location: { search_phrase: "Rzeszów" }, filters: { point_id: code } },
    });
    expect(found.body.points.map((p: { code: string }) => p.code)).toEqual([code]);
  });

  it("refuses a request without a place, or with unknown filters, naming the fields", async () => {
    const res = await sandbox.call("POST", "/points/map", {
      body: { location: {}, filters: { colour: ["red"] } },
    });
    expect(res.status).toBe(400);
    const paths = res.body.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(["location", "filters.colour"]));
  });
});
