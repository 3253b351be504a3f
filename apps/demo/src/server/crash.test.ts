// When the demo cannot stop in order, it still leaves nothing behind:
// PostgreSQL and Medusa run in process groups of their own, so a crash
// (an uncaught exception) stops both groups before the demo exits with 1,
// and a second Ctrl+C stops them at once and exits with 130. An error while
// stopping that the shutdown does not explain makes the exit code non-zero.
// The faults are injected by a module loaded into the demo's process.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoProcess, startDemoProcess, testFolder } from "../test-support/demo-process.ts";
import {
  killLeft,
  type ProcessEntry,
  processTree,
  stillRunning,
} from "../test-support/process-tree.ts";
import { shipTenOrders, underWay } from "../test-support/ten-order-batch.ts";

const FAULTS = join(import.meta.dirname, "../test-support/faults.ts");
/** "Does not hang": the goal is a few seconds; a loaded machine gets room. */
const EXIT_BOUND_MS = 30_000;

let dir: string;
let dataDir: string;
let demo: DemoProcess | undefined;
let left: ProcessEntry[] = [];

beforeAll(() => {
  dir = testFolder("demo-crash");
  dataDir = join(dir, "data");
});

afterAll(async () => {
  await demo?.kill();
  // Whatever a failed run left behind.
  killLeft(left);
  rmSync(dir, { recursive: true, force: true });
});

/** The demo's processes, PostgreSQL and Medusa among them. */
function processesOf(running: DemoProcess): ProcessEntry[] {
  const processes = processTree(running.child.pid as number);
  left = processes;
  expect(processes.some((p) => p.command.includes("postgres"))).toBe(true);
  expect(processes.some((p) => p.command.includes("medusa"))).toBe(true);
  return processes;
}

describe("a demo that cannot stop in order", () => {
  it("a crash stops PostgreSQL and Medusa, and exits with 1", async () => {
    demo = await startDemoProcess(dataDir, { preload: FAULTS });
    const processes = processesOf(demo);
    process.kill(demo.child.pid as number, "SIGUSR2");
    expect(await demo.exitCode(EXIT_BOUND_MS)).toBe(1);
    expect(demo.output()).toContain("a fault the test injected");
    expect(stillRunning(processes).map((p) => `${p.pid} ${p.command}`)).toEqual([]);
  });

  it("an unexplained rejection while stopping makes the exit code non-zero", async () => {
    demo = await startDemoProcess(dataDir, {
      preload: FAULTS,
      env: { DEMO_TEST_FAULT: "rejection" },
    });
    const processes = processesOf(demo);
    process.kill(demo.child.pid as number, "SIGINT");
    process.kill(demo.child.pid as number, "SIGUSR2");
    expect(await demo.exitCode(EXIT_BOUND_MS)).toBe(1);
    expect(demo.output()).toContain("a fault the test injected");
    expect(stillRunning(processes).map((p) => `${p.pid} ${p.command}`)).toEqual([]);
  });

  it("a second Ctrl+C while stopping stops both groups at once and exits with 130", async () => {
    demo = await startDemoProcess(dataDir);
    // Stopping mid-batch takes seconds: the running jobs are given time to finish.
    const { batch } = await shipTenOrders(demo);
    await underWay(demo, batch.id);
    const processes = processesOf(demo);
    const group = -(demo.child.pid as number);
    process.kill(group, "SIGINT");
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    process.kill(group, "SIGINT");
    expect(await demo.exitCode(EXIT_BOUND_MS)).toBe(130);
    expect(demo.output()).toContain("SIGINT again: stopping at once");
    expect(stillRunning(processes).map((p) => `${p.pid} ${p.command}`)).toEqual([]);
  });
});
