// Whether the points a package names can take it, as the service checks when
// a package is created, edited or validated, and again when it is ordered: a
// point (`pickup.point`, where the sender hands the parcel in, or
// `receiver.point`, where the receiver collects it) must be in the point data
// set, open (`active`, as POST /_sandbox/points/{code} leaves it), not on
// holiday at that moment of the sandbox clock, of the package's carrier, for
// `receiver.point` a point that hands parcels out, and for `pickup.point` (a
// sender's drop-off, as a return parcel's customer) a point that takes
// parcels in (`is_send_point`). Each problem is core's
// `point_unavailable` with the reason in its message parameters.
import type { MessageParams } from "@shipbridge/core/internal";
import type { SandboxDatabase } from "../../state/database.ts";
import { catalogPoint, withPointState } from "./point-states.ts";

/** The package fields that name a point. */
export const POINT_FIELDS = ["pickup.point", "receiver.point"] as const;
export type PointField = (typeof POINT_FIELDS)[number];

export type PointUnavailableReason =
  | "not_found"
  | "closed"
  | "holiday"
  | "other_carrier"
  | "not_delivery_point"
  | "not_send_point";

/** Why one of the package's points cannot take it, with the parameters of core's message. */
export interface PointProblem {
  readonly field: PointField;
  readonly point: string;
  readonly reason: PointUnavailableReason;
  readonly params: MessageParams;
}

function pointAt(pkg: unknown, field: PointField): string | undefined {
  if (typeof pkg !== "object" || pkg === null) return undefined;
  const [owner] = field.split(".") as [string];
  const address = (pkg as Record<string, unknown>)[owner];
  if (typeof address !== "object" || address === null) return undefined;
  const point = (address as Record<string, unknown>).point;
  return typeof point === "string" && point.trim() !== "" ? point : undefined;
}

/**
 * The problems of the points `pkg` names (a package body or a stored
 * package's data; fields without a point text are skipped), checked against
 * the points' states now. `carrier` is the package's carrier; undefined skips
 * the carrier check (a package whose service could not be resolved).
 */
export function pointProblems(
  db: SandboxDatabase,
  pkg: unknown,
  carrier: string | undefined,
): PointProblem[] {
  const problems: PointProblem[] = [];
  for (const field of POINT_FIELDS) {
    const code = pointAt(pkg, field);
    if (code === undefined) continue;
    const problem = (reason: PointUnavailableReason, extra: MessageParams = {}): PointProblem => ({
      field,
      point: code,
      reason,
      params: { point: code, field, reason, ...extra },
    });
    const found = catalogPoint(code);
    if (!found) {
      problems.push(problem("not_found"));
      continue;
    }
    const point = withPointState(db, found);
    if (carrier !== undefined && point.service !== carrier) {
      problems.push(problem("other_carrier", { pointCarrier: point.service, carrier }));
    } else if (!point.active) {
      problems.push(problem("closed"));
    } else if (point.holiday) {
      problems.push(problem("holiday"));
    } else if (field === "receiver.point" && !point.is_delivery_point) {
      problems.push(problem("not_delivery_point"));
    } else if (field === "pickup.point" && !point.is_send_point) {
      problems.push(problem("not_send_point"));
    }
  }
  return problems;
}
