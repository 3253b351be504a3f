// Before the Medusa store starts: a shipment attempt the plugin recorded as
// running belongs to a process that is gone (one Medusa runs on the demo's
// database, and it is not started yet). Marking it failed lets the next
// fulfillment of the same order and items take its name over and find its
// package, as the plugin does for an attempt that threw, instead of ordering
// a second package and leaving the first to the reconcile job.
import pg from "pg";

const LEDGER = "shipbridge_medusa_shipment_attempt";

export async function failDeadAttempts(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query("SELECT to_regclass($1) AS ledger", [LEDGER]);
    if (!rows[0]?.ledger) return 0;
    const { rowCount } = await client.query(
      `UPDATE ${LEDGER} SET state = 'failed', updated_at = now() WHERE state = 'running'`,
    );
    return rowCount ?? 0;
  } finally {
    await client.end();
  }
}
