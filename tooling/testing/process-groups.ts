// The process groups an app started (servers run in groups of their own, so
// a terminal's Ctrl+C reaches only the app): each with the signal that stops
// it well. The app's orderly stop stops them one by one; when it cannot (a
// crash, a second Ctrl+C) these signal them all at once, so none outlives it.
import { setTimeout as sleep } from "node:timers/promises";

/** How a group is stopped: `stop` asks it to stop well, `force` stops it at once. */
export interface GroupSignals {
  readonly stop: NodeJS.Signals;
  readonly force: NodeJS.Signals;
}

/** Group leader pid -> how to stop it. */
const groups = new Map<number, GroupSignals>();

const groupAlive = (pid: number) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * Remembers a group this process started (`pid` leads it); answers how to
 * forget it. (PostgreSQL's `force` is its immediate shutdown, not SIGKILL:
 * its children lead groups of their own, and only it can stop them.)
 */
export function ownGroup(pid: number, signals: GroupSignals): () => void {
  groups.set(pid, signals);
  return () => groups.delete(pid);
}

/** The groups still running. */
export function ownedGroups(): number[] {
  for (const pid of groups.keys()) if (!groupAlive(pid)) groups.delete(pid);
  return [...groups.keys()];
}

/**
 * Stops every group at once: its `stop` signal (`force` when forced), then
 * SIGKILL after `boundMs` for what is left; waits (bounded) until none is left.
 */
export async function stopGroupsNow(boundMs: number, how: keyof GroupSignals): Promise<void> {
  const send = (pid: number, name: NodeJS.Signals) => {
    try {
      process.kill(-pid, name);
    } catch {
      // Gone meanwhile.
    }
  };
  for (const pid of ownedGroups()) send(pid, (groups.get(pid) as GroupSignals)[how]);
  for (let waited = 0; ownedGroups().length > 0 && waited < boundMs; waited += 50) await sleep(50);
  for (const pid of ownedGroups()) send(pid, "SIGKILL");
  for (let waited = 0; ownedGroups().length > 0 && waited < 2_000; waited += 50) await sleep(50);
}
