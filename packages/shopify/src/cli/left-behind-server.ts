// The embedded PostgreSQL a killed bin left behind: the server runs in a
// process group of its own (so only the bin stops it), which means a bin
// killed outright (SIGKILL) leaves it running, holding the data folder. The
// bin records itself as the server's owner (its pid and its start time in
// /proc, so a reused pid is not mistaken for it); a server whose owner is
// gone is stopped before a new one starts, and one whose owner still runs
// is another bin's, which is refused. Linux only (/proc): elsewhere nothing
// is recorded or stopped.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const OWNER_FILE = "postgres-owner.json";

/** The process's start time (clock ticks since boot, /proc/<pid>/stat), or undefined. */
function startOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command, which is in parentheses and may hold spaces.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

function commandOf(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
  } catch {
    return [];
  }
}

/** Records this process as the owner of the server of `home`. */
export function recordOwner(home: string): void {
  const start = startOf(process.pid);
  if (start === undefined) return;
  writeFileSync(join(home, OWNER_FILE), JSON.stringify({ pid: process.pid, start }));
}

/**
 * Stops a server of `databaseDir` whose owner is gone. Answers the owner's
 * pid when a live process owns it (another bin), else undefined.
 */
export async function stopLeftBehind(
  home: string,
  databaseDir: string,
): Promise<number | undefined> {
  const pidFile = join(databaseDir, "postmaster.pid");
  if (startOf(process.pid) === undefined || !existsSync(pidFile)) return undefined;
  const [pidLine, dirLine] = readFileSync(pidFile, "utf8").split("\n");
  const pid = Number(pidLine);
  const command = Number.isInteger(pid) && pid > 0 ? commandOf(pid) : [];
  // A pid file of a server that is not running: PostgreSQL clears it itself.
  if (dirLine !== databaseDir || !command.includes(databaseDir)) return undefined;
  const ownerFile = join(home, OWNER_FILE);
  const owner = existsSync(ownerFile)
    ? (JSON.parse(readFileSync(ownerFile, "utf8")) as { pid: number; start: string })
    : undefined;
  if (owner && startOf(owner.pid) === owner.start) return owner.pid;
  const gone = () => startOf(pid) === undefined || !commandOf(pid).includes(databaseDir);
  for (const signal of ["SIGINT", "SIGQUIT", "SIGKILL"] as const) {
    if (gone()) break;
    try {
      process.kill(pid, signal);
    } catch {
      break;
    }
    for (let waited = 0; !gone() && waited < 8_000; waited += 50) {
      await new Promise((done) => setTimeout(done, 50));
    }
  }
  rmSync(ownerFile, { force: true });
  return undefined;
}
