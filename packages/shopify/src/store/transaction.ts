// One transaction on a client of the pool: the work runs between BEGIN and
// COMMIT, and anything it throws rolls it back (and is thrown on). Callers
// keep a row and a call to Shopify together: if Shopify fails, nothing of
// the step is kept and the next run tries again.
import type pg from "pg";

export async function inTransaction<T>(
  pool: pg.Pool,
  work: (db: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const db = await pool.connect();
  try {
    await db.query("BEGIN");
    const result = await work(db);
    await db.query("COMMIT");
    return result;
  } catch (error) {
    await db.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    db.release();
  }
}
