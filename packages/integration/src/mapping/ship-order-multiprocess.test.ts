// Two OS processes call shipOrder for one order at the same moment (as two
// webhook deliveries would), taking turns through a lock on a shared store:
// a SqliteTokenStore file, then a PostgresTokenStore on a real PostgreSQL.
// Checked through the sandbox's REST API (one package under the order's
// reference, one order command, one charge) and its own counts
// (/_sandbox/stats). The same race without a lock makes two packages: the
// lock is what keeps it at one.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { orderCommandId, shipOrderReference } from "@shipbridge/core";
import { usePostgres } from "@shipbridge/tooling/embedded-postgres";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO, onPackageCreation } from "../testing/sandbox-server.ts";
import { useSandbox } from "../testing/shared-sandbox.ts";
import { raceWorkers } from "../testing/worker-process.ts";

const WORKER = join(import.meta.dirname, "ship-worker.ts");
const STORE = "shop-race";

const sandbox = useSandbox({ clearFaultsAfterEach: true });
const postgres = usePostgres();
const dir = mkdtempSync(join(tmpdir(), "shipbridge-ship-race-"));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

type Outcome = { packageId: number; steps: { package: string; order: string } } | { error: string };

async function race(orderId: string, shared: Record<string, unknown>): Promise<Outcome[]> {
  // A slow create, so the second process surely asks while the first is creating.
  await sandbox.injectFaults(onPackageCreation({ latency_ms: 400, count: 1 }));
  const input = {
    ...shared,
    baseUrl: sandbox.baseUrl,
    accountUrl: sandbox.accountUrl,
    clientId: DEMO.clientId,
    clientSecret: DEMO.clientSecret,
    username: DEMO.username,
    password: DEMO.password,
    storeId: STORE,
    orderId,
  };
  return raceWorkers<Outcome>(WORKER, [input, input]);
}

/** The sandbox's own counts of what the REST API holds, over every account. */
async function restStats(): Promise<{ packages: number; order_commands: number; charges: number }> {
  const stats = (await sandbox.control("/stats")) as {
    rest: { packages: number; order_commands: number; charges: number };
  };
  return stats.rest;
}

async function expectShippedOnce(
  orderId: string,
  outcomes: Outcome[],
  before: Awaited<ReturnType<typeof restStats>>,
): Promise<void> {
  for (const outcome of outcomes) expect(outcome).not.toHaveProperty("error");
  const [a, b] = outcomes as { packageId: number; steps: { package: string; order: string } }[];
  expect(a?.packageId).toBe(b?.packageId);
  // One process created and ordered; the other waited, then found both.
  expect([a?.steps, b?.steps]).toEqual(
    expect.arrayContaining([
      { package: "created", order: "sent" },
      { package: "found", order: "resumed" },
    ]),
  );
  const client = sandbox.client();
  const { packages } = await client.packages.list({
    user_reference_number: shipOrderReference(STORE, orderId),
  });
  expect(packages.map((pkg) => pkg.package_id)).toEqual([a?.packageId]);
  const command = await client.orderCommands.get(orderCommandId(STORE, orderId));
  expect(command.successfully_ordered_packages?.map((p) => p.package_id)).toEqual([a?.packageId]);
  const { messages } = await client.messages.list({ type: "order", limit: 500 });
  const charges = messages.filter((message) => message["package_id"] === a?.packageId);
  expect(charges).toHaveLength(1);
  // The sandbox's own counts agree: one more package, order command and charge.
  const after = await restStats();
  expect({
    packages: after.packages - before.packages,
    order_commands: after.order_commands - before.order_commands,
    charges: after.charges - before.charges,
  }).toEqual({ packages: 1, order_commands: 1, charges: 1 });
}

describe("shipOrder in two OS processes at the same moment", () => {
  it("with a shared SqliteTokenStore as the lock: one package, one order command", async () => {
    const before = await restStats();
    const outcomes = await race("race-sqlite", { file: join(dir, "lock.db") });
    await expectShippedOnce("race-sqlite", outcomes, before);
  });

  it("with a shared PostgresTokenStore as the lock: one package, one order command", async () => {
    const before = await restStats();
    const outcomes = await race("race-postgres", { postgres: postgres.connectionString });
    await expectShippedOnce("race-postgres", outcomes, before);
  });

  it("without a lock, the same race makes two packages (ordered once): the lock is what keeps it at one", async () => {
    const before = await restStats();
    const outcomes = await race("race-no-lock", { noLock: true });
    for (const outcome of outcomes) expect(outcome).not.toHaveProperty("error");
    const { packages } = await sandbox.client().packages.list({
      user_reference_number: shipOrderReference(STORE, "race-no-lock"),
    });
    expect(packages).toHaveLength(2);
    const after = await restStats();
    expect(after.packages - before.packages).toBe(2);
    // Both runs keep the lowest package id, and the command uuid is one: still one charge.
    expect(after.charges - before.charges).toBe(1);
  });
});
