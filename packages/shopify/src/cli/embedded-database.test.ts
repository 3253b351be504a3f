// The bin's embedded PostgreSQL as root from a private folder (0700, as
// `/root` is): the user `postgres` the server runs as cannot reach the data
// folder there, so the data lives where it can (a root-owned folder), found
// again on a restart; and a folder there that root could be tricked through
// (a planted symlink, one others may write) is refused, never followed.
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { freePort } from "@shipbridge/tooling/free-port";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedDatabase } from "./embedded-database.ts";

const made: string[] = [];
afterAll(() => {
  for (const path of made) rmSync(path, { recursive: true, force: true });
});

async function query(url: string, sql: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {});
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe.skipIf(userInfo().uid !== 0)(
  "as root in a private folder (skipped: needs root, the tests run as another user)",
  () => {
    it("starts, keeps its data across a restart, and says where it lives", async () => {
      const privateDir = mkdtempSync(join(tmpdir(), "shipbridge-private-"));
      made.push(privateDir);
      const dataDir = join(privateDir, "app", "data");
      mkdirSync(dataDir, { recursive: true });
      chmodSync(privateDir, 0o700);
      const port = await freePort();

      const first = await startEmbeddedDatabase(dataDir, port);
      const location = JSON.parse(
        readFileSync(join(dataDir, "postgres-location.json"), "utf8"),
      ) as { path: string };
      made.push(location.path);
      try {
        expect(location.path.startsWith(privateDir)).toBe(false);
        await query(first.url, "CREATE TABLE kept (id int); INSERT INTO kept VALUES (3)");
      } finally {
        await first.stop();
      }
      const second = await startEmbeddedDatabase(dataDir, port);
      try {
        expect(await query(second.url, "SELECT id FROM kept")).toEqual([{ id: 3 }]);
        expect(existsSync(join(location.path, "pg", "PG_VERSION"))).toBe(true);
      } finally {
        await second.stop();
      }
      // Root owns the folders around the data; the data folder is postgres's, 0700.
      expect(location.path.startsWith("/var/lib/shipbridge/postgres/")).toBe(true);
      expect(lstatSync("/var/lib/shipbridge/postgres").uid).toBe(0);
      expect(lstatSync(location.path).mode & 0o077).toBe(0);
    });

    it("refuses a planted symlink or a folder others may write, before using it", async () => {
      const privateDir = mkdtempSync(join(tmpdir(), "shipbridge-private-"));
      const base = mkdtempSync(join(tmpdir(), "shipbridge-root-"));
      made.push(privateDir, base);
      chmodSync(base, 0o755);
      const dataDir = join(privateDir, "app", "data");
      mkdirSync(dataDir, { recursive: true });
      chmodSync(privateDir, 0o700);
      // Someone made the folder a symlink to a place of their choosing.
      const elsewhere = join(base, "elsewhere");
      mkdirSync(elsewhere);
      symlinkSync(elsewhere, join(base, "shipbridge"));
      const port = await freePort();
      await expect(
        startEmbeddedDatabase(dataDir, port, { rootHome: join(base, "shipbridge", "postgres") }),
      ).rejects.toMatchObject({
        code: "unsafe_folder",
        message: expect.stringContaining("is a symlink"),
      });
      expect(existsSync(join(elsewhere, "postgres"))).toBe(false);

      // A folder anybody may write is refused too.
      const open = join(base, "open");
      mkdirSync(join(open, "postgres"), { recursive: true });
      chmodSync(join(open, "postgres"), 0o777);
      await expect(
        startEmbeddedDatabase(dataDir, port, { rootHome: join(open, "postgres") }),
      ).rejects.toMatchObject({
        code: "unsafe_folder",
        message: expect.stringContaining("writable by group or others"),
      });
    });
  },
);
