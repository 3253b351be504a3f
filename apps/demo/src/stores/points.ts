// Pickup points the customers chose, kept with their names, addresses and
// coordinates for the dashboard's map. Learnt from the Medusa store's
// pickup-point route (the service's points API behind it).
import type pg from "pg";

export interface KnownPoint {
  readonly id: string;
  readonly name: string;
  readonly address: string;
  readonly latitude?: number;
  readonly longitude?: number;
}

/** A point as the pickup-point route answers it (core's Point). */
export interface RoutePoint {
  readonly code: string;
  readonly name?: string | null;
  readonly service?: string | null;
  readonly address?: {
    street?: string | null;
    postcode?: string | null;
    city?: string | null;
  } | null;
  readonly coordinates?: { latitude: number; longitude: number } | null;
  /** How far the point is from the address, in kilometres, when the service says. */
  readonly distance?: number | null;
}

export function toKnownPoint(point: RoutePoint): KnownPoint {
  const address = point.address
    ? [point.address.street, [point.address.postcode, point.address.city].filter(Boolean).join(" ")]
        .filter(Boolean)
        .join(", ")
    : "";
  return {
    id: point.code,
    name: point.name ?? point.code,
    address,
    ...(point.coordinates
      ? { latitude: point.coordinates.latitude, longitude: point.coordinates.longitude }
      : {}),
  };
}

export async function migratePoints(pool: pg.Pool): Promise<void> {
  await pool.query(`CREATE TABLE IF NOT EXISTS demo_points (
    id text PRIMARY KEY,
    point jsonb NOT NULL
  )`);
}

export async function rememberPoints(pool: pg.Pool, points: readonly KnownPoint[]): Promise<void> {
  for (const point of points) {
    await pool.query(
      "INSERT INTO demo_points (id, point) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET point = EXCLUDED.point",
      [point.id, JSON.stringify(point)],
    );
  }
}

export async function knownPoints(pool: pg.Pool): Promise<Map<string, KnownPoint>> {
  const { rows } = await pool.query("SELECT id, point FROM demo_points");
  return new Map(rows.map((row) => [row.id as string, row.point as KnownPoint]));
}
