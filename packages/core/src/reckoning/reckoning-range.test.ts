// The range of a reckoning: instants, ISO texts, and days alone.
import { describe, expect, it } from "vitest";
import { ArgumentIssues } from "../validation/argument-issues.ts";
import { reckoningRange } from "./reckoning-range.ts";

function range(from: unknown, to: unknown) {
  const issues = new ArgumentIssues({});
  const result = reckoningRange(from, to, issues);
  return { result, issues: issues.issues.map((i) => [i.path, i.rule, i.message]) };
}

describe("reckoningRange", () => {
  it("takes a day alone as the whole day, to included", () => {
    expect(range("2026-11-23", "2026-11-23").result).toEqual({
      from: Date.parse("2026-11-23T00:00:00Z"),
      to: Date.parse("2026-11-24T00:00:00Z"),
    });
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
        "2026-11-23T00:00:00.000Z must not be earlier than 2026-11-24T00:00:00.000Z.",
      ],
    ]);
  });
});
