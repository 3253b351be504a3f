// One `medusa` command of the store app run as a child process: in this
// app's folder, from its own `node_modules/.bin` (no `pnpm` needed on PATH),
// in a process group of its own, so that a Ctrl+C at the terminal reaches
// only `start`, which stops it in order; `stop()` signals the whole group
// (`medusa develop` forks the server), SIGKILL after a bound, and waits
// until none of it is left. Its output comes line by line.
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/** How long Medusa gets to stop on SIGTERM before its group is killed. */
const STOP_BOUND_MS = 10_000;

export interface MedusaProcess {
  /** Resolves with the exit code (null when a signal ended it). */
  readonly exited: Promise<number | null>;
  /** Stops the group (SIGTERM, SIGKILL after a bound); resolves once none of it is left. */
  stop(): Promise<void>;
  /** Kills the group at once (this process is exiting). */
  kill(): void;
}

const groupAlive = (pid: number) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

const signalGroup = (pid: number, signal: NodeJS.Signals) => {
  try {
    process.kill(-pid, signal);
  } catch {
    // Gone already.
  }
};

export function runMedusa(
  appDir: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  onLine: (line: string) => void,
): MedusaProcess {
  const child: ChildProcess = spawn(join(appDir, "node_modules/.bin/medusa"), args, {
    cwd: appDir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  for (const stream of [child.stdout, child.stderr]) {
    let rest = "";
    stream?.on("data", (chunk: Buffer) => {
      const lines = (rest + chunk.toString("utf8")).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) onLine(line);
    });
    stream?.on("end", () => {
      if (rest) onLine(rest);
      rest = "";
    });
  }
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => resolve(code));
  });
  // An error is reported through `exited`; a stop must not count it as unhandled.
  exited.catch(() => {});
  const pid = child.pid;
  const gone = () =>
    pid === undefined ||
    ((child.exitCode !== null || child.signalCode !== null) && !groupAlive(pid));
  const waitGone = async (ms: number) => {
    for (let waited = 0; !gone() && waited < ms; waited += 50) await sleep(50);
    return gone();
  };
  return {
    exited,
    async stop() {
      if (pid === undefined) return;
      signalGroup(pid, "SIGTERM");
      if (await waitGone(STOP_BOUND_MS)) return;
      signalGroup(pid, "SIGKILL");
      await waitGone(5_000);
    },
    kill() {
      if (pid !== undefined) signalGroup(pid, "SIGKILL");
    },
  };
}
