// The embedded PostgreSQL starts from a private folder (0700, as `/root` is)
// when run as root: the user `postgres` the server runs as can reach neither
// the binaries nor the data folder there, so both are placed where it can,
// the data keyed by the folder so a restart finds it, and nothing is left
// behind.
import { spawn } from "node:child_process";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { defaultBinaries, startPostgres } from "./embedded-postgres.ts";
import { alive } from "./processes.ts";

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

describe("a server left behind by a killed run", () => {
  it("is stopped before the next start on its folder", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "shipbridge-orphan-"));
    made.push(dataDir);
    const orphan = await startPostgres({ dataDir });
    made.push(join(orphan.databaseDir, ".."));
    const { pid } = orphan;
    const next = await startPostgres({ dataDir });
    try {
      expect(alive(pid)).toBe(false);
      expect(await rows(next.connectionString, "SELECT 1 AS one")).toEqual([{ one: 1 }]);
    } finally {
      await next.stop();
      await orphan.stop();
    }
  });

  it("a pid file naming another process (after a reboot) signals nothing", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "shipbridge-stale-"));
    made.push(dataDir);
    const first = await startPostgres({ dataDir });
    made.push(join(first.databaseDir, ".."));
    await first.stop();
    // The pid a dead server's file names now belongs to someone else's process.
    const bystander = spawn("sleep", ["60"], { stdio: "ignore" });
    const pidFile = join(first.databaseDir, "postmaster.pid");
    writeFileSync(pidFile, `${bystander.pid}\n${first.databaseDir}\n`);
    try {
      const next = await startPostgres({ dataDir });
      try {
        expect(bystander.exitCode).toBe(null);
        expect(bystander.signalCode).toBe(null);
        expect(alive(bystander.pid as number)).toBe(true);
        expect(await rows(next.connectionString, "SELECT 1 AS one")).toEqual([{ one: 1 }]);
      } finally {
        await next.stop();
      }
    } finally {
      bystander.kill("SIGKILL");
    }
  });
});
