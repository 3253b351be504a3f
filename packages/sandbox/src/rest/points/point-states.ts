// A point's state as a test sets it with POST /_sandbox/points/{code}: closed
// (`active: false`) or on holiday (`holiday: true`), and back. The point data
// set itself is generated and never changes; these states are kept in the
// database beside it (reset clears them, `--data` keeps them) and laid over
// the points that POST /points/map answers, so a client can test what it does
// when a point chosen earlier closes.
import { z } from "zod";
import type { SandboxDatabase } from "../../state/database.ts";
import { foldText } from "../geography/polish-cities.ts";
import { type CatalogPoint, pointCatalogue } from "./point-catalogue.ts";

export const PointStateInputSchema = z
  .strictObject({
    active: z
      .boolean("active must be true or false: false closes the point, true opens it again")
      .optional(),
    holiday: z
      .boolean("holiday must be true or false: true puts the point on holiday, false ends it")
      .optional(),
  })
  .refine((input) => input.active !== undefined || input.holiday !== undefined, {
    error: "send active, holiday or both",
    path: ["holiday"],
  });
export type PointStateInput = z.output<typeof PointStateInputSchema>;

interface PointState {
  readonly active: boolean;
  readonly holiday: boolean;
}

/** The catalogue point with this code (case and diacritics ignored), or undefined. */
export function catalogPoint(code: string): CatalogPoint | undefined {
  const wanted = foldText(code);
  return pointCatalogue().find((point) => foldText(point.code) === wanted);
}

/** Sets the point's state; answers the point as the service now describes it, or undefined for an unknown code. */
export function setPointState(
  db: SandboxDatabase,
  code: string,
  input: PointStateInput,
  now: number,
): CatalogPoint | undefined {
  const point = catalogPoint(code);
  if (!point) return undefined;
  const current = withPointState(db, point);
  db.sql
    .prepare(
      `INSERT INTO rest_point_states (code, active, holiday, changed_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (code) DO UPDATE SET active = excluded.active, holiday = excluded.holiday,
         changed_at = excluded.changed_at`,
    )
    .run(
      point.code,
      Number(input.active ?? current.active),
      Number(input.holiday ?? current.holiday),
      now,
    );
  return withPointState(db, point);
}

function pointStates(db: SandboxDatabase): Map<string, PointState> {
  const rows = db.sql
    .prepare("SELECT code, active, holiday FROM rest_point_states")
    .all() as Array<{
    code: string;
    active: number;
    holiday: number;
  }>;
  return new Map(
    rows.map((row) => [row.code, { active: row.active === 1, holiday: row.holiday === 1 }]),
  );
}

/** The point with the state a test set on it, if any. */
export function withPointState<P extends CatalogPoint>(db: SandboxDatabase, point: P): P {
  return withStates(pointStates(db), [point])[0] as P;
}

/** The points with the states tests set on them. */
export function withPointStates<P extends CatalogPoint>(
  db: SandboxDatabase,
  points: readonly P[],
): P[] {
  return withStates(pointStates(db), points);
}

function withStates<P extends CatalogPoint>(
  states: Map<string, PointState>,
  points: readonly P[],
): P[] {
  if (states.size === 0) return [...points];
  return points.map((point) => {
    const state = states.get(point.code);
    return state ? { ...point, ...state } : point;
  });
}
