// The rule that decides whether a pickup point can take a parcel, on points
// as the schema reads the service's answer (an InPost locker open round
// the clock, a parcel shop closed on Sundays).

import { describe, expect, it } from "vitest";
import { type Point, PointSchema } from "../schemas/point.ts";
import { pointClosure } from "./point-closure.ts";

const WEEK = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

const locker: Point = PointSchema.parse({
  code: "KRA010",
  service: "inpost",
  type: "parcel_machine",
  active: true,
  holiday: false,
  opening_hours: Object.fromEntries(
    WEEK.map((day) => [day, { start_hour: "00:00", end_hour: "23:59" }]),
  ),
});

const shop: Point = PointSchema.parse({
  code: "POP-KRA123",
  service: "inpost",
  type: "service_point",
  active: true,
  holiday: false,
  opening_hours: Object.fromEntries(
    WEEK.map((day) => [day, day === "sunday" ? null : { start_hour: "09:00", end_hour: "18:00" }]),
  ),
});

describe("pointClosure", () => {
  it("lets an open point take the parcel, even one closed on Sundays", () => {
    expect(pointClosure(locker)).toBeUndefined();
    expect(pointClosure(shop)).toBeUndefined();
    // A point that gives no opening hours is not judged by them.
    expect(pointClosure(PointSchema.parse({ code: "PL00147", active: true }))).toBeUndefined();
  });

  it("refuses a point closed for a holiday", () => {
    expect(pointClosure({ ...shop, holiday: true })).toBe("holiday");
    expect(pointClosure({ ...locker, holiday: true })).toBe("holiday");
  });

  it("refuses an inactive point, and one whose opening hours have no open day", () => {
    expect(pointClosure({ ...locker, active: false })).toBe("closed");
    const never = Object.fromEntries(WEEK.map((day) => [day, null]));
    expect(pointClosure({ ...shop, opening_hours: never })).toBe("closed");
  });
});
