// POST /_sandbox/reset clears what a test suite made, so that a long suite
// that resets between files stays flat: the database's row counts come back
// to those of a fresh sandbox, while the applications, the signing key and
// the clock stay.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RestSandbox, sampleV2 } from "../rest/testing/rest-fixture.ts";

let dir: string;
let sandbox: RestSandbox;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "sandbox-reset-"));
  sandbox = await RestSandbox.start({ dataFile: join(dir, "state.sqlite") });
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

function rowCounts(): Record<string, number> {
  const db = new DatabaseSync(join(dir, "state.sqlite"), { readOnly: true });
  try {
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .all() as Array<{ name: string }>;
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      counts[name] = (db.prepare(`SELECT COUNT(*) AS n FROM "${name}"`).get() as { n: number }).n;
    }
    return counts;
  } finally {
    db.close();
  }
}

async function reset(body: Record<string, unknown> = {}) {
  const response = await fetch(`${sandbox.baseUrl}/_sandbox/reset`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return response.json();
}

async function aTestFilesWork(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    const created = await sandbox.call("POST", "/packages", { version: 2, body: sampleV2() });
    expect(created.status).toBe(201);
    const order = await sandbox.call("PUT", `/order-commands/${randomUUID()}`, {
      body: { packages: [{ id: created.body.package_id }] },
    });
    expect(order.status).toBe(202);
  }
  await sandbox.advance(10);
  expect((await sandbox.call("GET", "/messages", { version: 2 })).status).toBe(200);
  expect((await sandbox.call("GET", "/account/package-templates", { version: 2 })).status).toBe(
    200,
  );
}

describe("POST /_sandbox/reset", () => {
  it("brings the row counts back to a fresh sandbox's, file after file", async () => {
    await sandbox.token("user");
    const baseline = rowCounts();
    for (let file = 0; file < 3; file++) {
      await aTestFilesWork();
      expect(rowCounts().rest_packages).toBeGreaterThan(0);
      const answer = await reset();
      expect(answer.reset).toEqual(expect.arrayContaining(["faults", "stats", "rest", "lockouts"]));
      expect(rowCounts()).toEqual(baseline);
    }
    // The token issued before the resets still works (tokens are kept by default).
    expect((await sandbox.call("GET", "/packages", { version: 2 })).body.total).toBe(0);
  });

  it("with tokens: true also revokes every token and grant; applications stay", async () => {
    const token = await sandbox.token("user");
    const answer = await reset({ tokens: true });
    expect(answer.reset).toContain("tokens");
    const counts = rowCounts();
    expect(counts.oauth_access_tokens).toBe(0);
    expect(counts.oauth_grants).toBe(0);
    expect(counts.oauth_applications).toBeGreaterThan(0);
    const refused = await sandbox.call("GET", "/packages", { version: 2, token });
    expect(refused.status).toBe(401);
  });
});
