// The processes of a running demo, read from /proc: the demo's process and
// every process below it, and every process in the process groups they lead
// (Medusa and PostgreSQL run in groups of their own). A test takes them
// while the demo runs and checks afterwards that none is left, telling a
// reused pid apart by its start time.
import { readdirSync, readFileSync } from "node:fs";

export interface ProcessEntry {
  readonly pid: number;
  readonly ppid: number;
  readonly pgid: number;
  /** Start time in clock ticks since boot: a reused pid has another. */
  readonly started: string;
  readonly command: string;
}

function entry(pid: number): ProcessEntry | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command (field 2) is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim();
    return {
      pid,
      ppid: Number(fields[1]),
      pgid: Number(fields[2]),
      started: fields[19] ?? "",
      command,
    };
  } catch {
    return undefined;
  }
}

function all(): ProcessEntry[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map((name) => entry(Number(name)))
    .filter((found): found is ProcessEntry => found !== undefined && found.started !== "");
}

/** `root` and everything below it, and everything in the process groups any of them leads. */
export function processTree(root: number): ProcessEntry[] {
  const processes = all();
  const found = new Map<number, ProcessEntry>();
  const add = (pid: number) => {
    for (const candidate of processes) {
      if (found.has(candidate.pid)) continue;
      if (candidate.pid === pid || candidate.ppid === pid) {
        found.set(candidate.pid, candidate);
        add(candidate.pid);
      }
    }
  };
  add(root);
  const groups = new Set([...found.values()].map((candidate) => candidate.pgid));
  for (const candidate of processes)
    if (groups.has(candidate.pgid)) found.set(candidate.pid, candidate);
  return [...found.values()];
}

/** Which of `processes` still run (same pid, same start time). */
export function stillRunning(processes: readonly ProcessEntry[]): ProcessEntry[] {
  return processes.filter((before) => {
    const now = entry(before.pid);
    return now !== undefined && now.started === before.started;
  });
}

/** SIGKILL to whatever of `processes` is still running (what a failed test left behind). */
export function killLeft(processes: readonly ProcessEntry[]): void {
  for (const left of stillRunning(processes)) {
    try {
      process.kill(left.pid, "SIGKILL");
    } catch {
      // Gone meanwhile.
    }
  }
}
