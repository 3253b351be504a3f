// The range of a reckoning: `from` inclusive, `to` exclusive, each a Date or
// an ISO 8601 text. A day alone ("2026-11-23") is that day from midnight
// UTC; as `to` it means the end of that day, so { from: "2026-11-23",
// to: "2026-11-23" } is the whole of the 23rd. The service writes its times
// in UTC, which is what the range is compared with.
import type { ArgumentIssues } from "../validation/argument-issues.ts";
import { RULE_CODES } from "../validation/index.ts";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const DAY_MS = 86_400_000;

/** The instant (ms) of a range end, or undefined (reported) when it is not a date. */
function instant(
  value: unknown,
  path: string,
  end: boolean,
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
    if (Number.isFinite(day)) return end ? day + DAY_MS : day;
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
): { from: number; to: number } | undefined {
  const start = instant(from, "options.from", false, issues);
  const end = instant(to, "options.to", true, issues);
  if (start === undefined || end === undefined) return undefined;
  if (end < start) {
    issues.report("options.to", RULE_CODES.date_range_invalid, {
      from: new Date(start).toISOString(),
      to: new Date(end).toISOString(),
    });
    return undefined;
  }
  return { from: start, to: end };
}
