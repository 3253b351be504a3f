// The bin's embedded PostgreSQL as root from a private folder (0700, as
// `/root` is): the user `postgres` the server runs as cannot reach the data
// folder there, so the data lives where it can, found again on a restart.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
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
    });
  },
);
