// What the browser tests do more than once: booting the demo with a browser
// on its dashboard, going through the service's login and consent pages,
// checking out in a storefront, and finding an order's row in the dashboard.
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import {
  type DemoProcess,
  startDemoProcess,
  testFolder,
} from "../../src/test-support/demo-process.ts";
import { type Browser, openBrowser } from "./browser.ts";

export type Store = "shopify" | "medusa";

/**
 * The sandbox users the demo registers: each store has its own shipping
 * account (the service keeps one tracking webhook per account).
 */
export const STORE_USERS: Record<Store, { username: string; password: string }> = {
  shopify: { username: "demo@shipbridge.dev", password: "demo-password" },
  medusa: { username: "medusa@shipbridge.dev", password: "demo-password" },
};

/** The demo booted once for a test file, with a browser page on its dashboard. */
export interface BootedDemo {
  readonly workDir: string;
  readonly dataDir: string;
  readonly demo: DemoProcess;
  readonly browser: Browser;
  readonly page: Page;
}

/** Boots the whole demo in a fresh folder and opens its dashboard (English browser). */
export async function bootDemo(folder: string): Promise<BootedDemo> {
  const workDir = testFolder(folder);
  const browser = await openBrowser({ language: "en-GB" });
  const dataDir = join(workDir, "data");
  const demo = await startDemoProcess(dataDir, { limitMs: 300_000 });
  const page = await browser.context.newPage();
  await page.goto(demo.addresses.dashboard);
  await page.waitForSelector("body[data-loaded='true']");
  return { workDir, dataDir, demo, browser, page };
}

/** Closes the browser and stops the demo, which must end cleanly (as on Ctrl+C). */
export async function stopDemo(booted: Partial<BootedDemo> | undefined): Promise<void> {
  await booted?.browser?.close();
  const code = booted?.demo ? await booted.demo.stop() : undefined;
  if (booted?.workDir) rmSync(booted.workDir, { recursive: true, force: true });
  if (booted?.demo) expect(code).toBe(0);
}

/** Connect from the dashboard: the service's login page, then its consent page, then back. */
export async function connectStore(page: Page, store: Store): Promise<void> {
  const dashboard = new URL(page.url()).origin;
  await page.click(`#connect-${store}`);
  await page.waitForSelector("input[name='username']", { timeout: 60_000 });
  await page.fill("input[name='username']", STORE_USERS[store].username);
  await page.fill("input[name='password']", STORE_USERS[store].password);
  await page.click("button[type='submit']");
  await page.waitForSelector("button[name='decision'][value='allow']");
  await page.click("button[name='decision'][value='allow']");
  await page.waitForURL((url) => url.origin === dashboard, { timeout: 60_000 });
  await page.waitForSelector("body[data-loaded='true']");
}

const CUSTOMER = {
  first_name: "Zofia",
  last_name: "Kowalczyk",
  email: "zofia.kowalczyk@example.com",
  phone: "512345678",
  street: "ul. Piotrkowska 50",
  city: "Łódź",
  postcode: "90-105",
};

/**
 * Checks out in a storefront with the first locker rate offered, as a customer
 * does; answers the order's id and the chosen rate's text.
 */
export async function placeStorefrontOrder(
  page: Page,
  url: string,
  customer: Partial<typeof CUSTOMER> = {},
): Promise<{ id: string; rate: string }> {
  await page.goto(url);
  for (const [name, value] of Object.entries({ ...CUSTOMER, ...customer })) {
    await page.fill(`#checkout [name='${name}']`, value);
  }
  await page.click("#get-rates");
  const locker = page
    .locator("#rates input[type='radio'][name='rate'][data-locker='true']")
    .first();
  await locker.waitFor({ timeout: 60_000 });
  await locker.check();
  const rate = await locker.evaluate(
    (input) => input.closest("label")?.textContent?.trim() ?? (input as HTMLInputElement).value,
  );
  await page.click("#place-order");
  const result = page.locator("#order-result[data-order-id]");
  await result.waitFor({ timeout: 120_000 });
  return { id: (await result.getAttribute("data-order-id"))!, rate };
}

/** The dashboard row of an order, once the dashboard lists it. */
export async function orderRow(page: Page, store: Store, id: string): Promise<Locator> {
  const row = page.locator(`tr[data-store='${store}'][data-order-id='${id}']`);
  await row.waitFor({ timeout: 120_000 });
  return row;
}

/** Waits until the dashboard shows the order in one of `statuses`. */
export async function waitForRowStatus(
  page: Page,
  store: Store,
  id: string,
  statuses: string[],
  timeout = 180_000,
): Promise<string> {
  const selector = statuses
    .map((status) => `tr[data-store='${store}'][data-order-id='${id}'][data-status='${status}']`)
    .join(", ");
  await page.waitForSelector(selector, { timeout });
  return (await page.getAttribute(
    `tr[data-store='${store}'][data-order-id='${id}']`,
    "data-status",
  ))!;
}
