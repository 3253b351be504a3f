// The Medusa store of apps/medusa-store, run as a child process on the demo's
// database and shipping service: migrated and set up (seed, admin user,
// publishable key) on the first start only, then served with `medusa start`
// (no file watcher; the admin UI is not built, so the demo serves the store
// and admin APIs). A pid file lets the next start stop a child that a killed
// demo left behind.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ownGroup } from "@shipbridge/tooling/process-groups";
import { alive, commandLine, processStartTime } from "@shipbridge/tooling/processes";

export interface MedusaProcessOptions {
  readonly repoRoot: string;
  readonly dataDir: string;
  readonly port: number;
  readonly env: Record<string, string>;
  /** Receives the child's output lines (the demo prefixes and prints them). */
  readonly log: (line: string) => void;
}

export const medusaDir = (repoRoot: string) => join(repoRoot, "apps/medusa-store");

function pidFile(dataDir: string): string {
  return join(dataDir, "medusa.pid");
}

/** What the pid file records: the child's pid and when it started (one process, never a later one with its pid). */
interface PidRecord {
  readonly pid: number;
  readonly startTime?: string;
}

function writePidFile(dataDir: string, pid: number | undefined): void {
  if (pid === undefined) return;
  const record: PidRecord = { pid, ...optional(processStartTime(pid)) };
  writeFileSync(pidFile(dataDir), JSON.stringify(record));
}

const optional = (startTime: string | undefined) => (startTime === undefined ? {} : { startTime });

function readPidFile(file: string): PidRecord | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as unknown;
    // An older run wrote the bare pid.
    const record = (typeof parsed === "number" ? { pid: parsed } : parsed) as PidRecord;
    return Number.isInteger(record.pid) && record.pid > 0 ? record : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether `record` still names the Medusa child it was written for: the same
 * process (its start time), running Medusa's command line. After a reboot the
 * pid may belong to any process, which is left alone.
 */
function isMedusaOf(record: PidRecord): boolean {
  const args = commandLine(record.pid);
  if (!args?.some((arg) => /medusa/.test(arg))) return false;
  return record.startTime === undefined || processStartTime(record.pid) === record.startTime;
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(-pid, name);
  } catch {
    try {
      process.kill(pid, name);
    } catch {
      // Gone already.
    }
  }
}

/**
 * Stops the process group a killed demo's Medusa child left running: a
 * graceful stop first, so a request it is still serving (a fulfillment whose
 * package is being ordered) completes rather than being cut in the middle.
 */
export async function stopOrphanMedusa(dataDir: string): Promise<void> {
  const file = pidFile(dataDir);
  if (!existsSync(file)) return;
  const record = readPidFile(file);
  rmSync(file, { force: true });
  if (!record || !alive(record.pid) || !isMedusaOf(record)) return;
  const { pid } = record;
  signal(pid, "SIGTERM");
  for (let waited = 0; alive(pid) && waited < 20_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!alive(pid)) return;
  signal(pid, "SIGKILL");
  for (let waited = 0; alive(pid) && waited < 10_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Medusa processes of this run that have not exited yet. */
const running = new Set<ChildProcess>();

/** Stops every Medusa process this run started (Ctrl+C while the demo is starting). */
export async function stopMedusaChildren(): Promise<void> {
  await Promise.all([...running].map((child) => stopGroup(child, STOP_BOUND_MS)));
}

function run(options: MedusaProcessOptions, args: string[]): ChildProcess {
  const bin = join(medusaDir(options.repoRoot), "node_modules/.bin/medusa");
  const child = spawn(bin, args, {
    cwd: medusaDir(options.repoRoot),
    env: { ...process.env, ...options.env, MEDUSA_DISABLE_TELEMETRY: "true" },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group: stopping it stops what it spawned too.
    detached: true,
  });
  let rest = "";
  const onData = (chunk: Buffer) => {
    const lines = (rest + chunk.toString("utf8")).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) options.log(line);
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  running.add(child);
  // Its own group: a crash of the demo stops it too.
  if (child.pid !== undefined) ownGroup(child.pid, { stop: "SIGTERM", force: "SIGKILL" });
  child.once("exit", () => running.delete(child));
  return child;
}

/** Runs a medusa command to its end; answers its output lines. */
export function medusaCommand(options: MedusaProcessOptions, args: string[]): Promise<string[]> {
  const lines: string[] = [];
  return new Promise((resolve, reject) => {
    const child = run(
      {
        ...options,
        log: (line) => {
          lines.push(line);
          options.log(line);
        },
      },
      args,
    );
    writePidFile(options.dataDir, child.pid);
    child.on("error", reject);
    child.on("exit", (code) => {
      rmSync(pidFile(options.dataDir), { force: true });
      if (code === 0) resolve(lines);
      else
        reject(new Error(`medusa ${args[0]} exited with ${code}:\n${lines.slice(-15).join("\n")}`));
    });
  });
}

export interface ServingMedusa {
  readonly url: string;
  stop(): Promise<void>;
}

/** `medusa start`, until its health route answers. */
export async function serveMedusa(options: MedusaProcessOptions): Promise<ServingMedusa> {
  const child = run(options, ["start", "--port", String(options.port)]);
  writePidFile(options.dataDir, child.pid);
  let exited: number | null | undefined;
  child.on("exit", (code) => {
    exited = code;
  });
  const url = `http://localhost:${options.port}`;
  for (;;) {
    if (exited !== undefined) throw new Error(`medusa start exited with ${exited}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    async stop() {
      await stopGroup(child, STOP_BOUND_MS);
      rmSync(pidFile(options.dataDir), { force: true });
    },
  };
}

/** How long Medusa gets to stop on SIGTERM before its group is killed. */
const STOP_BOUND_MS = 4_000;

const groupAlive = (pid: number) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Stops a child and everything in its process group: SIGTERM, then SIGKILL
 * after `boundMs` (Medusa may ignore SIGTERM for most of a minute), and
 * waits until none of the group is left.
 */
async function stopGroup(child: ChildProcess, boundMs: number): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const waitFor = async (done: () => boolean, ms: number) => {
    for (let waited = 0; !done() && waited < ms; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return done();
  };
  if (!gone() || groupAlive(pid)) signal(pid, "SIGTERM");
  if (await waitFor(() => gone() && !groupAlive(pid), boundMs)) return;
  signal(pid, "SIGKILL");
  await waitFor(() => gone() && !groupAlive(pid), 5_000);
}
