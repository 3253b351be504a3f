// The delivery time window of additional_services.delivery_on_time: reading
// "HH:MM" times, checking a range against a carrier's window, and the rule
// that the range is `{ from: "HH:MM", to: "HH:MM" }` with `from` no later than
// `to`. The schema checks each time's format; this rule adds what a shape
// cannot say (the order of the two ends) and a clear message for the
// "13:00-15:00" text that merchants type, which the request does not take.
import type { IssueCollector } from "../issues/issue-collector.ts";
import { RULE_CODES } from "../issues/rule-codes.ts";
import { asRecord, type Draft } from "./draft.ts";

/** A time window, "HH:MM" to "HH:MM", both ends included. */
export interface TimeWindow {
  readonly from: string;
  readonly to: string;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const PATH = "additional_services.delivery_on_time";

function minutes(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/**
 * The times of a delivery_on_time value, or undefined when unreadable. The
 * request form is `{ from: "HH:MM", to: "HH:MM" }`; "HH:MM" and "HH:MM-HH:MM"
 * strings are read as well.
 */
export function readDeliveryTimes(value: unknown): readonly string[] | undefined {
  let parts: string[];
  if (typeof value === "string") {
    if (value.length > 32) return undefined;
    parts = value.split("-").map((part) => part.trim());
  } else if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const { from, to } = value as { from?: unknown; to?: unknown };
    if (typeof from !== "string" || typeof to !== "string") return undefined;
    parts = [from, to];
  } else {
    return undefined;
  }
  if (parts.length > 2 || !parts.every((part) => TIME.test(part))) return undefined;
  const [from = "", to = from] = parts;
  return minutes(from) <= minutes(to) ? parts : undefined;
}

/** True when every time lies inside the window. */
export function withinWindow(times: readonly string[], window: TimeWindow): boolean {
  const from = minutes(window.from);
  const to = minutes(window.to);
  return times.every((time) => minutes(time) >= from && minutes(time) <= to);
}

/**
 * Reports a delivery_on_time given as text, or as a range that ends before it
 * starts. Other shapes and badly written times are left to the schema.
 */
export function checkDeliveryTime(additionalServices: Draft, findings: IssueCollector): void {
  const value = additionalServices["delivery_on_time"];
  if (typeof value === "string") {
    findings.error(PATH, RULE_CODES.delivery_time_invalid);
    return;
  }
  const range = asRecord(value);
  const from = range?.["from"];
  const to = range?.["to"];
  if (typeof from !== "string" || typeof to !== "string") return;
  if (TIME.test(from) && TIME.test(to) && minutes(from) > minutes(to)) {
    findings.error(PATH, RULE_CODES.delivery_time_invalid);
  }
}
