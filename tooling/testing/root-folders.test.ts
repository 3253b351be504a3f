// As root, the place PostgreSQL's binaries and data go outside a private
// clone is refused when another user could have prepared it: a folder of
// another user's, one others can write to, a symlink in its place, a data
// folder swapped for a symlink, a binaries copy root did not make. Nothing
// outside is chmod-ed or chown-ed, and no planted binary runs.
import {
  chmodSync,
  chownSync,
  cpSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { defaultBinaries, startPostgres } from "./embedded-postgres.ts";

const root = userInfo().uid === 0;
/** A user that is neither root nor `postgres`: the one trying to steer root. */
const OTHER = { uid: 65534, gid: 65534 };
const made: string[] = [];
let base: string;
let privateDir: string;
let binaries: string;

afterAll(() => {
  for (const path of made) rmSync(path, { recursive: true, force: true });
});

/** Owner and mode of a path, not following a link. */
const ownerAndMode = (path: string) => {
  const stats = lstatSync(path);
  return { uid: stats.uid, gid: stats.gid, mode: stats.mode & 0o7777 };
};

describe.skipIf(!root)(
  "as root, a shared place another user prepared (skipped: needs root, the tests run as another user)",
  () => {
    beforeEach(() => {
      base = mkdtempSync(join(tmpdir(), "shipbridge-shared-"));
      made.push(base);
      chmodSync(base, 0o755);
      // A clone the user `postgres` cannot reach, as one under /root.
      privateDir = mkdtempSync(join(tmpdir(), "shipbridge-private-"));
      made.push(privateDir);
      binaries = join(privateDir, "native");
      cpSync(defaultBinaries(), binaries, { recursive: true, verbatimSymlinks: true });
      chmodSync(privateDir, 0o700);
    });
    afterEach(() => {
      delete process.env.SHIPBRIDGE_POSTGRES_SHARED_DIR;
    });

    const start = (shared: string) => {
      process.env.SHIPBRIDGE_POSTGRES_SHARED_DIR = shared;
      return startPostgres({ dataDir: join(privateDir, "data"), binaries });
    };

    it("refuses a folder of another user's in its place, and leaves it as it was", async () => {
      const shared = join(base, "shared");
      mkdirSync(shared, { mode: 0o755 });
      chownSync(shared, OTHER.uid, OTHER.gid);
      const before = ownerAndMode(shared);
      await expect(start(shared)).rejects.toThrow(
        `refusing to use ${shared} for PostgreSQL as root: it belongs to the user ${OTHER.uid}`,
      );
      expect(ownerAndMode(shared)).toEqual(before);
    });

    it("refuses a folder others can write to", async () => {
      const shared = join(base, "shared");
      mkdirSync(shared);
      chmodSync(shared, 0o777);
      await expect(start(shared)).rejects.toThrow(/other users can use it|others can write/);
      expect(ownerAndMode(shared).mode).toBe(0o777);
    });

    it("refuses a folder under one another user owns", async () => {
      const theirs = join(base, "theirs");
      mkdirSync(theirs, { mode: 0o755 });
      chownSync(theirs, OTHER.uid, OTHER.gid);
      await expect(start(join(theirs, "postgres"))).rejects.toThrow(
        `refusing to use ${theirs} for PostgreSQL as root: it belongs to the user ${OTHER.uid}`,
      );
    });

    it("refuses a symlink in its place and touches nothing it points to", async () => {
      const victim = join(base, "victim");
      mkdirSync(victim, { mode: 0o700 });
      const before = ownerAndMode(victim);
      const shared = join(base, "shared");
      symlinkSync(victim, shared);
      await expect(start(shared)).rejects.toThrow(`refusing to use ${shared}`);
      expect(ownerAndMode(victim)).toEqual(before);
    });

    it("refuses a data folder swapped for a symlink, and chowns nothing outside", async () => {
      const shared = join(base, "shared");
      process.env.SHIPBRIDGE_POSTGRES_SHARED_DIR = shared;
      const dataDir = join(privateDir, "data");
      // A first start makes the place (and stops): the data folder's name is known.
      const first = await startPostgres({ dataDir, binaries });
      const home = join(first.databaseDir, "..");
      await first.stop();
      const victim = join(base, "victim");
      mkdirSync(victim, { mode: 0o700 });
      writeFileSync(join(victim, "secret"), "root's");
      const before = ownerAndMode(victim);
      rmSync(home, { recursive: true });
      symlinkSync(victim, home);
      await expect(startPostgres({ dataDir, binaries })).rejects.toThrow(
        `refusing to use ${home} for PostgreSQL as root: it is a symbolic link`,
      );
      expect(ownerAndMode(victim)).toEqual(before);
      expect(ownerAndMode(join(victim, "secret")).uid).toBe(0);
    });

    it("refuses a binaries copy another user changed, and does not run it", async () => {
      const shared = join(base, "shared");
      process.env.SHIPBRIDGE_POSTGRES_SHARED_DIR = shared;
      const dataDir = join(privateDir, "data");
      const first = await startPostgres({ dataDir, binaries });
      await first.stop();
      const planted = join(first.binaries, "bin", "postgres");
      chownSync(planted, OTHER.uid, OTHER.gid);
      await expect(startPostgres({ dataDir, binaries })).rejects.toThrow(
        `refusing to use ${planted} for PostgreSQL as root: it belongs to the user ${OTHER.uid}`,
      );
    });
  },
);
