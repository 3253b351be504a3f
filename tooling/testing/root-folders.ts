// Folders root makes for PostgreSQL outside the repo, made so no other user
// can steer root's writes: every folder is made one level at a time (never
// `recursive`), then `lstat`-ed (a real directory, never a symlink) and
// refused unless root owns it and no one else can write to it; a path is
// refused when a folder above it lets another user swap what is inside. Only
// a path that passed is ever chmod-ed or chown-ed, and never through a link.
import {
  chmodSync,
  lchownSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  realpathSync,
  type Stats,
} from "node:fs";
import { dirname, join, resolve, sep } from "node:path";

export interface Owner {
  readonly uid: number;
  readonly gid: number;
}

const GROUP_OR_OTHERS_WRITE = 0o022;
const STICKY = 0o1000;

function refuse(path: string, why: string): never {
  throw new Error(
    `refusing to use ${path} for PostgreSQL as root: ${why}; remove it (or set SHIPBRIDGE_POSTGRES_SHARED_DIR to a folder only root can write to)`,
  );
}

function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * Every folder on the way to `path` (and `path` itself when it exists) is
 * root's and writable by no one else, or sticky (as `/tmp` is: others can
 * add entries but not move root's). A symlink on the way must be root's, and
 * where it leads is checked the same way.
 */
export function assertRootPath(path: string): void {
  let current: string = sep;
  for (const part of ["", ...resolve(path).split(sep).filter(Boolean)]) {
    current = part ? join(current, part) : current;
    const stats = lstatOrUndefined(current);
    if (stats === undefined) return;
    if (stats.uid !== 0) refuse(current, `it belongs to the user ${stats.uid}, not root`);
    if (stats.isSymbolicLink()) {
      current = realpathSync(current);
      assertRootPath(current);
      continue;
    }
    if (!stats.isDirectory()) refuse(current, "it is not a folder");
    if ((stats.mode & GROUP_OR_OTHERS_WRITE) !== 0 && (stats.mode & STICKY) === 0) {
      refuse(current, "other users can write to it");
    }
  }
}

/** Makes `path` (its parent must exist) unless it exists; answers whether it made it. */
function makeOne(path: string, mode: number): boolean {
  try {
    mkdirSync(path, { mode });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/** A real folder (not a symlink) owned by `uid` that no one else can write to, or refused. */
function checkFolder(path: string, uid: number, privateTo?: boolean): Stats {
  const stats = lstatSync(path);
  if (stats.isSymbolicLink()) refuse(path, "it is a symbolic link");
  if (!stats.isDirectory()) refuse(path, "it is not a folder");
  if (stats.uid !== uid) refuse(path, `it belongs to the user ${stats.uid}, not ${uid}`);
  if ((stats.mode & (privateTo ? 0o077 : GROUP_OR_OTHERS_WRITE)) !== 0) {
    refuse(path, `its mode is ${(stats.mode & 0o7777).toString(8)}: other users can use it`);
  }
  return stats;
}

/**
 * Root's folder at `path` (made with `mode` when missing, its parents too,
 * each checked): a real folder, root's, writable by root alone.
 */
export function rootFolder(path: string, mode = 0o755): string {
  const absolute = resolve(path);
  assertRootPath(dirname(absolute));
  const missing: string[] = [];
  for (let at = absolute; lstatOrUndefined(at) === undefined; at = dirname(at)) missing.unshift(at);
  for (const folder of missing) {
    if (!makeOne(folder, mode)) continue;
    // Made here, in a folder only root can write to, and checked: the umask undone.
    checkFolder(folder, 0);
    chmodSync(folder, mode);
  }
  checkFolder(absolute, 0);
  return absolute;
}

/**
 * A folder for `owner` (the user `postgres`) inside a root folder: made by
 * root (mode 0700) and handed over without following links; an existing one
 * must be `owner`'s already, a real folder, and private to it.
 */
export function ownedFolder(path: string, owner: Owner): string {
  if (makeOne(path, 0o700)) {
    checkFolder(path, 0, true);
    lchownSync(path, owner.uid, owner.gid);
  }
  checkFolder(path, owner.uid, true);
  return path;
}

/**
 * A tree root made (a copy of PostgreSQL's binaries): the folder and
 * everything in it root's, none of it writable by others, no entry a
 * device or socket. Checked before it is run again.
 */
export function assertRootTree(path: string): void {
  checkFolder(path, 0);
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const entry = join(folder, name);
      const stats = lstatSync(entry);
      if (stats.uid !== 0) refuse(entry, `it belongs to the user ${stats.uid}, not root`);
      if (stats.isSymbolicLink()) continue;
      if ((stats.mode & GROUP_OR_OTHERS_WRITE) !== 0) refuse(entry, "other users can write to it");
      if (stats.isDirectory()) walk(entry);
      else if (!stats.isFile()) refuse(entry, "it is neither a file nor a folder");
    }
  };
  walk(path);
}
