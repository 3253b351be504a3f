// The demo end to end in a real browser: the merchant connects both stores
// through the service's own login and consent pages, customers order with a
// locker in both storefronts, the merchant ships one and then ten at once as
// one batch across both stores (the bar to its end, the time left on the
// way), prints the batch's labels (one PDF per store, a page per label, or
// ZPL), its handover protocols, books the courier and cancels it, in English
// and in Polish at phone width; downloads a label, moves the service's clock
// a day (in transit) and another (delivered), in the dashboard and in both
// stores, sees a refused order needing attention (the field named for people),
// adds a hundred test orders with their progress, and keeps every control in
// sight at 1440 px and 390 px (orders as cards on a phone). Carriers are
// named, files are named by order number or by batch and store, the keyboard
// keeps its focus, and axe-core finds no serious or critical violation in
// either language at either width. With DEMO_SCREENSHOTS=1 it keeps the
// README's screenshots in docs/.
import { mkdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DemoProcess } from "../../src/test-support/demo-process.ts";
import { pdfPages, zplLabels } from "../../src/test-support/pdf-pages.ts";
import { expectAccessible } from "./accessibility.ts";
import type { Browser } from "./browser.ts";
import {
  type BootedDemo,
  bootDemo,
  connectStore,
  orderRow,
  placeStorefrontOrder,
  type Store,
  stopDemo,
  waitForRowStatus,
} from "./steps.ts";
import { medusaFulfillments, shopifyFulfillments } from "./store-side.ts";

const repoRoot = resolve(import.meta.dirname, "../../../..");
const reportDir =
  process.env.SHIPBRIDGE_TEST_REPORT_DIR ?? join(repoRoot, ".cache", "test-reports");
/** The README's screenshots, written only when asked for. */
const docsDir = resolve(import.meta.dirname, "../../docs");
const CARRIER_NAMES =
  /^(InPost|DPD|DHL|UPS|GLS|FedEx|Poczta Polska|ORLEN Paczka|Meest|Ambro Express)$/;

/** Keeps a screenshot of the page's viewport for the README (DEMO_SCREENSHOTS=1). */
async function keepForReadme(name: string): Promise<void> {
  if (process.env.DEMO_SCREENSHOTS !== "1") return;
  mkdirSync(docsDir, { recursive: true });
  await page.screenshot({ path: join(docsDir, `${name}.png`) });
}

/** The id of the element that has the keyboard's focus ("" for the page's body). */
const focused = () => page.evaluate(() => document.activeElement?.id ?? "");

let booted: BootedDemo | undefined;
let dataDir: string;
let demo: DemoProcess;
let browser: Browser;
let page: Page;
const placed: Record<Store | "refused", string> = { shopify: "", medusa: "", refused: "" };
/** The orders of the ten-order batch, by store. */
const batchOrders: Record<Store, string[]> = { shopify: [], medusa: [] };

/** Clicks a link that downloads a file; answers the file's bytes and its suggested name. */
async function downloadFrom(selector: string): Promise<{ bytes: Uint8Array; name: string }> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.click(selector)]);
  return { bytes: readFileSync(await download.path()), name: download.suggestedFilename() };
}

