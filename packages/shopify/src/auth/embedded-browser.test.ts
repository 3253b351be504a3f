// The embedded pages in headless Chromium at 390 px, end to end on a real
// PostgreSQL, the sandbox over HTTP and FakeShopify. With Shopify's CDN
// unreachable, a Polish and an English merchant use the pages as plain
// HTML: settings saved, an order shipped from the orders page as a batch
// that runs to its end, nothing scrolling sideways. With stand-ins of App
// Bridge and Polaris served for the CDN's URLs, a document loaded with
// `embedded=1` and no token goes through the bounce page, and every
// request the pages then make carries `Authorization: Bearer` with the
// shop's session token and succeeds; a refused token is retried once.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import { loadSettings } from "../store/settings.ts";
import {
  type AppServer,
  type EmbeddedBrowser,
  openEmbeddedBrowser,
  serveApp,
} from "../test-support/embedded-browser.ts";
import { KEYS, useHarness } from "../test-support/harness.ts";
import { makeSessionToken, verifySessionToken } from "../testing/session-token.ts";

const harness = useHarness();
let standalone: ShopifyApp;
let server: AppServer;
const browsers: EmbeddedBrowser[] = [];

beforeAll(async () => {
  // One instance installs, connects and ships (its workers run the batches);
  // the embedded one, on the same database, serves the pages over HTTP.
  standalone = await harness.app();
  server = await serveApp();
  server.use(await harness.app({ isEmbeddedApp: true, runWorkers: false, appUrl: server.url }));
}, 60_000);

afterAll(async () => {
  await Promise.all(browsers.map((browser) => browser.close()));
  await server?.close();
}, 30_000);

