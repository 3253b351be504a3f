// How an ordered parcel moves with the clock, and how cancelling ends it.
import { describe, expect, it } from "vitest";
import type { StoredPackage } from "../packages/stored-package.ts";
import {
  COLLECTED_AFTER_MS,
  canCancel,
  DELIVERED_AFTER_MS,
  DELIVERY_STAGGER_MS,
  IN_TRANSIT_AFTER_MS,
  labelReadyAt,
  packageState,
  parcelEvents,
} from "./tracking-timeline.ts";

const T = Date.parse("2026-11-22T10:00:00Z");

function pkg(overrides: Partial<StoredPackage> = {}): StoredPackage {
  return {
    id: 1,
    account: "user:a",
    data: {
      parcels: [
        { width: 1, depth: 1, height: 1, weight: 1, type: "package" },
        { width: 1, depth: 1, height: 1, weight: 1, type: "package" },
      ],
      receiver: { city: "Kraków" },
      pickup: { city: "Warszawa" },
    },
    service: "dpd",
    serviceId: 1,
    serviceContract: "furgonetka",
    createdAt: T - 60_000,
    updatedAt: T - 60_000,
    orderCommand: "c1",
    orderedAt: T,
    labelFileFormat: "pdf",
    labelPageFormat: "a4",
    cancelCommand: null,
    canceledAt: null,
    parcelNumbers: ["11", "12"],
    trackingProblems: [],
    pickupCommand: null,
    pickupNumber: null,
    pickupDate: null,
    ...overrides,
  };
}

describe("the tracking timeline", () => {
  it("runs ordered, collected, in-transit, delivered by the clock", () => {
    const p = pkg();
    expect(packageState(p, T - 1)).toBe("waiting");
    expect(packageState(p, T)).toBe("ordered");
    expect(packageState(p, T + COLLECTED_AFTER_MS)).toBe("collected");
    expect(packageState(p, T + IN_TRANSIT_AFTER_MS)).toBe("in-transit");
    // A day after the order the parcel is still on its way.
    expect(packageState(p, T + 24 * 3_600_000)).toBe("in-transit");
    expect(packageState(p, T + DELIVERED_AFTER_MS - 1)).toBe("in-transit");
    expect(DELIVERED_AFTER_MS).toBe(30 * 3_600_000);
    expect(packageState(p, T + DELIVERED_AFTER_MS)).toBe("delivered");
    expect(parcelEvents(p, 0, T + DELIVERED_AFTER_MS).map((e) => [e.state, e.branch])).toEqual([
      ["ordered", "Warszawa"],
      ["collected", "Warszawa"],
      ["in-transit", "Sortownia Stryków"],
      ["delivered", "Kraków"],
    ]);
  });

  it("delivers later parcels of a package a little later", () => {
    const p = pkg();
    expect(parcelEvents(p, 1, T + DELIVERED_AFTER_MS).at(-1)?.state).toBe("in-transit");
    expect(parcelEvents(p, 1, T + DELIVERED_AFTER_MS + DELIVERY_STAGGER_MS).at(-1)?.state).toBe(
      "delivered",
    );
  });

  it("allows cancelling until the courier collects, and ends with canceled", () => {
    expect(canCancel(pkg(), T + COLLECTED_AFTER_MS - 1)).toBe(true);
    expect(canCancel(pkg(), T + COLLECTED_AFTER_MS)).toBe(false);
    expect(canCancel(pkg({ orderCommand: null, orderedAt: null }), T)).toBe(false);
    const canceled = pkg({ cancelCommand: "x", canceledAt: T + 1000 });
    expect(canCancel(canceled, T + 10)).toBe(false);
    expect(parcelEvents(canceled, 0, T + DELIVERED_AFTER_MS).map((e) => e.state)).toEqual([
      "ordered",
      "canceled",
    ]);
    expect(packageState(canceled, T + DELIVERED_AFTER_MS)).toBe("canceled");
  });

  it("makes the label ready 5 s after the order completes", () => {
    expect(labelReadyAt(pkg())).toBe(T + 5000);
    expect(labelReadyAt(pkg({ orderedAt: null }))).toBeNull();
  });
});
