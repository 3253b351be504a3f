// Stopping the demo in the middle of a bulk ship and starting it again: the
// dashboard picks the batch up where it was, and it finishes without any
// order shipped twice.
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type DemoProcess,
  startDemoProcess,
  testFolder,
} from "../../src/test-support/demo-process.ts";
import { type Browser, openBrowser } from "./browser.ts";
import { connectStore } from "./steps.ts";

let workDir: string;
let dataDir: string;
let demo: DemoProcess | undefined;
let browser: Browser;
let page: Page;

async function openDashboard(running: DemoProcess) {
  await page.goto(running.addresses.dashboard);
  await page.waitForSelector("body[data-loaded='true']");
}

const progress = () =>
  page
    .locator("#batch-progress")
    .evaluate((bar: HTMLProgressElement) => ({ value: bar.value, max: bar.max }));

describe("the demo stopped in the middle of a bulk ship", () => {
  beforeAll(async () => {
    workDir = testFolder("demo-restart");
    dataDir = join(workDir, "data");
    browser = await openBrowser({ language: "en-GB" });
    page = await browser.context.newPage();
    demo = await startDemoProcess(dataDir, { limitMs: 300_000 });
    await openDashboard(demo);
  });

  afterAll(async () => {
    await browser?.close();
    await demo?.stop();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it("finishes the batch after a restart, shipping each order once", async () => {
    await connectStore(page, "shopify");
    await page.waitForSelector("#connection-shopify[data-state='connected']");
    await page.click("#sample-shopify");
    await page.waitForSelector("#sample-shopify:not([aria-busy])", { timeout: 300_000 });
    await expect(page.getAttribute("#message", "data-topic")).resolves.toBe("sample-shopify");
    await page.check("#select-all");
    await expect(page.textContent("#ship-selected")).resolves.toBe("Ship selected (10)");
    await page.click("#ship-selected");

    // Stop (as Ctrl+C does) once the batch has begun and before it ends.
    await page.waitForSelector("#batch[data-state='running']");
    await expect
      .poll(async () => (await progress()).value, { timeout: 120_000, interval: 200 })
      .toBeGreaterThanOrEqual(1);
    const before = await progress();
    expect(before.value).toBeLessThan(10);
    await expect(demo!.stop()).resolves.toBe(0);

    // The same data folder; the ports are new ones.
    demo = await startDemoProcess(dataDir, { limitMs: 300_000 });
    await openDashboard(demo);
    await page.waitForSelector("#batch[data-state='running'], #batch[data-state='finished']");
    await page.waitForSelector("#batch[data-state='finished']", { timeout: 300_000 });
    await expect(progress()).resolves.toEqual({ value: 10, max: 10 });
    await expect(page.textContent("#batch-label")).resolves.toBe(
      "Batch finished: 10 of 10 shipped.",
    );

    const response = await fetch(`${demo.addresses.dashboard}/api/orders`);
    const { orders } = (await response.json()) as {
      orders: { store: string; status: string; packageId: string | null }[];
    };
    const shipped = orders.filter((order) => order.store === "shopify");
    expect(shipped).toHaveLength(10);
    const packages = shipped.map((order) => order.packageId);
    expect(packages.every((id) => id !== null)).toBe(true);
    expect(new Set(packages).size).toBe(10);
    // The sandbox numbers packages from 1 in a fresh data folder: ten ids up
    // to 10 mean the service made exactly ten packages, none twice.
    expect(packages.map(Number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
