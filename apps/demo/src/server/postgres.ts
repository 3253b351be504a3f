// The demo's one embedded PostgreSQL, its data in the data folder, with a
// database for each part: the demo itself, the Shopify app, the Medusa store.
import { join } from "node:path";
import { startPostgres } from "@shipbridge/tooling/embedded-postgres";
import { ownGroup } from "@shipbridge/tooling/process-groups";
import pg from "pg";

export const DATABASES = ["demo", "shopify", "medusa"] as const;
export type DatabaseName = (typeof DATABASES)[number];

export interface DemoPostgres {
  url(database: DatabaseName): string;
  stop(): Promise<void>;
}

export async function startDemoPostgres(dataDir: string): Promise<DemoPostgres> {
  const server = await startPostgres({ dataDir: join(dataDir, "postgres") });
  // Its own group: a crash of the demo stops it too (a fast shutdown; forced: an immediate one).
  ownGroup(server.pid, { stop: "SIGINT", force: "SIGQUIT" });
  const url = (database: string) => {
    const address = new URL(server.connectionString);
    address.pathname = `/${database}`;
    return address.toString();
  };
  const admin = new pg.Client({ connectionString: server.connectionString });
  admin.on("error", () => {});
  await admin.connect();
  try {
    const { rows } = await admin.query("SELECT datname FROM pg_database");
    const existing = new Set(rows.map((row) => row.datname as string));
    for (const database of DATABASES) {
      if (!existing.has(database)) await admin.query(`CREATE DATABASE ${database}`);
    }
  } finally {
    await admin.end();
  }
  return { url, stop: () => server.stop() };
}
