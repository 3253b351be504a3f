// Distances between real Polish cities, checked against their known values.
import { describe, expect, it } from "vitest";
import { haversineKm } from "./haversine.ts";

describe("haversineKm", () => {
  it("is zero for the same point", () => {
    expect(
      haversineKm({ latitude: 52.23, longitude: 21.01 }, { latitude: 52.23, longitude: 21.01 }),
    ).toBe(0);
  });

  it("gives about 252 km from Warszawa to Kraków", () => {
    const km = haversineKm(
      { latitude: 52.2297, longitude: 21.0122 },
      { latitude: 50.0647, longitude: 19.945 },
    );
    expect(km).toBeGreaterThan(250);
    expect(km).toBeLessThan(254);
  });

  it("is symmetric", () => {
    const a = { latitude: 54.352, longitude: 18.6466 };
    const b = { latitude: 51.1079, longitude: 17.0385 };
    expect(haversineKm(a, b)).toBeCloseTo(haversineKm(b, a), 9);
  });
});