async function browserFor(cdn: "offline" | "app-bridge", locale: string, idToken?: () => string) {
  const browser = await openEmbeddedBrowser({
    locale,
    cdn,
    ...(idToken ? { idToken } : {}),
  });
  browsers.push(browser);
  return browser;
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

const TEXTS = {
  en_GB: {
    title: "Shipping settings",
    saved: "Saved.",
    orders: "Orders",
    shipSelected: "Ship selected",
    fulfilled: "fulfilled",
    settings: "Settings",
  },
  pl_PL: {
    title: "Ustawienia wysyłki",
    saved: "Zapisano.",
    orders: "Zamówienia",
    shipSelected: "Wyślij zaznaczone",
    fulfilled: "zrealizowane",
    settings: "Ustawienia",
  },
} as const;

/** A shop ready to ship by hand, with one paid order waiting. */
async function shopWithOrder(shop: string, language: "en_GB" | "pl_PL", orderId: number) {
  await harness.ready(standalone, shop, { shipOn: "manual", language });
  await harness.deliverPaid(standalone, shop, harness.order(shop, orderId));
  await harness.settled(shop, String(orderId), ["waiting"]);
}

/** Ships the order from the orders page and waits for the batch's page to show it fulfilled. */
async function shipFromOrdersPage(
  page: Page,
  orderId: number,
  t: (typeof TEXTS)[keyof typeof TEXTS],
) {
  await page.locator(`#order-${orderId} input[type=checkbox]`).check();
  await page.getByRole("button", { name: t.shipSelected }).click();
  await page.waitForURL(/\/orders\/batches\//);
  await page
    .locator(`#order-${orderId}`)
    .getByText(t.fulfilled, { exact: true })
    .waitFor({ timeout: 90_000 });
  expect(await noSidewaysScroll(page)).toBe(true);
}

describe("the embedded pages with Shopify's CDN unreachable", () => {
  for (const [language, locale, orderId] of [
    ["en_GB", "en-GB", 9501],
    ["pl_PL", "pl-PL", 9502],
  ] as const) {
    it(`render and work as plain HTML in ${language} at 390 px`, async () => {
      const shop = `offline-${language.slice(0, 2)}.myshopify.com`;
      const t = TEXTS[language];
      await shopWithOrder(shop, language, orderId);
      const { context } = await browserFor("offline", locale);
      const page = await context.newPage();
      const idToken = makeSessionToken({ ...KEYS, shop });
      await page.goto(`${server.url}/settings?shop=${shop}&id_token=${idToken}`);
      await expect(page.locator("h1").textContent()).resolves.toBe(t.title);
      // No App Bridge, no Polaris: the elements are undefined and the page is plain HTML.
      expect(
        await page.evaluate(() => ({
          shopify: "shopify" in window,
          section: customElements.get("s-section") !== undefined,
          session: document.documentElement.getAttribute("data-session"),
        })),
      ).toEqual({ shopify: false, section: false, session: null });
      expect(await noSidewaysScroll(page)).toBe(true);
      // Save the settings: the form posts with the page's own token.
      await page.fill("input[name=backup_name]", `Backup ${language}`);
      await page.fill("input[name=backup_price]", "19.99");
      await page.locator("form[action^='/settings'] button[type=submit]").first().click();
      await page.getByText(t.saved, { exact: true }).waitFor();
      expect((await loadSettings(harness.pool, shop)).settings.backupRates[0]?.name).toBe(
        `Backup ${language}`,
      );
      // To the orders through the navigation, and ship the order as a batch.
      await page.locator("s-app-nav a", { hasText: t.orders }).first().click();
      await page.waitForURL(/\/orders\?/);
      expect(await noSidewaysScroll(page)).toBe(true);
      await shipFromOrdersPage(page, orderId, t);
    }, 180_000);
  }
});

describe("the embedded pages under App Bridge", () => {
  it("carry the session token as a Bearer header on every request, and succeed", async () => {
    const shop = "bridged.myshopify.com";
    const orderId = 9503;
    const t = TEXTS.en_GB;
    await shopWithOrder(shop, "en_GB", orderId);
    // The first token App Bridge hands the app's fetch is refused once (signed with another secret).
    let forgeOnce = false;
    const forged = makeSessionToken({ apiKey: KEYS.apiKey, apiSecretKey: "other", shop });
    const { context } = await browserFor("app-bridge", "en-GB", () => {
      if (forgeOnce) {
        forgeOnce = false;
        return forged;
      }
      return makeSessionToken({ ...KEYS, shop });
    });
    const page = await context.newPage();
    // Shopify's admin opens the app with embedded=1; without a token it bounces.
    const start = server.requests.length;
    await page.goto(`${server.url}/orders?shop=${shop}&embedded=1&host=YWRtaW4`);
    await page.waitForURL(/\/orders\?.*id_token=/);
    await page.locator("html[data-session='app-bridge']").waitFor({ state: "attached" });
    expect(await page.evaluate(() => customElements.get("s-section") !== undefined)).toBe(true);
    const documents = server.requests.slice(start);
    expect(documents.map((request) => [request.path.split("?")[0], request.status])).toEqual([
      ["/orders", 302],
      ["/auth/session-token", 200],
      ["/orders", 200],
    ]);
    forgeOnce = true;
    // Ship from the orders page: the form, the batch's page and its polling go through fetch.
    await shipFromOrdersPage(page, orderId, t);
    // The settings through the navigation, save them, and download the order's label.
    await page.locator("s-app-nav a", { hasText: t.settings }).first().click();
    // The heading is s-page's now (Polaris defines it): the plain <h1> is there, hidden.
    await page.locator("h1", { hasText: t.title }).waitFor({ state: "attached" });
    await page.fill("input[name=backup_name]", "Bridged backup");
    await page.fill("input[name=backup_price]", "9.99");
    await page.locator("form[action^='/settings'] button[type=submit]").first().click();
    await page.getByText(t.saved, { exact: true }).waitFor();
    expect((await loadSettings(harness.pool, shop)).settings.backupRates[0]?.name).toBe(
      "Bridged backup",
    );
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.locator("a[href^='/settings/label']").first().click(),
    ]);
    expect(download.suggestedFilename()).toBe(`label-${orderId}.pdf`);
    // The day's reckoning, and its form that asks for another day (a GET form).
    await page.locator("s-app-nav a", { hasText: "reckoning" }).first().click();
    await page.waitForURL(/\/orders\/reckoning\?/);
    await page.fill("input[name=day]", "2026-01-02");
    await page.locator("form[action='/orders/reckoning'] button").click();
    await page.waitForURL(/day=2026-01-02/);
    expect(await page.inputValue("input[name=day]")).toBe("2026-01-02");

    const made = server.requests.slice(start + documents.length);
    const paths = made.map((request) => `${request.method} ${request.path.split("?")[0]}`);
    expect(paths).toContain("POST /orders/batch");
    expect(paths.some((path) => /^GET \/orders\/batches\/[\w-]+$/.test(path))).toBe(true);
    expect(paths.some((path) => /^GET \/orders\/batches\/[\w-]+\/status$/.test(path))).toBe(true);
    expect(paths).toContain("POST /settings");
    expect(paths).toContain("GET /settings/label");
    expect(paths.filter((path) => path === "GET /orders/reckoning")).toHaveLength(2);
    // Every one carried a Bearer token; the one forged was refused and retried, the rest are the shop's and succeeded.
    for (const request of made) expect(request.bearer, request.path).toBeDefined();
    const refused = made.filter((request) => request.status === 401);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.bearer).toBe(forged);
    const retried = made[made.indexOf(refused[0] as (typeof made)[0]) + 1];
    expect(retried?.path).toBe(refused[0]?.path);
    for (const request of made.filter((entry) => entry !== refused[0])) {
      expect(request.status, request.path).toBeLessThan(400);
      expect(verifySessionToken(request.bearer ?? "", { ...KEYS, shop })).toBe(true);
    }
    // No page load left App Bridge: the document is the one first loaded.
    expect(made.every((request) => !request.path.includes("embedded=1"))).toBe(true);
  }, 180_000);
});
