// The embedded PostgreSQL starts from a private folder (0700, as `/root` is)
// when run as root: the user `postgres` the server runs as can reach neither
// the binaries nor the data folder there, so both are placed where it can,
// the data keyed by the folder so a restart finds it, and nothing is left
// behind.
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { defaultBinaries, startPostgres } from "./embedded-postgres.ts";

const root = userInfo().uid === 0;
const made: string[] = [];

afterAll(() => {
  for (const path of made) rmSync(path, { recursive: true, force: true });
});

async function rows(connectionString: string, sql: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString });
  client.on("error", () => {});
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe.skipIf(!root)(
  "as root, in a private folder (skipped: needs root, the tests run as another user)",
  () => {
    it("starts from binaries and a data folder inside a 0700 folder, and keeps its data", async () => {
      const privateDir = mkdtempSync(join(tmpdir(), "shipbridge-private-"));
      made.push(privateDir);
      mkdirSync(join(privateDir, "clone"), { mode: 0o755 });
      // The clone's binaries, as a checkout under /root has them.
      const binaries = join(privateDir, "clone", "native");
      cpSync(defaultBinaries(), binaries, { recursive: true, verbatimSymlinks: true });
      chmodSync(privateDir, 0o700);
      const dataDir = join(privateDir, "clone", ".demo-data", "postgres");

      const first = await startPostgres({ dataDir, binaries });
      made.push(first.binaries, join(first.databaseDir, ".."));
      try {
        expect(first.databaseDir.startsWith(privateDir)).toBe(false);
        expect(first.binaries.startsWith(privateDir)).toBe(false);
        await rows(
          first.connectionString,
          "CREATE TABLE kept (id int); INSERT INTO kept VALUES (7)",
        );
      } finally {
        await first.stop();
      }

      const second = await startPostgres({ dataDir, binaries });
      try {
        expect(second.databaseDir).toBe(first.databaseDir);
        expect(await rows(second.connectionString, "SELECT id FROM kept")).toEqual([{ id: 7 }]);
      } finally {
        await second.stop();
      }

      // The folder deleted: a fresh start, as without the move.
      rmSync(dataDir, { recursive: true, force: true });
      const third = await startPostgres({ dataDir, binaries });
      try {
        expect(
          await rows(third.connectionString, "SELECT to_regclass('kept') IS NULL AS gone"),
        ).toEqual([{ gone: true }]);
      } finally {
        await third.stop();
      }
    });

    it("a throwaway server from a private folder removes what it placed elsewhere", async () => {
      const privateDir = mkdtempSync(join(tmpdir(), "shipbridge-private-"));
      made.push(privateDir);
      const binaries = join(privateDir, "native");
      cpSync(defaultBinaries(), binaries, { recursive: true, verbatimSymlinks: true });
      chmodSync(privateDir, 0o700);
      const previous = process.env.TMPDIR;
      process.env.TMPDIR = privateDir;
      let server: Awaited<ReturnType<typeof startPostgres>>;
      try {
        server = await startPostgres({ binaries });
      } finally {
        if (previous === undefined) delete process.env.TMPDIR;
        else process.env.TMPDIR = previous;
      }
      made.push(server.binaries);
      expect(await rows(server.connectionString, "SELECT 1 AS one")).toEqual([{ one: 1 }]);
      await server.stop();
      expect(existsSync(server.databaseDir)).toBe(false);
    });
  },
);
