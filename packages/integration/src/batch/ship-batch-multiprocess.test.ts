// shipBatch in real OS processes: two processes running one batch at the same
// moment, taking turns on its orders through a shared lock (a
// SqliteTokenStore file, then a PostgresTokenStore on a real PostgreSQL);
// and a process killed with SIGKILL at random points of the batch, several
// times, then run to the end. Either way every order has one package under
// its reference and one charge, counted through the REST API and the
// sandbox's own /_sandbox/stats.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { batchLabels, shipOrderReference } from "@shipbridge/core";
import { usePostgres } from "@shipbridge/tooling/embedded-postgres";
import { afterAll, describe, expect, it } from "vitest";
import { orderLedger } from "../testing/order-ledger.ts";
import { DEMO } from "../testing/sandbox-server.ts";
import { useSandbox } from "../testing/shared-sandbox.ts";
import { exited, nextLine, startWorker, type WorkerProcess } from "../testing/worker-process.ts";

const WORKER = join(import.meta.dirname, "batch-worker.ts");
const STORE = "shop-batch-processes";

const sandbox = useSandbox({ clearFaultsAfterEach: true });
const postgres = usePostgres();
const dir = mkdtempSync(join(tmpdir(), "shipbridge-batch-processes-"));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

interface Outcome {
  readonly shipped?: { orderId: string; packageId: number }[];
  readonly failed?: { orderId: string; code: string }[];
  readonly error?: string;
}

interface RestStats {
  packages: number;
  order_commands: number;
  charges: number;
}

async function restStats(): Promise<RestStats> {
  return ((await sandbox.control("/stats")) as { rest: RestStats }).rest;
}

function workerInput(batchId: string, orderIds: string[], more: Record<string, unknown> = {}) {
  return {
    baseUrl: sandbox.baseUrl,
    accountUrl: sandbox.accountUrl,
    clientId: DEMO.clientId,
    clientSecret: DEMO.clientSecret,
    username: DEMO.username,
    password: DEMO.password,
    storeId: STORE,
    batchId,
    orderIds,
    ...more,
  };
}

/** The worker's final JSON line, after its progress lines. */
async function outcomeOf(worker: WorkerProcess): Promise<Outcome> {
  for (;;) {
    const line = await nextLine(worker);
    if (line.startsWith("{")) return JSON.parse(line) as Outcome;
  }
}

/** Every order: one package under its reference, charged once; their package ids. */
async function expectEachShippedOnce(orderIds: readonly string[]): Promise<Map<string, number>> {
  const client = sandbox.client();
  const ids = new Map<string, number>();
  for (const orderId of orderIds) {
    const ledger = await orderLedger(client, shipOrderReference(STORE, orderId));
    expect({ orderId, packages: ledger.ids.length, charges: ledger.charges }).toEqual({
      orderId,
      packages: 1,
      charges: 1,
    });
    ids.set(orderId, ledger.ids[0] as number);
  }
  return ids;
}

describe("one batch in two OS processes at the same moment, with a shared lock", () => {
  async function race(batchId: string, lock: Record<string, unknown>) {
    const orderIds = Array.from({ length: 10 }, (_, i) => `${batchId}-${i + 1}`);
    const before = await restStats();
    const input = workerInput(batchId, orderIds, { ...lock, race: true, chunkSize: 4 });
    const workers = [startWorker(WORKER, input), startWorker(WORKER, input)];
    try {
      for (const worker of workers) expect(await nextLine(worker)).toBe("ready");
      for (const worker of workers) worker.child.stdin.write("go\n");
      const outcomes = await Promise.all(workers.map(outcomeOf));
      await Promise.all(workers.map(exited));
      const ids = await expectEachShippedOnce(orderIds);
      // Each process ships every order: its own, and the other's found by shipOrder.
      for (const outcome of outcomes) {
        expect(outcome.error).toBeUndefined();
        expect(outcome.failed).toEqual([]);
        expect(outcome.shipped?.map((s) => [s.orderId, s.packageId])).toEqual(
          orderIds.map((id) => [id, ids.get(id)]),
        );
      }
      const after = await restStats();
      expect({
        packages: after.packages - before.packages,
        charges: after.charges - before.charges,
      }).toEqual({ packages: 10, charges: 10 });
    } finally {
      for (const worker of workers) if (worker.child.exitCode === null) worker.child.kill();
    }
  }

  it("sharing a SqliteTokenStore: each order one package, one charge", async () => {
    await race("procs-sqlite", { file: join(dir, "lock.db") });
  });

  it("sharing a PostgresTokenStore: each order one package, one charge", async () => {
    await race("procs-postgres", { postgres: postgres.connectionString });
  });
});

describe("a batch killed with SIGKILL at random points, then run again", () => {
  it("ships every order exactly once, one charge each", async () => {
    const batchId = "killed";
    const orderIds = Array.from({ length: 12 }, (_, i) => `${batchId}-${i + 1}`);
    const before = await restStats();
    // Progress lines of a whole run: 12 created, 12 ordered, 12 labelled, done.
    const events = 37;
    const killedAt: number[] = [];
    for (let run = 0; run < 5; run++) {
      const worker = startWorker(WORKER, workerInput(batchId, orderIds, { chunkSize: 5 }));
      const at = 1 + Math.floor(Math.random() * (events - 1));
      let seen = 0;
      try {
        for (;;) {
          const line = await nextLine(worker).catch(() => "");
          if (line.startsWith("progress ")) seen++;
          if (seen >= at || line === "" || line.startsWith("{")) break;
        }
        // A little further at times, so the kill also lands between two events.
        if (Math.random() < 0.5) await new Promise((r) => setTimeout(r, Math.random() * 20));
        worker.child.kill("SIGKILL");
        await exited(worker);
        killedAt.push(seen);
      } finally {
        if (worker.child.exitCode === null) worker.child.kill("SIGKILL");
      }
    }
    const last = startWorker(WORKER, workerInput(batchId, orderIds, { chunkSize: 5 }));
    const outcome = await outcomeOf(last);
    await exited(last);
    expect({ killedAt, error: outcome.error, failed: outcome.failed }).toEqual({
      killedAt,
      error: undefined,
      failed: [],
    });
    const ids = await expectEachShippedOnce(orderIds);
    expect(outcome.shipped?.map((s) => [s.orderId, s.packageId])).toEqual(
      orderIds.map((id) => [id, ids.get(id)]),
    );
    const after = await restStats();
    expect({
      packages: after.packages - before.packages,
      charges: after.charges - before.charges,
    }).toEqual({ packages: 12, charges: 12 });
    // At most one command per chunk and attempt: never a second command for an ordered package.
    expect(after.order_commands - before.order_commands).toBeLessThanOrEqual(3 * 5);
    // The day's labels: one file with every order's label, in package order
    // (batchLabels sorts the ids, so one set of packages is always one command).
    const packageIds = orderIds.map((id) => ids.get(id) as number);
    const file = await batchLabels(sandbox.timedClient(), packageIds, {
      key: `${STORE}:${batchId}:labels:a6`,
      pageFormat: "a6",
    });
    expect(file.packageIds).toEqual([...packageIds].sort((a, b) => a - b));
    expect(file.skipped).toEqual([]);
    expect(new TextDecoder().decode(file.body.subarray(0, 5))).toBe("%PDF-");
  });
});
