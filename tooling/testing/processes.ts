// What the helpers that stop a server left behind by a killed run know of a
// process: whether it is alive, and who it is (its command line, owner and
// start time, from Linux's /proc). A pid in a file may name another process
// after a reboot or a long time: it is signalled only when it is still the
// process the file was written for. Without /proc nothing is recognised, so
// nothing is signalled.
import { readFileSync, statSync } from "node:fs";

/** Whether a process with this pid exists (one of another user's too). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The process's arguments (the program first), or undefined when it is gone or unknown. */
export function commandLine(pid: number): string[] | undefined {
  try {
    const raw = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    return raw.split("\0").filter((part, index, all) => part !== "" || index < all.length - 1);
  } catch {
    return undefined;
  }
}

/** The uid the process runs as, or undefined. */
export function processOwner(pid: number): number | undefined {
  try {
    return statSync(`/proc/${pid}`).uid;
  } catch {
    return undefined;
  }
}

/**
 * When the process started (clock ticks since boot, as /proc says it): with
 * the pid, this names one process, never a later one given the same pid.
 */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The fields after the command's name (in parentheses, which may hold spaces).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[19];
  } catch {
    return undefined;
  }
}
