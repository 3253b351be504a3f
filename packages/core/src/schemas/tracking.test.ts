// Tests of the tracking schemas: tracking answers, add-to-tracking and the
// tracking push.
import { describe, expect, it } from "vitest";
import {
  AddToTrackingRequestSchema,
  AddToTrackingResponseSchema,
  TRACKING_STATES,
  TrackingStateSchema,
  TrackingV1ResponseSchema,
  TrackingV2ResponseSchema,
} from "./tracking.ts";
import { TrackingPushSchema } from "./tracking-push.ts";

const event = {
  state: "collected",
  status: "Picked up by the courier",
  datetime: "2026-09-14 12:00:00",
};

describe("tracking answers", () => {
  it("v1 lists the package's events and keeps unknown keys", () => {
    const parsed = TrackingV1ResponseSchema.parse({
      tracking: [{ ...event, branch: "Warszawa", geo: "x" }],
      package_no: "123",
    });
    expect(parsed.tracking[0]?.branch).toBe("Warszawa");
    expect(parsed.tracking[0]?.["geo"]).toBe("x");
    expect(parsed["package_no"]).toBe("123");
  });

  it("v2 lists events per parcel", () => {
    const parsed = TrackingV2ResponseSchema.parse([
      { package_no: "A1", tracking: [event] },
      { package_no: "A2", tracking: [] },
    ]);
    expect(parsed.map((parcel) => parcel.package_no)).toEqual(["A1", "A2"]);
    expect(parsed[0]?.tracking[0]?.state).toBe("collected");
  });

  it("accepts a state it does not know yet", () => {
    expect(
      TrackingV1ResponseSchema.parse({ tracking: [{ ...event, state: "customs" }] }).tracking[0]
        ?.state,
    ).toBe("customs");
  });

  it("knows the states seen in the service", () => {
    for (const state of [
      "waiting",
      "ordered",
      "collect-problem",
      "canceled",
      "collected",
      "delivered",
    ]) {
      expect(TRACKING_STATES).toContain(state);
    }
    expect(TrackingStateSchema.safeParse("lost").success).toBe(false);
  });
});

describe("add to tracking", () => {
  it("sends a parcel number, strictly", () => {
    expect(AddToTrackingRequestSchema.parse({ package_no: "0000123", service: "dpd" })).toEqual({
      package_no: "0000123",
      service: "dpd",
    });
    const result = AddToTrackingRequestSchema.safeParse({ package_no: "1", carrier: "dpd" });
    expect(result.error?.issues[0]).toMatchObject({ code: "unrecognized_keys", keys: ["carrier"] });
  });

  it("reads the carrier and type of the answer", () => {
    const parsed = AddToTrackingResponseSchema.parse({ service: "dpd", type: "package", extra: 1 });
    expect(parsed.service).toBe("dpd");
    expect(parsed.type).toBe("package");
    expect(parsed["extra"]).toBe(1);
  });
});

describe("TrackingPushSchema", () => {
  const push = {
    package_id: 20126195,
    package_no: "630000000000000000000001",
    partner_order_id: "order-1001",
    tracking: {
      state: "delivered",
      description: "Delivered",
      datetime: "2026-09-15 09:12:00",
      branch: "Kraków",
    },
    control: "0123456789abcdef0123456789ABCDEF",
  };

  it("reads a push and keeps unknown keys", () => {
    const parsed = TrackingPushSchema.parse({ ...push, version: 2 });
    expect(parsed.tracking.state).toBe("delivered");
    expect(parsed["version"]).toBe(2);
    expect(TrackingPushSchema.parse({ ...push, package_id: "20126195" }).package_id).toBe(
      "20126195",
    );
  });

  it("wants a 32-hex-digit control", () => {
    const result = TrackingPushSchema.safeParse({ ...push, control: "0123" });
    expect(result.error?.issues[0]?.path).toEqual(["control"]);
    expect(TrackingPushSchema.safeParse({ ...push, control: `${"g".repeat(32)}` }).success).toBe(
      false,
    );
  });
});
