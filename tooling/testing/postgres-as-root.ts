// PostgreSQL refuses to run as root; as root, the server runs as the user
// `postgres`, who must reach the binaries and the data folder. A clone in a
// private folder (`/root` is 0700) reaches neither: then the binaries are
// copied, once, to a folder of root's that user can reach, and the data
// folder is placed there too, keyed by its path in the repo, so a restart
// finds the same data. A stamp in the repo's folder ties the two: deleting
// the repo's folder starts over, as it does without the move. That place is
// root's alone (`/var/lib/shipbridge/postgres`), checked at every use
// (`root-folders.ts`): no other user can plant a folder, a link or binaries
// there for root to chown or run.
import { execFileSync, spawnSync } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import {
  chmodSync,
  cpSync,
  existsSync,
  lchownSync,
  lstatSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { userInfo } from "node:os";
import { join, resolve } from "node:path";
import { assertRootTree, ownedFolder, rootFolder } from "./root-folders.ts";

/** The user PostgreSQL runs as when started by root. */
export const POSTGRES_USER = "postgres";

/** Where binaries and data go when the user `postgres` cannot reach the repo. */
export const SHARED_ROOT = "/var/lib/shipbridge/postgres";

export interface RunAs {
  readonly uid: number;
  readonly gid: number;
}

const key = (path: string) => createHash("sha256").update(resolve(path)).digest("hex").slice(0, 16);

/**
 * As root: the user `postgres` (made if missing), else undefined. Test files
 * start servers in parallel, so another file having just made the user is
 * tolerated.
 */
export function postgresUser(): RunAs | undefined {
  if (userInfo().uid !== 0) return undefined;
  const ids = (): RunAs | undefined => {
    try {
      const uid = Number(execFileSync("id", ["-u", POSTGRES_USER], { stdio: "pipe" }).toString());
      const gid = Number(execFileSync("id", ["-g", POSTGRES_USER], { stdio: "pipe" }).toString());
      return { uid, gid };
    } catch {
      return undefined;
    }
  };
  const found = ids();
  if (found) return found;
  for (const [command, args] of [
    ["groupadd", [POSTGRES_USER]],
    ["useradd", ["-g", POSTGRES_USER, POSTGRES_USER]],
  ] as const) {
    try {
      execFileSync(command, args, { stdio: "ignore" });
    } catch {
      // Made by another test file meanwhile; checked below.
    }
  }
  const made = ids();
  if (!made) {
    throw new Error(
      `PostgreSQL cannot run as root and the user ${POSTGRES_USER} could not be made: run as another user, or create the user ${POSTGRES_USER}`,
    );
  }
  return made;
}

/** Whether `user` can search (reach into) `path`, every folder above it included. */
export function reaches(user: RunAs, path: string): boolean {
  const result = spawnSync("/bin/sh", ["-c", 'test -x "$1"', "sh", path], {
    uid: user.uid,
    gid: user.gid,
    stdio: "ignore",
  });
  return result.status === 0;
}

/** The shared place (`SHIPBRIDGE_POSTGRES_SHARED_DIR` overrides it): root's, checked. */
function sharedRoot(): string {
  return rootFolder(process.env.SHIPBRIDGE_POSTGRES_SHARED_DIR ?? SHARED_ROOT, 0o755);
}

const exists = (path: string) => {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
};

/**
 * The binaries folder (`bin`, `lib`, `share`) the user can run: `native`
 * itself when reachable, else a copy in the shared place (made once per
 * source folder; parallel starts race to rename theirs into place).
 */
export function reachableBinaries(user: RunAs, native: string): string {
  if (reaches(user, join(native, "bin", "postgres"))) return native;
  const target = join(sharedRoot(), `bin-${key(native)}`);
  if (!exists(target)) {
    const scratch = `${target}.${process.pid}.${randomUUID()}`;
    cpSync(native, scratch, { recursive: true, verbatimSymlinks: true });
    assertRootTree(scratch);
    chmodSync(scratch, 0o755);
    try {
      renameSync(scratch, target);
    } catch {
      // Another start put its copy there first.
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  // Run only a copy root made and no one else could change since.
  assertRootTree(target);
  if (!reaches(user, join(target, "bin", "postgres"))) {
    throw new Error(
      `the user ${POSTGRES_USER} cannot run PostgreSQL's binaries, even copied to ${target}: run as another user than root`,
    );
  }
  return target;
}

/**
 * The folder holding the data folder, reachable by the user: `dir` itself
 * when reachable, else a folder in the shared place keyed by `dir`'s path.
 * A kept folder (`persistent`) finds the same place again while `dir`
 * still holds its stamp; without it (the folder was deleted) the old data
 * is dropped.
 */
export function reachableDataHome(user: RunAs, dir: string, persistent: boolean): string {
  if (reaches(user, dir)) return dir;
  const target = join(sharedRoot(), `data-${persistent ? key(dir) : randomUUID()}`);
  const stampFile = join(dir, "postgres-location.json");
  const stamp = existsSync(stampFile)
    ? (JSON.parse(readFileSync(stampFile, "utf8")) as { path: string; id: string })
    : undefined;
  // An existing one must be a real folder of the user's, private to it.
  if (exists(target)) ownedFolder(target, user);
  const theirs = exists(join(target, "stamp")) ? readFileSync(join(target, "stamp"), "utf8") : "";
  if (!persistent || !stamp || stamp.path !== target || stamp.id !== theirs) {
    rmSync(target, { recursive: true, force: true });
    ownedFolder(target, user);
    const id = randomUUID();
    // Never through a link the folder's owner may have put there.
    writeFileSync(join(target, "stamp"), id, { flag: "wx", mode: 0o644 });
    lchownSync(join(target, "stamp"), user.uid, user.gid);
    if (persistent) writeFileSync(stampFile, JSON.stringify({ path: target, id }));
  }
  return target;
}
