// The range of a reckoning: instants, ISO texts, and days alone.
import { describe, expect, it } from "vitest";
import { ArgumentIssues } from "../validation/argument-issues.ts";
import { reckoningRange, startOfDay } from "./reckoning-range.ts";

/** The day (YYYY-MM-DD) an instant falls on in a time zone. */
function localDay(at: number, timeZone: string): string {
  return new Intl.DateTimeFormat("sv-SE", { timeZone }).format(at);
}

function range(from: unknown, to: unknown) {
  const issues = new ArgumentIssues({});
  const result = reckoningRange(from, to, issues);
  return { result, issues: issues.issues.map((i) => [i.path, i.rule, i.message]) };
}

describe("reckoningRange", () => {
  it("takes a day alone as the whole day in Warsaw, to included", () => {
    expect(range("2026-11-23", "2026-11-23").result).toEqual({
      from: Date.parse("2026-11-22T23:00:00Z"),
      to: Date.parse("2026-11-23T23:00:00Z"),
    });
    // Summer time: Warsaw is two hours ahead.
    expect(range("2026-07-01", "2026-07-01").result).toEqual({
      from: Date.parse("2026-06-30T22:00:00Z"),
      to: Date.parse("2026-07-01T22:00:00Z"),
    });
  });

  it("takes a day across a change of clocks as the 23 or 25 hours it has", () => {
    const spring = range("2026-03-29", "2026-03-29").result;
    expect(spring).toEqual({
      from: Date.parse("2026-03-28T23:00:00Z"),
      to: Date.parse("2026-03-29T22:00:00Z"),
    });
    const autumn = range("2026-10-25", "2026-10-25").result;
    expect(autumn).toEqual({
      from: Date.parse("2026-10-24T22:00:00Z"),
      to: Date.parse("2026-10-25T23:00:00Z"),
    });
  });

  it("reads a day in the time zone it is given", () => {
    const issues = new ArgumentIssues({});
    expect(reckoningRange("2026-11-23", "2026-11-23", issues, "UTC")).toEqual({
      from: Date.parse("2026-11-23T00:00:00Z"),
      to: Date.parse("2026-11-24T00:00:00Z"),
    });
    expect(reckoningRange("2026-11-23", "2026-11-23", issues, "America/New_York")).toEqual({
      from: Date.parse("2026-11-23T05:00:00Z"),
      to: Date.parse("2026-11-24T05:00:00Z"),
    });
  });

  it("starts a day whose midnight the clocks skip at its first instant", () => {
    // Santiago moves its clocks from 00:00 to 01:00 on 2026-09-06: the day starts at 01:00 (-03).
    const issues = new ArgumentIssues({});
    expect(reckoningRange("2026-09-06", "2026-09-06", issues, "America/Santiago")).toEqual({
      from: Date.parse("2026-09-06T04:00:00Z"),
      to: Date.parse("2026-09-07T03:00:00Z"),
    });
    // The day before ends where it starts: 23 hours long.
    expect(reckoningRange("2026-09-05", "2026-09-05", issues, "America/Santiago")?.to).toBe(
      Date.parse("2026-09-06T04:00:00Z"),
    );
    // Havana does the same on 2026-03-08.
    expect(startOfDay("2026-03-08", "America/Havana")).toBe(Date.parse("2026-03-08T05:00:00Z"));
    expect(issues.issues).toEqual([]);
    for (const [day, zone] of [
      ["2026-09-06", "America/Santiago"],
      ["2026-03-08", "America/Havana"],
      ["2026-04-05", "America/Santiago"],
      ["2026-03-29", "Europe/Warsaw"],
      ["2026-10-25", "Europe/Warsaw"],
    ] as const) {
      const start = startOfDay(day, zone);
      expect(localDay(start, zone)).toBe(day);
      expect(localDay(start - 1, zone)).not.toBe(day);
    }
  });

  it("names an unknown time zone beside the other problems", () => {
    const issues = new ArgumentIssues({});
    expect(reckoningRange("2026-11-23", "nope", issues, "Mars/Olympus")).toBeUndefined();
    expect(issues.issues.map((i) => [i.path, i.rule, i.message])).toEqual([
      [
        "options.timeZone",
        "invalid_format",
        "The format is wrong: expected an IANA time zone such as Europe/Warsaw.",
      ],
      [
        "options.to",
        "invalid_format",
        "The format is wrong: expected a date and time such as 2026-09-01T13:00:00Z.",
      ],
    ]);
  });

  it("takes Dates and ISO date-times with their offset as they are", () => {
    expect(range(new Date("2026-11-23T08:00:00Z"), "2026-11-23T18:00:00+01:00").result).toEqual({
      from: Date.parse("2026-11-23T08:00:00Z"),
      to: Date.parse("2026-11-23T17:00:00Z"),
    });
  });

  it("names each wrong end, and an end before the start", () => {
    expect(range("23.11.2026", new Date(Number.NaN)).issues).toEqual([
      [
        "options.from",
        "invalid_format",
        "The format is wrong: expected a date and time such as 2026-09-01T13:00:00Z.",
      ],
      ["options.to", "invalid_type", "Expected a date (a Date object)."],
    ]);
    expect(range("2026-11-24", "2026-11-22").issues).toEqual([
      [
        "options.to",
        "date_range_invalid",
        "2026-11-22T23:00:00.000Z must not be earlier than 2026-11-23T23:00:00.000Z.",
      ],
    ]);
  });
});
