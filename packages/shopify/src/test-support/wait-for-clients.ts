// Waits until no other client is connected to the test PostgreSQL. pg.Pool's
// end() resolves before every socket has closed, and the official session
// storage's pool has no error listener, so stopping the server before they
// close would end them with an error nobody handles.
import pg from "pg";

export async function waitForOtherClientsToLeave(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    for (let attempt = 0; attempt < 100; attempt++) {
      const { rows } = await client.query(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()",
      );
      if (rows[0].n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await client.end();
  }
}
