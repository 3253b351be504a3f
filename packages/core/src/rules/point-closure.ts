// Whether a pickup point, as the service describes it (core's Point), can
// take a parcel now: not when the service marks it inactive, not while it is
// closed for a holiday (`holiday`), and not when its opening hours list no
// open day at all. Pure, so the rule is readable and tested on its own; a
// store checks a chosen point with it before paying for a parcel to it.
import type { Point } from "../schemas/point.ts";

export type PointClosure = "closed" | "holiday";

export function pointClosure(point: Point): PointClosure | undefined {
  if (point.active === false) return "closed";
  if (point.holiday === true) return "holiday";
  const hours = point.opening_hours;
  if (hours && Object.keys(hours).length > 0) {
    const open = Object.values(hours).some(
      (day) => day !== null && Boolean(day.start_hour) && Boolean(day.end_hour),
    );
    if (!open) return "closed";
  }
  return undefined;
}
