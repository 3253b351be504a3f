// Ctrl+C is always clean: SIGINT to the demo's process group (as a terminal
// sends it) in the middle of a bulk ship stops everything in order and exits
// with 0, every port the demo served is free, and no process of the demo is
// left, Medusa's and PostgreSQL's process groups included; started again on
// the same data folder, the batch finishes, shipping nothing twice. A stop
// when idle is clean as well.
import { rmSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoProcess, startDemoProcess, testFolder } from "../test-support/demo-process.ts";
import {
  killLeft,
  type ProcessEntry,
  processTree,
  stillRunning,
} from "../test-support/process-tree.ts";
import { expectShippedOnce, shipTenOrders, underWay } from "../test-support/ten-order-batch.ts";

/** "Does not hang": the goal is 10 s; a loaded machine gets room. */
const STOP_BOUND_MS = 30_000;

let dir: string;
let dataDir: string;
let first: DemoProcess | undefined;
let second: DemoProcess | undefined;
let left: ProcessEntry[] = [];

beforeAll(async () => {
  dir = testFolder("demo-stop");
  dataDir = join(dir, "data");
  first = await startDemoProcess(dataDir);
});

afterAll(async () => {
  await first?.kill();
  await second?.kill();
  // Whatever a failed run left behind.
  killLeft(left);
  rmSync(dir, { recursive: true, force: true });
});

/** Whether something still accepts connections on the port (either loopback). */
function accepting(port: number): Promise<boolean> {
  const attempt = (host: string) =>
    new Promise<boolean>((resolve) => {
      const socket = connect({ host, port });
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
  return Promise.all([attempt("127.0.0.1"), attempt("::1")]).then((both) => both.some(Boolean));
}

function portsOf(demo: DemoProcess): number[] {
  const { addresses } = demo;
  return [
    addresses.dashboard,
    addresses.sandbox.baseUrl,
    addresses.sandbox.accountUrl,
    addresses.shopify.app,
    addresses.medusa.backend,
  ].map((url) => Number(new URL(url).port));
}

/** Ctrl+C: exit code 0 within the bound, no port served, no process left, no crash printed. */
async function expectCleanStop(demo: DemoProcess): Promise<void> {
  const processes = processTree(demo.child.pid as number);
  left = processes;
  // The demo, PostgreSQL and Medusa at least.
  expect(processes.some((p) => p.command.includes("postgres"))).toBe(true);
  expect(processes.some((p) => p.command.includes("medusa"))).toBe(true);
  const ports = portsOf(demo);
  const code = await demo.interrupt(STOP_BOUND_MS);
  // How long it took, as the demo measured it (reported, never asserted).
  console.log(
    demo
      .output()
      .match(/demo: (stopping .* took .*|stopped \(.*\))/g)
      ?.join("\n"),
  );
  // No crash (an unhandled 'error' event ends with Node's version line), nothing timed out.
  expect(demo.output()).not.toMatch(
    /Emitted 'error' event|Node\.js v\d+|Unhandled|took longer than/,
  );
  expect(code).toBe(0);
  expect(stillRunning(processes).map((p) => `${p.pid} ${p.command}`)).toEqual([]);
  for (const port of ports) expect(await accepting(port), `port ${port}`).toBe(false);
}

describe("Ctrl+C", () => {
  it("in the middle of a batch stops everything, and a restart finishes the batch", async () => {
    const demo = first as DemoProcess;
    const { batch, placed } = await shipTenOrders(demo);
    const atStop = await underWay(demo, batch.id);
    expect(atStop.done).toBeLessThan(10);
    await expectCleanStop(demo);

    second = await startDemoProcess(dataDir);
    await expectShippedOnce(second, dataDir, batch.id, placed);
  });

  it("when idle stops everything as well", async () => {
    await expectCleanStop(second as DemoProcess);
  });
});
