// The plugin's shipping page in the built admin: it sits under Orders in the
// sidebar, lists the orders waiting for a parcel, ships the selected ones as
// one batch with its progress shown, then downloads the batch's labels as one
// PDF and its handover protocol and books the courier; in Polish at a
// phone's width too, with nothing wider than the screen.
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpenAdmin, openAdmin } from "./admin-browser.ts";
import { type Shopper, shopper } from "./store-orders.ts";

let admin: OpenAdmin;
let shop: Shopper;

async function download(page: Page, selector: string) {
  const [file] = await Promise.all([page.waitForEvent("download"), page.click(selector)]);
  return { bytes: readFileSync(await file.path()), name: file.suggestedFilename() };
}

describe("the shipping page", () => {
  beforeAll(async () => {
    admin = await openAdmin();
    shop = await shopper(admin);
  });

  afterAll(async () => {
    await admin?.close();
  });

  it("ships the selected orders as one batch, then prints and books the courier", async () => {
    const orders = [
      await shop.place("dpd"),
      await shop.place("dpd"),
      await shop.place("inpost-point"),
    ];
    const { page } = admin;
    await page.goto(`${admin.adminUrl}/orders`);
    // Under Orders in the sidebar.
    await page.getByRole("link", { name: "Shipping" }).first().click();
    await page.waitForURL(/\/app\/shipbridge$/);
    for (const order of orders) {
      await page.locator(`[data-shipbridge-order="${order.id}"]`).waitFor();
    }
    const ship = page.locator("[data-shipbridge='ship-selected']");
    await expect(ship.isDisabled()).resolves.toBe(true);
    await page.click("#shipbridge-select-all");
    await expect.poll(() => ship.textContent()).toContain("(3)");
    // The page asks for the batch and the waiting orders while the batch runs, not after.
    const reads: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (/^\/admin\/shipbridge\/(waiting-orders|batches\/[^/]+)$/.test(path)) reads.push(path);
    });
    await ship.click();

    const batch = page.locator("[data-shipbridge='batch']");
    await page
      .locator("[data-shipbridge='batch'][data-state='done']")
      .waitFor({ timeout: 120_000 });
    await expect(batch.locator("[data-shipbridge='progress']").textContent()).resolves.toBe(
      "3 of 3 shipped",
    );
    await expect(page.getAttribute("[role='progressbar']", "aria-valuenow")).resolves.toBe("3");
    // Shipped orders no longer wait.
    await page.locator("[data-shipbridge='none-waiting']").waitFor();
    const readsWhenDone = reads.length;
    for (const order of orders) {
      const { body } = await admin.adminApi<{ shipments: { status: string }[] }>(
        `/admin/shipbridge/orders/${order.id}/shipments`,
      );
      expect(body.shipments.map((shipment) => shipment.status)).toEqual(["ordered"]);
    }

    const labels = await download(page, "[data-shipbridge='labels']");
    expect(labels.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(labels.name).toMatch(/^labels-.+\.pdf$/);

    const protocol = await download(page, "[data-shipbridge='protocol']");
    expect(protocol.bytes.subarray(0, 5).toString()).toBe("%PDF-");

    await page.click("[data-shipbridge='courier']");
    const book = page.locator("[data-shipbridge-book='dpd']");
    await book.waitFor();
    await book.click();
    await expect(page.locator("[data-shipbridge='booked']").first().textContent()).resolves.toMatch(
      /^dpd courier booked: /,
    );
    // Printing and booking took their time; the finished batch was not asked for again.
    expect(reads.slice(readsWhenDone)).toEqual([]);
  });

  it("speaks Polish and fits a phone's screen", async () => {
    const order = await shop.place("dpd");
    const context = await admin.context.browser()?.newContext({
      locale: "pl-PL",
      viewport: { width: 390, height: 844 },
      acceptDownloads: true,
    });
    if (context === undefined) throw new Error("no browser");
    const host = new URL(admin.baseUrl).hostname;
    // The admin keeps its language in the `lng` cookie (its profile's setting).
    await context.addCookies([
      ...(await admin.context.cookies(admin.baseUrl)),
      { name: "lng", value: "pl", domain: host, path: "/" },
    ]);
    const page = await context.newPage();
    await page.goto(`${admin.adminUrl}/shipbridge`);
    await page.locator(`[data-shipbridge-order="${order.id}"]`).waitFor();
    await expect(page.getByRole("heading", { level: 1 }).first().textContent()).resolves.toBe(
      "Wysyłka",
    );
    await page.click(`#shipbridge-order-${order.id}`);
    const ship = page.locator("[data-shipbridge='ship-selected']");
    await expect.poll(() => ship.textContent()).toBe("Wyślij zaznaczone (1)");
    await ship.click();
    await page
      .locator("[data-shipbridge='batch'][data-state='done']")
      .waitFor({ timeout: 120_000 });
    await expect(page.locator("[data-shipbridge='progress']").textContent()).resolves.toBe(
      "Wysłano 1 z 1",
    );
    await expect(page.locator("[data-shipbridge='labels']").textContent()).resolves.toBe(
      "Etykiety (jeden plik)",
    );
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    for (const selector of ["labels", "protocol", "courier"]) {
      const box = await page.locator(`[data-shipbridge='${selector}']`).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    }
    // The sidebar (shown on a wide screen) names the page in Polish too.
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.getByRole("link", { name: "Wysyłka" }).first().waitFor();
    await context.close();
  });
});
