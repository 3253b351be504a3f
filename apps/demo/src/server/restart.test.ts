// Stopping the demo in the middle of a bulk ship and starting it again
// finishes the batch without shipping anything twice: the demo is killed
// (SIGKILL, nothing gets to clean up) while ten orders from both stores are
// being shipped by each store's own batch, started again on the same data
// folder, and then the stores resume their batches, the dashboard's batch
// still knows them as its parts, and it finishes with exactly ten packages,
// one order command per store and ten charges at the service, one package
// per order, and one fulfilment per order in each store.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type DemoProcess,
  json,
  startDemoProcess,
  testFolder,
} from "../test-support/demo-process.ts";
import { expectShippedOnce, shipTenOrders, underWay } from "../test-support/ten-order-batch.ts";
import type { BatchView } from "./batches.ts";

let dir: string;
let dataDir: string;
let first: DemoProcess | undefined;
let second: DemoProcess | undefined;

beforeAll(async () => {
  dir = testFolder("demo-restart");
  dataDir = join(dir, "data");
  first = await startDemoProcess(dataDir);
});

afterAll(async () => {
  await first?.kill();
  const code = await second?.stop();
  rmSync(dir, { recursive: true, force: true });
  if (second) expect(code).toBe(0);
});

describe("a bulk ship interrupted by a killed demo", () => {
  it("finishes after a restart and ships every order exactly once", async () => {
    const demo = first as DemoProcess;
    const { batch, placed } = await shipTenOrders(demo);
    // Killed as soon as some of the batch is shipped and some is not.
    const atKill = await underWay(demo, batch.id);
    await demo.kill();
    expect(atKill.done).toBeLessThan(10);

    second = await startDemoProcess(dataDir);
    await expectShippedOnce(second, dataDir, batch.id, placed);
    // The same store batches, resumed by their stores: none started anew.
    const { batch: after } = await json<{ batch: BatchView }>(
      `${second.addresses.dashboard}/api/batches/${batch.id}`,
    );
    expect(after.parts.map((part) => [part.store, part.storeBatchId])).toEqual(
      atKill.parts.map((part) => [part.store, part.storeBatchId]),
    );
  });
});
