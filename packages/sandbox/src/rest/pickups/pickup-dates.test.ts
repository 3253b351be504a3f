// Pickup date proposals in Polish time: working days only, today only before
// 13:00, and today's window starting two hours ahead.
import { describe, expect, it } from "vitest";
import { pickupDateProposals, warsawInstant, warsawTime } from "./pickup-dates.ts";

describe("pickupDateProposals", () => {
  it("reads the clock in Warsaw time, summer and winter", () => {
    expect(warsawTime(Date.parse("2026-07-01T10:30:00Z"))).toMatchObject({
      day: 1,
      hour: 12,
      minute: 30,
    });
    expect(warsawTime(Date.parse("2026-11-30T23:30:00Z"))).toMatchObject({
      month: 12,
      day: 1,
      hour: 0,
    });
  });

  it("turns a day and time in Warsaw back into the instant, summer and winter", () => {
    expect(new Date(warsawInstant("2026-07-01", "12:30")).toISOString()).toBe(
      "2026-07-01T10:30:00.000Z",
    );
    expect(new Date(warsawInstant("2026-11-24", "10:00")).toISOString()).toBe(
      "2026-11-24T09:00:00.000Z",
    );
    expect(new Date(warsawInstant("2026-03-30", "00:15")).toISOString()).toBe(
      "2026-03-29T22:15:00.000Z",
    );
  });

  it("offers today from two hours ahead when asked on a weekday morning", () => {
    // Monday 2026-11-23, 09:15 in Warsaw.
    const proposals = pickupDateProposals(Date.parse("2026-11-23T08:15:00Z"), "en_GB");
    expect(proposals.map((p) => p.date)).toEqual([
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
    ]);
    expect(proposals[0]).toMatchObject({ min_time: "12:00", max_time: "16:00" });
    expect(proposals[0]?.info).toContain("today");
    expect(proposals[1]).toMatchObject({ min_time: "10:00", max_time: "16:00" });
  });

  it("starts tomorrow after 13:00 and skips the weekend", () => {
    // Friday 2026-11-27, 14:00 in Warsaw.
    const proposals = pickupDateProposals(Date.parse("2026-11-27T13:00:00Z"), "pl_PL");
    expect(proposals.map((p) => p.date)).toEqual([
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
    ]);
    expect(proposals[0]?.info).toContain("Kurier");
  });
});
