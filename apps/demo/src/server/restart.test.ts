// Stopping the demo in the middle of a bulk ship and starting it again
// finishes the batch without shipping anything twice: the demo is killed
// (SIGKILL, nothing gets to clean up) while ten orders from both stores are
// being shipped, started again on the same data folder, and then the batch
// finishes with exactly ten packages, ten order commands and ten charges at
// the service, one package per order, and one fulfilment per order in each
// store.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoProcess, startDemoProcess, testFolder } from "../test-support/demo-process.ts";
import { expectShippedOnce, shipTenOrders, someShipped } from "../test-support/ten-order-batch.ts";

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
    const atKill = await someShipped(demo, batch.id);
    await demo.kill();
    expect(atKill.done).toBeLessThan(10);

    second = await startDemoProcess(dataDir);
    await expectShippedOnce(second, dataDir, batch.id, placed);
  });
});
