// The range of a reckoning: `from` inclusive, `to` exclusive, each a Date or
// an ISO 8601 text. A day alone ("2026-11-23") is that day from its first
// instant (midnight, or where the clocks skip midnight the instant they jump)
// in the merchant's time zone (Europe/Warsaw unless told otherwise: a Polish
// merchant's day, not UTC's, which starts at 01:00 or 02:00 there); as `to`
// it means the end of that day, so { from: "2026-11-23", to: "2026-11-23" }
// is the whole of the 23rd. The service writes its times in UTC; the range
// is compared with them as instants.
import type { ArgumentIssues } from "../validation/argument-issues.ts";
import { RULE_CODES } from "../validation/index.ts";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
/** The time zone a day alone is read in when none is given. */
export const DEFAULT_TIME_ZONE = "Europe/Warsaw";

/** How far `timeZone`'s clock is ahead of UTC at the instant `at` (ms). */
function zoneOffsetMs(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return local - Math.floor(at / 1000) * 1000;
}

/** The day (YYYY-MM-DD) the instant `at` falls on in `timeZone`. */
function localDay(at: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(new Date(at));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

const HOURS_3 = 3 * 3_600_000;

/**
 * The first instant of the day `day` (YYYY-MM-DD) in `timeZone`: its
 * midnight, or, where the clocks skip midnight (America/Santiago moves from
 * 00:00 to 01:00 on 2026-09-06), the instant they jump.
 */
export function startOfDay(day: string, timeZone: string): number {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  const guess = midnightUtc - zoneOffsetMs(midnightUtc, timeZone);
  // Across a change of offset, the offset at the guess is the right one.
  const midnight = midnightUtc - zoneOffsetMs(guess, timeZone);
  if (localDay(midnight, timeZone) === day && localDay(midnight - 1, timeZone) < day) {
    return midnight;
  }
  // No such midnight (it was skipped) or not the first: the day begins where
  // its date does, within hours of it (a change of clocks moves them by at
  // most an hour or two).
  let before = midnight - HOURS_3;
  let from = midnight + HOURS_3;
  while (from - before > 1) {
    const middle = Math.floor((before + from) / 2);
    if (localDay(middle, timeZone) >= day) from = middle;
    else before = middle;
  }
  return from;
}

/** The day after `day` (YYYY-MM-DD). */
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** The instant (ms) of a range end, or undefined (reported) when it is not a date. */
function instant(
  value: unknown,
  path: string,
  end: boolean,
  timeZone: string,
  issues: ArgumentIssues,
): number | undefined {
  if (value === undefined || value === null || value === "") {
    issues.report(path, RULE_CODES.required);
    return undefined;
  }
  if (value instanceof Date) {
    if (Number.isFinite(value.getTime())) return value.getTime();
    issues.report(path, RULE_CODES.invalid_type, { expected: "date" });
    return undefined;
  }
  if (typeof value === "string") {
    const day = DAY.test(value) ? Date.parse(`${value}T00:00:00Z`) : Number.NaN;
    if (Number.isFinite(day)) return startOfDay(end ? nextDay(value) : value, timeZone);
    const at = DATE_TIME.test(value) ? Date.parse(value) : Number.NaN;
    if (Number.isFinite(at)) return at;
    issues.report(path, RULE_CODES.invalid_format, { format: "datetime" });
    return undefined;
  }
  issues.report(path, RULE_CODES.invalid_type, { expected: "date" });
  return undefined;
}

/** The range in milliseconds, or undefined when it is wrong (every problem reported). */
export function reckoningRange(
  from: unknown,
  to: unknown,
  issues: ArgumentIssues,
  timeZone: unknown = DEFAULT_TIME_ZONE,
): { from: number; to: number } | undefined {
  const zone = checkTimeZone(timeZone, issues);
  const start = instant(from, "options.from", false, zone ?? DEFAULT_TIME_ZONE, issues);
  const end = instant(to, "options.to", true, zone ?? DEFAULT_TIME_ZONE, issues);
  if (start === undefined || end === undefined || zone === undefined) return undefined;
  if (end < start) {
    issues.report("options.to", RULE_CODES.date_range_invalid, {
      from: new Date(start).toISOString(),
      to: new Date(end).toISOString(),
    });
    return undefined;
  }
  return { from: start, to: end };
}

/** The time zone, or undefined (reported) when Intl does not know it. */
function checkTimeZone(value: unknown, issues: ArgumentIssues): string | undefined {
  if (typeof value !== "string" || value.trim() === "") {
    issues.report("options.timeZone", RULE_CODES.invalid_type, { expected: "string" });
    return undefined;
  }
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return value;
  } catch {
    issues.report("options.timeZone", RULE_CODES.invalid_format, { format: "time_zone" });
    return undefined;
  }
}