describe("the demo in a browser", () => {
  beforeAll(async () => {
    booted = await bootDemo("demo-e2e");
    ({ dataDir, demo, browser, page } = booted);
  });

  // Ctrl+C stops everything cleanly.
  afterAll(() => stopDemo(booted));

  it("connects both stores' shipping accounts through the service's pages", async () => {
    for (const store of ["shopify", "medusa"] as const) {
      await expect
        .poll(() => page.getAttribute(`#connection-${store}`, "data-state"))
        .not.toBe("connected");
      await connectStore(page, store);
      await page.waitForSelector(`#connection-${store}[data-state='connected']`);
      await page.waitForSelector(`#message[data-topic='connected-${store}']`);
      await expect(page.textContent("#message")).resolves.toContain("shipping account connected");
    }
    // The service clock says its time zone (Poland's: CET, or CEST in summer).
    await expect(page.textContent("#clock-now")).resolves.toMatch(/\d{1,2}:\d{2} (CET|CEST)$/);
    // The storefronts open in the dashboard's language.
    for (const store of ["shopify", "medusa"] as const) {
      await expect(page.getAttribute(`#storefront-${store}`, "href")).resolves.toMatch(
        /[?&]lang=en$/,
      );
    }
    await expectAccessible(page, "the dashboard, both stores connected (English, 1440 px)");
  });

  it("places an order with a locker in each storefront, and lists both", async () => {
    for (const store of ["shopify", "medusa"] as const) {
      const storefront = await browser.context.newPage();
      const url = await page.getAttribute(`#storefront-${store}`, "href");
      expect(url).toMatch(/^http/);
      const order = await placeStorefrontOrder(storefront, url!);
      expect(order.rate).not.toBe("");
      placed[store] = order.id;
      await storefront.close();
      const row = await orderRow(page, store, order.id);
      await expect(row.getAttribute("data-status")).resolves.toMatch(/waiting|shipping|shipped/);
      // The locker the customer chose, not delivery to the address.
      const point = await row.locator("[data-field='point'] .point-id").textContent();
      expect(point).toMatch(/\w{3,}/);
    }
  });

  it("ships one order from its row, with tracking and a label", async () => {
    for (const store of ["shopify", "medusa"] as const) {
      const row = await orderRow(page, store, placed[store]);
      const ship = row.locator("button[data-action='ship']");
      if ((await ship.count()) > 0) await ship.click();
      await waitForRowStatus(page, store, placed[store], ["shipped", "in_transit", "delivered"]);
      await expect(row.locator("[data-field='tracking']").textContent()).resolves.toMatch(/\w{6,}/);
      await expect(row.locator("a[data-action='label']").count()).resolves.toBe(1);
      // The carrier by its name, never its code.
      await expect(row.locator("[data-field='service']").textContent()).resolves.toMatch(
        CARRIER_NAMES,
      );
    }
  });

  it("ships ten test orders of both stores at once, with a progress bar to the end", async () => {
    // Each button places ten orders through its store's real checkout.
    // Enter on "Add 10 test orders" keeps the focus on the button, which says
    // what it does, and the same bar as "Add 100" counts the orders.
    for (const store of ["shopify", "medusa"] as const) {
      await page.focus(`#sample-${store}`);
      await page.keyboard.press("Enter");
      await page.waitForSelector(`#sample-${store}[aria-busy='true']`);
      await expect(focused()).resolves.toBe(`sample-${store}`);
      await expect(page.textContent(`#sample-${store}`)).resolves.toBe("Adding test orders…");
      await page.waitForSelector("#samples:not([hidden])");
      await expect(page.textContent("#samples-label")).resolves.toMatch(
        new RegExp(
          `^Placing test orders in ${store === "shopify" ? "Shopify" : "Medusa"}: \\d+ of 10$`,
        ),
      );
      await page.waitForSelector(`#sample-${store}:not([aria-busy])`, { timeout: 300_000 });
      await expect(focused()).resolves.toBe(`sample-${store}`);
      await expect(page.textContent(`#sample-${store}`)).resolves.toBe("Add 10 test orders");
      await expect(page.getAttribute("#message", "data-topic")).resolves.toBe(`sample-${store}`);
    }
    await expect
      .poll(async () => page.locator("tr[data-store='medusa'][data-status='waiting']").count(), {
        timeout: 240_000,
        interval: 1000,
      })
      .toBeGreaterThanOrEqual(5);
    await expect
      .poll(async () => page.locator("tr[data-store='shopify'][data-status='waiting']").count(), {
        timeout: 60_000,
      })
      .toBeGreaterThanOrEqual(5);
    const chosen: string[] = [];
    for (const store of ["shopify", "medusa"] as const) {
      const rows = page.locator(`tr[data-store='${store}'][data-status='waiting']`);
      for (let index = 0; index < 5; index += 1) {
        const row = rows.nth(index);
        chosen.push((await row.getAttribute("data-key"))!);
      }
    }
    for (const key of chosen) await page.check(`.select-order[data-key='${key}']`);
    await expect(page.textContent("#ship-selected")).resolves.toBe("Ship selected (10)");
    // The ship-one batches before left the bar finished: follow the new batch.
    const earlier = await page.getAttribute("#batch", "data-batch-id");
    // Every time-left text the batch shows on its way.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { etas: string[] }).etas = seen;
      const eta = document.querySelector("#batch-eta") as HTMLElement;
      new MutationObserver(() => seen.push(eta.textContent ?? "")).observe(eta, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    // "Ship selected" comes right after the select-all box in tab order.
    await page.focus("#select-all");
    await page.keyboard.press("Tab");
    await expect(focused()).resolves.toBe("ship-selected");
    // Enter ships, and a click at once after it is the same batch; the
    // focus stays on the button.
    await page.keyboard.press("Enter");
    // The button is busy and marked unavailable (aria-disabled), yet never
    // disabled, so a person can still click it: force the click as they would.
    await page.click("#ship-selected", { force: true });
    await page.waitForFunction((id) => {
      const batch = document.querySelector<HTMLElement>("#batch");
      return batch?.dataset.batchId !== undefined && batch.dataset.batchId !== id;
    }, earlier ?? "");
    await expect(focused()).resolves.toBe("ship-selected");
    await page.waitForSelector("#batch[data-state='finished']", { timeout: 300_000 });
    await expect(focused()).resolves.toBe("ship-selected");
    const etas = await page.evaluate(() => (window as unknown as { etas: string[] }).etas);
    expect(etas.some((text) => /^About \d+ (min \d+ )?s left\.$/.test(text))).toBe(true);
    const { batches } = (await (await fetch(`${demo.addresses.dashboard}/api/batches`)).json()) as {
      batches: { id: string; total: number }[];
    };
    const ours = batches.filter((batch) => batch.total === 10);
    expect(ours).toHaveLength(1);
    await expect(page.textContent("#batch-stores")).resolves.toBe(
      "Shopify: 5 of 5 shipped · Medusa: 5 of 5 shipped",
    );
    const progress = page.locator("#batch-progress");
    await expect(
      progress.evaluate((bar: HTMLProgressElement) => [bar.value, bar.max]),
    ).resolves.toEqual([10, 10]);
    await expect(page.textContent("#batch-label")).resolves.toBe(
      "Batch finished: 10 of 10 shipped.",
    );
    for (const key of chosen) {
      const [store, ...id] = key.split(":");
      batchOrders[store as Store].push(id.join(":"));
      await waitForRowStatus(page, store as Store, id.join(":"), [
        "shipped",
        "in_transit",
        "delivered",
      ]);
    }
  });

  it("prints the batch's labels: one file per store, a page per label, or ZPL", async () => {
    await page.waitForSelector("#day:not([hidden])");
    await page.selectOption("#label-format", "a6");
    for (const store of ["shopify", "medusa"] as const) {
      const link = `#label-files a[data-action='labels'][data-store='${store}']`;
      await expect(page.textContent(link)).resolves.toBe(
        `Print labels: ${store === "shopify" ? "Shopify" : "Medusa"} (5)`,
      );
      const { bytes, name } = await downloadFrom(link);
      // Named by the batch and the store.
      expect(name).toMatch(new RegExp(`^labels-batch-[A-Za-z0-9]{1,8}-${store}\\.pdf$`));
      const pages = pdfPages(bytes);
      expect(pages).toHaveLength(5);
      // A6: portrait, about 105 mm wide.
      expect(pages.every((one) => one.width < one.height && one.width < 400)).toBe(true);
      for (const id of batchOrders[store]) {
        const number = (
          await page.textContent(
            `tr[data-store='${store}'][data-order-id='${id}'] [data-field='tracking']`,
          )
        )?.trim();
        expect(pages.some((one) => one.texts.includes(number as string))).toBe(true);
      }
    }
    // A thermal printer's file: one label block per parcel.
    await page.selectOption("#label-format", "zpl");
    const zpl = await downloadFrom("#label-files a[data-action='labels'][data-store='medusa']");
    expect(zpl.name).toMatch(/^labels-batch-[A-Za-z0-9]{1,8}-medusa\.zpl$/);
    expect(zplLabels(zpl.bytes)).toHaveLength(5);
    await page.selectOption("#label-format", "a6");
  });

  it("prints a handover protocol per carrier of each store", async () => {
    await page.click("#protocols");
    await page.waitForSelector("#protocol-files a[data-action='protocol']");
    const links = page.locator("#protocol-files a[data-action='protocol']");
    const count = await links.count();
    expect(count).toBeGreaterThanOrEqual(2);
    const stores = new Set<string>();
    for (let index = 0; index < count; index += 1) {
      const store = (await links.nth(index).getAttribute("data-store")) as string;
      const service = (await links.nth(index).getAttribute("data-service")) as string;
      stores.add(store);
      const selector = `#protocol-files a[data-store='${store}'][data-service='${service}']`;
      // The carrier by its name.
      await expect(page.textContent(selector)).resolves.toMatch(
        /^Protocol: (InPost|DPD|DHL|UPS|GLS|FedEx|Poczta Polska|ORLEN Paczka) \((Shopify|Medusa)\)$/,
      );
      const { bytes, name } = await downloadFrom(selector);
      expect(name).toBe(
        `protocol-batch-${(await page.getAttribute("#day", "data-batch-id"))?.replace(/[^A-Za-z0-9]/g, "").slice(0, 8)}-${store}-${service}.pdf`,
      );
      const texts = pdfPages(bytes).flatMap((one) => one.texts);
      expect(texts.length).toBeGreaterThan(0);
    }
    expect([...stores].sort()).toEqual(["medusa", "shopify"]);
  });

  it("books the courier for the batch and cancels it", async () => {
    await page.click("#book-courier");
    const book = page.locator("#courier button[data-action='book']").first();
    await book.waitFor({ timeout: 60_000 });
    const store = (await book.getAttribute("data-store")) as string;
    const service = (await book.getAttribute("data-service")) as string;
    const carrier = `#courier .courier-carrier[data-key='${store}:${service}']`;
    await expect(page.locator(`${carrier} select option`).count()).resolves.toBeGreaterThan(0);
    await book.click();
    await page.waitForSelector(`${carrier}[data-booked='true']`, { timeout: 60_000 });
    await expect(page.textContent(carrier)).resolves.toMatch(/courier booked for .+ Pickup number/);
    await page.click(`${carrier} button[data-action='cancel-pickup']`);
    await page.waitForSelector(`${carrier}[data-booked='false'] button[data-action='book']`, {
      timeout: 60_000,
    });
  });

  it("reads the batch's day in both languages at both widths, and books the courier in Polish on a phone", async () => {
    mkdirSync(reportDir, { recursive: true });
    /** The batch's day (labels, protocols, courier) shown, every control inside the page's width. */
    const dayInSight = () =>
      page.evaluate(() => {
        const day = document.querySelector<HTMLElement>("#day");
        if (!day || day.hidden) return "hidden";
        const controls = [...day.querySelectorAll("a, button, select")];
        const outside = controls
          .map((control) => control.getBoundingClientRect())
          .filter((box) => box.width > 0 && (box.left < 0 || box.right > window.innerWidth));
        return controls.length > 3 && outside.length === 0
          ? "in sight"
          : `${outside.length} outside`;
      });
    try {
      // The day in English on a phone and in Polish on a wide screen: in sight, accessible.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(dayInSight()).resolves.toBe("in sight");
      await expectAccessible(page, "the batch's day (English, 390 px)");
      await page.setViewportSize({ width: 1440, height: 1000 });
      await page.click("#lang-pl");
      await page.waitForSelector("html[lang='pl']");
      await expect(dayInSight()).resolves.toBe("in sight");
      await expectAccessible(page, "the batch's day (Polish, 1440 px)");
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(
        page.textContent("#label-files a[data-action='labels'][data-store='shopify']"),
      ).resolves.toBe("Drukuj etykiety: Shopify (5)");
      // Files named in Polish, by batch and store.
      const polishFile = await downloadFrom(
        "#label-files a[data-action='labels'][data-store='shopify']",
      );
      expect(polishFile.name).toMatch(/^etykiety-partia-[A-Za-z0-9]{1,8}-shopify\.pdf$/);
      // The storefronts open in Polish.
      await expect(page.getAttribute("#storefront-medusa", "href")).resolves.toMatch(
        /[?&]lang=pl$/,
      );
      await expect(page.textContent("#protocols")).resolves.toBe("Protokół");
      await page.click("#protocols");
      await expect
        .poll(() => page.locator("#protocol-files a").first().textContent())
        .toMatch(/^Protokół: \w+ \((Shopify|Medusa)\)$/);
      await expect(page.textContent("#book-courier")).resolves.toBe("Zamów kuriera");
      await page.click("#book-courier");
      const book = page.locator("#courier button[data-action='book']").first();
      await book.waitFor({ timeout: 60_000 });
      await expect(book.textContent()).resolves.toBe("Zamów");
      const carrier = `#courier .courier-carrier[data-key='${await book.getAttribute("data-store")}:${await book.getAttribute("data-service")}']`;
      await book.click();
      await page.waitForSelector(`${carrier}[data-booked='true']`, { timeout: 60_000 });
      await expect(page.textContent(carrier)).resolves.toContain("kurier zamówiony na");
      // Every control of the day lies inside the phone's width.
      const outside = await page.evaluate(
        () =>
          [...document.querySelectorAll("#day a, #day button, #day select")]
            .map((element) => element.getBoundingClientRect())
            .filter((box) => box.width > 0 && (box.left < 0 || box.right > window.innerWidth))
            .length,
      );
      expect(outside).toBe(0);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
        .toBe(true);
      await page.locator("#day").screenshot({ path: join(reportDir, "demo-day-390-pl.png") });
      await expectAccessible(page, "the batch's day with a booking (Polish, 390 px)");
      if (process.env.DEMO_SCREENSHOTS === "1") {
        mkdirSync(docsDir, { recursive: true });
        await page.locator("#day").screenshot({ path: join(docsDir, "day-390-pl.png") });
      }
      await page.click(`${carrier} button[data-action='cancel-pickup']`);
      await page.waitForSelector(`${carrier}[data-booked='false']`, { timeout: 60_000 });
      await expect(page.textContent(`${carrier} button[data-action='book']`)).resolves.toBe(
        "Zamów",
      );
    } finally {
      await page.setViewportSize({ width: 1440, height: 1000 });
      await page.click("#lang-en");
      await page.waitForSelector("html[lang='en']");
    }
  });

  it("downloads a label that is a real PDF", async () => {
    const row = await orderRow(page, "medusa", placed.medusa);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      row.locator("a[data-action='label']").click(),
    ]);
    const file = await download.path();
    const head = readFileSync(file).subarray(0, 5).toString("latin1");
    expect(head).toBe("%PDF-");
    // Named by the order number people know, not by an internal id.
    const number = (await row.locator("[data-field='order'] strong").textContent())?.replace(
      "#",
      "",
    );
    expect(download.suggestedFilename()).toBe(`label-${number}.pdf`);
  });

  it("moves the clock a day to in transit and another to delivered, in the dashboard and both stores", async () => {
    const statuses = async () =>
      Object.fromEntries(
        await Promise.all(
          (["shopify", "medusa"] as const).map(async (store) => [
            store,
            await page.getAttribute(
              `tr[data-store='${store}'][data-order-id='${placed[store]}']`,
              "data-status",
            ),
          ]),
        ),
      );
    // The tracking number links to the service's public tracking page, as the store returns it.
    for (const store of ["shopify", "medusa"] as const) {
      const link = page.locator(
        `tr[data-store='${store}'][data-order-id='${placed[store]}'] [data-field='tracking'] a`,
      );
      const number = (await link.textContent())?.trim();
      await expect(link.getAttribute("href")).resolves.toBe(
        `${demo.addresses.sandbox.accountUrl}/zlokalizuj/${number}`,
      );
    }
    for (const expected of ["in_transit", "delivered"]) {
      await page.click("#clock-day");
      await page.waitForSelector("#clock-day:not([aria-busy])", { timeout: 120_000 });
      await expect(page.getAttribute("#message", "data-topic")).resolves.toBe("clock");
      // Tracking pushes reach the stores on their own; give them a few polls.
      await expect
        .poll(statuses, { timeout: 30_000, interval: 1000 })
        .toEqual({ shopify: expected, medusa: expected });
    }
    // The Medusa fulfilment is delivered; the Shopify fulfilment carries the
    // tracking number and got the delivery status.
    const fulfillments = await medusaFulfillments(dataDir, demo.addresses, placed.medusa);
    expect(fulfillments.some((fulfillment) => fulfillment.delivered_at !== null)).toBe(true);
    const tracking = await page.textContent(
      `tr[data-store='shopify'][data-order-id='${placed.shopify}'] [data-field='tracking']`,
    );
    const shopify = shopifyFulfillments(dataDir, placed.shopify);
    expect(shopify.trackingNumbers).toEqual([tracking?.trim()]);
    expect(shopify.events).toContain("DELIVERED");
  });

  it("switches to Polish and keeps the choice", async () => {
    const polish: Record<string, string> = {
      waiting: "Oczekuje",
      shipped: "Nadane",
      in_transit: "W drodze",
      delivered: "Doręczone",
    };
    try {
      await page.click("#lang-pl");
      await page.waitForSelector("html[lang='pl']");
      await expect(page.textContent("#orders-heading")).resolves.toBe("Zamówienia");
      await page.reload();
      await page.waitForSelector("body[data-loaded='true']");
      await expect(page.getAttribute("#lang-pl", "aria-pressed")).resolves.toBe("true");
      await expect(page.textContent("#ship-selected")).resolves.toMatch(/^Wyślij zaznaczone/);
      for (const store of ["shopify", "medusa"] as const) {
        const row = await orderRow(page, store, placed[store]);
        const status = (await row.getAttribute("data-status"))!;
        await expect(row.locator("[data-field='status']").textContent()).resolves.toBe(
          polish[status],
        );
      }
    } finally {
      await page.click("#lang-en");
      await page.waitForSelector("html[lang='en']");
    }
  });

  it("shows a refused order as needing attention, and the batch as failed, not as a success", async () => {
    const storefront = await browser.context.newPage();
    const url = await page.getAttribute("#storefront-shopify", "href");
    // The rates list: each radio button its own size, all in one column.
    await storefront.goto(url!);
    await storefront.click("#get-rates");
    await storefront.locator("#rates input[type='radio']").first().waitFor({ timeout: 60_000 });
    const rates = await storefront.$$eval("#rates label", (labels) =>
      labels.map((label) => {
        const radio = label.querySelector("input")!.getBoundingClientRect();
        const box = label.getBoundingClientRect();
        return { radioWidth: radio.width, radioLeft: radio.left, inside: radio.left >= box.left };
      }),
    );
    expect(rates.length).toBeGreaterThan(1);
    for (const rate of rates) {
      expect(rate.radioWidth).toBeLessThan(30);
      expect(rate.inside).toBe(true);
      expect(Math.abs(rate.radioLeft - (rates[0]?.radioLeft ?? 0))).toBeLessThan(1);
    }
    // A phone the service refuses: the order can never ship as it is.
    const refused = await placeStorefrontOrder(storefront, url!, { phone: "12345" });
    await storefront.close();
    placed.refused = refused.id;
    const row = await orderRow(page, "shopify", refused.id);
    await row.locator("button[data-action='ship']").click();
    await waitForRowStatus(page, "shopify", refused.id, ["needs_attention"]);
    const problem = row.locator("[data-field='problems'] li").first();
    const path = (await problem.getAttribute("data-path")) as string;
    expect(path).toMatch(/phone/);
    // The field as people name it; its path and rule on hover and for screen readers.
    await expect(problem.locator(".problem-field").textContent()).resolves.toBe("Receiver's phone");
    const code = `field ${path}, rule ${await problem.getAttribute("data-rule")}`;
    await expect(problem.locator(".problem-field").getAttribute("title")).resolves.toBe(code);
    await expect(problem.locator(".visually-hidden").textContent()).resolves.toBe(` (${code})`);
    await page.waitForSelector("#batch[data-state='finished']");
    await expect(page.getAttribute("#batch", "data-tone")).resolves.toMatch(/^(warning|error)$/);
    await expect(page.getAttribute("#message", "data-kind")).resolves.toMatch(/^(warning|error)$/);
    await expect(page.textContent("#batch-label")).resolves.toBe(
      "Batch finished: 0 of 1 shipped, 1 could not ship.",
    );
  });

  it("keeps every control in sight at 1440 px and 390 px wide, in both languages", async () => {
    mkdirSync(reportDir, { recursive: true });
    const retry = `tr[data-order-id='${placed.refused}'] button[data-action='ship']`;
    /**
     * The row's Retry button lies inside the page and inside the table's
     * visible part. Read in one go in the page: the table re-renders as it
     * polls, so an element found a moment ago may be gone.
     */
    const retryInSight = () =>
      page.evaluate((selector) => {
        const button = document.querySelector(selector);
        const wrap = button?.closest(".table-wrap");
        if (!button || !wrap) return false;
        const box = button.getBoundingClientRect();
        const visible = wrap.getBoundingClientRect();
        return (
          box.width > 0 &&
          box.left >= 0 &&
          box.right <= window.innerWidth &&
          box.left >= visible.left &&
          box.right <= visible.right
        );
      }, retry);
    /**
     * Scrolls the Retry button into view, in the page in one go: the table
     * re-renders as it polls (and as the language changes), so a button
     * found a moment ago may be gone.
     */
    const scrollToRetry = () =>
      page.evaluate((selector) => {
        const button = document.querySelector(selector);
        button?.scrollIntoView({ block: "center", inline: "nearest" });
        return button !== null;
      }, retry);
    const noSidewaysScroll = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    try {
      for (const language of ["en", "pl"] as const) {
        await page.click(`#lang-${language}`);
        await page.waitForSelector(`html[lang='${language}']`);
        await page.setViewportSize({ width: 1440, height: 1000 });
        await expect.poll(scrollToRetry, { timeout: 10_000 }).toBe(true);
        await expect.poll(retryInSight, { timeout: 10_000 }).toBe(true);
        await page.screenshot({ path: join(reportDir, `demo-dashboard-1440-${language}.png`) });
        // The field's name comes from the server in the language asked for.
        await expect
          .poll(() => page.textContent(`tr[data-order-id='${placed.refused}'] .problem-field`), {
            timeout: 10_000,
          })
          .toBe(language === "pl" ? "Telefon odbiorcy" : "Receiver's phone");
        await expectAccessible(page, `the dashboard (${language}, 1440 px)`);
        await page.evaluate(() => window.scrollTo(0, 0));
        if (language === "en") await keepForReadme("dashboard-1440-en");
        await page.setViewportSize({ width: 390, height: 844 });
        await expect.poll(noSidewaysScroll, { timeout: 10_000 }).toBe(true);
        await expect.poll(scrollToRetry, { timeout: 10_000 }).toBe(true);
        await expect.poll(retryInSight, { timeout: 10_000 }).toBe(true);
        await page.screenshot({ path: join(reportDir, `demo-dashboard-390-${language}.png`) });
        // On a phone every order is a card: its links and buttons inside the
        // screen, and the chart's card holds the whole chart.
        const layout = await page.evaluate(() => {
          const rows = [...document.querySelectorAll<HTMLElement>("#orders-body tr")];
          const controls = rows.flatMap((row) => [...row.querySelectorAll("a, button, input")]);
          const chart = document
            .querySelector("#chart svg, #chart .empty")
            ?.getBoundingClientRect();
          const card = document.querySelector("#chart")?.closest(".card")?.getBoundingClientRect();
          return {
            cards: rows.every((row) => getComputedStyle(row).display === "grid"),
            outside: controls
              .map((control) => control.getBoundingClientRect())
              .filter((box) => box.width > 0 && (box.left < 0 || box.right > window.innerWidth))
              .length,
            chartInside:
              chart !== undefined &&
              card !== undefined &&
              chart.left >= card.left &&
              chart.right <= card.right &&
              chart.bottom <= card.bottom,
          };
        });
        expect(layout).toEqual({ cards: true, outside: 0, chartInside: true });
        await expectAccessible(page, `the dashboard (${language}, 390 px)`);
        // The orders as cards, for the README.
        await page.evaluate(() =>
          document.querySelector("#orders-body")?.scrollIntoView({ block: "start" }),
        );
        if (language === "pl") await keepForReadme("dashboard-390-pl");
      }
    } finally {
      await page.setViewportSize({ width: 1440, height: 1000 });
      await page.click("#lang-en");
      await page.waitForSelector("html[lang='en']");
    }
  });

  it("adds a hundred test orders across both stores, showing how far it is", async () => {
    const waiting = () => page.locator("tr[data-status='waiting']").count();
    const before = await waiting();
    await page.click("#sample-100");
    await page.waitForSelector("#samples:not([hidden])");
    await expect
      .poll(() => page.textContent("#samples-label"), { timeout: 120_000 })
      .toMatch(/^Placing test orders through both checkouts: ([1-9]\d*) of 100$/);
    await page.waitForSelector("#sample-100:not([aria-busy])", { timeout: 600_000 });
    await expect(page.getAttribute("#message", "data-topic")).resolves.toBe("samples");
    await expect(page.textContent("#message")).resolves.toBe(
      "100 test orders placed in both stores.",
    );
    await expect(
      page
        .locator("#samples-progress")
        .evaluate((bar: HTMLProgressElement) => [bar.value, bar.max]),
    ).resolves.toEqual([100, 100]);
    await expect.poll(waiting, { timeout: 60_000 }).toBe(before + 100);
  });

  it("keeps a screenshot of the dashboard", async () => {
    mkdirSync(reportDir, { recursive: true });
    const file = join(reportDir, "demo-dashboard.png");
    await page.evaluate(() => window.scrollTo(0, 0));
    const image = await page.screenshot({ path: file, fullPage: true });
    expect(image.subarray(1, 4).toString("latin1")).toBe("PNG");
  });
});
