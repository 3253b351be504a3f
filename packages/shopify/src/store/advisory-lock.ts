// A lock in the database, by name, for work that two instances (or two
// requests) must never do at once: the holder keeps one connection of the
// pool for as long as the work runs, and a crashed holder's connection ends,
// and its lock with it.
import type pg from "pg";

/** Runs `work` while holding the database lock named `name`. */
export async function withAdvisoryLock<T>(
  pool: pg.Pool,
  name: string,
  work: () => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtextextended($1, 7340115))", [name]);
    try {
      return await work();
    } finally {
      await client.query("SELECT pg_advisory_unlock(hashtextextended($1, 7340115))", [name]);
    }
  } finally {
    client.release();
  }
}
