// The order actions panel in a real browser, on the whole demo: a shipped
// order of each store gets a return started from the dashboard (the Shopify
// shop's return, whose webhook the app answers with a return parcel; the
// Medusa admin return with the plugin's return option), its label is a PDF
// and its tracking moves with the service's clock; an order not shipped yet
// changes its pickup point in each store (checked at the service), a point
// closed meanwhile is refused with the reason in the language shown, and a
// shipped order's point cannot change. In English at 1440 px and in Polish
// at 390 px, with axe-core on the panel each time.
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import axe from "axe-core";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type DemoProcess,
  eventually,
  json,
  startDemoProcess,
  testFolder,
} from "../../src/test-support/demo-process.ts";
import { type Browser, openBrowser } from "./browser.ts";
import { connectStore, type Store } from "./steps.ts";

const STORES = ["shopify", "medusa"] as const;
const SHIPPED = ["shipped", "in_transit", "delivered"];

let workDir: string;
let demo: DemoProcess;
let browser: Browser;
let page: Page;
/** Per store: an order shipped (returned below) and one waiting (its point changes). */
const orders: Record<Store, { shipped: string; waiting: string }> = {
  shopify: { shipped: "", waiting: "" },
  medusa: { shipped: "", waiting: "" },
};

type Row = { store: Store; id: string; status: string; name: string };
type ReturnRow = {
  store: Store;
  orderId: string;
  trackingNumber: string | null;
  trackingState: string | null;
  labelUrl: string | null;
};

const api = (path: string) => `${demo.addresses.dashboard}/api${path}`;

async function listed(): Promise<Row[]> {
  return (await json<{ orders: Row[] }>(api("/orders"))).orders;
}

/** axe-core on the panel alone: every serious or critical violation inside it. */
async function expectPanelAccessible(label: string): Promise<void> {
  if (!(await page.evaluate(() => "axe" in window))) {
    await page.addScriptTag({ content: axe.source });
  }
  const violations = await page.evaluate(async () => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const results = await run({ include: [["#order-actions"]] }, { resultTypes: ["violations"] });
    return results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.help} ${v.nodes.map((n) => n.target).join(", ")}`);
  });
  expect(violations, label).toEqual([]);
}

/** Chooses the order in the panel. */
async function choose(store: Store, id: string): Promise<void> {
  const option = `#actions-order option[value='${store}|${id}']`;
  await page.waitForSelector(option, { state: "attached", timeout: 60_000 });
  await page.selectOption("#actions-order", `${store}|${id}`);
}

/** Opens the points near the chosen order; answers a point that is not its current one. */
async function otherPoint(skip: readonly string[] = []): Promise<string> {
  await page.click("#actions-points");
  await page.waitForSelector("#actions-point-list:not([hidden]) .actions-point");
  const codes = await page.$$eval(".actions-point:not([aria-current='true'])", (buttons) =>
    buttons.map((button) => (button as HTMLElement).dataset.code ?? ""),
  );
  const code = codes.find((candidate) => candidate && !skip.includes(candidate));
  if (!code) throw new Error(`no other point offered (${codes.join(", ")})`);
  return code;
}

async function statusOf(kind: "success" | "error"): Promise<string> {
  await page.waitForSelector(`#actions-status[data-kind='${kind}']`, { timeout: 120_000 });
  return (await page.textContent("#actions-status .actions-message")) ?? "";
}

describe("returns and pickup points from the dashboard", () => {
  beforeAll(async () => {
    workDir = testFolder("demo-actions-e2e");
    browser = await openBrowser({ language: "en-GB" });
    demo = await startDemoProcess(join(workDir, "data"), { limitMs: 300_000 });
    page = await browser.context.newPage();
    await page.goto(demo.addresses.dashboard);
    await page.waitForSelector("body[data-loaded='true']");
  });

  afterAll(async () => {
    await browser?.close();
    const code = demo ? await demo.stop() : undefined;
    if (workDir) rmSync(workDir, { recursive: true, force: true });
    if (demo) expect(code).toBe(0);
  });

  it("connects both stores and ships one of two locker orders in each", async () => {
    for (const store of STORES) await connectStore(page, store);
    for (const store of STORES) {
      const placed = await json<{ orders: { id: string }[] }>(api("/orders/sample"), {
        body: { store, count: 2, locker: true },
      });
      orders[store] = { shipped: placed.orders[0]!.id, waiting: placed.orders[1]!.id };
    }
    await json(api("/ship"), {
      body: {
        orders: STORES.map((store) => ({ store, id: orders[store].shipped })),
        key: "actions-e2e",
      },
    });
    await eventually(
      async () => {
        const rows = await listed();
        const done = STORES.every((store) =>
          rows.some((row) => row.id === orders[store].shipped && SHIPPED.includes(row.status)),
        );
        return done ? true : undefined;
      },
      240_000,
      "both orders shipped",
    );
  });

  it("starts a return in each store and downloads its label, in English at 1440 px", async () => {
    await page.reload();
    await page.waitForSelector("body[data-loaded='true']");
    await expect(page.textContent("#actions-heading")).resolves.toBe("Returns and pickup points");
    for (const store of STORES) {
      const id = orders[store].shipped;
      await choose(store, id);
      await expect(page.isDisabled("#actions-points")).resolves.toBe(true);
      await page.click("#actions-return");
      await expect(statusOf("success")).resolves.toContain("started");
      const link = `tr[data-return='${store}|${id}'] a[download]`;
      await page.waitForSelector(link, { timeout: 180_000 });
      const [download] = await Promise.all([page.waitForEvent("download"), page.click(link)]);
      const bytes = readFileSync(await download.path());
      expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
      expect(download.suggestedFilename()).toMatch(new RegExp(`^return-label-${store}-`));
      await expect(
        page.textContent(`tr[data-return='${store}|${id}'] .actions-tracking`),
      ).resolves.toMatch(/\w{6,} · Label created/);
      // Returned whole: no second return, in the panel or through the API.
      await expect(page.isDisabled("#actions-return")).resolves.toBe(true);
      for (const [lang, words] of [
        ["en", "is being returned already"],
        ["pl", "jest już zwracane"],
      ] as const) {
        const again = await fetch(api(`/orders/${store}/${id}/return?lang=${lang}`), {
          method: "POST",
        });
        expect(again.status).toBe(409);
        const body = (await again.json()) as { error: { code: string; message: string } };
        expect(body.error).toMatchObject({ code: "already_returned" });
        expect(body.error.message).toContain(words);
      }
    }
    // The app's block on the shipped order's page in the Shopify admin.
    await choose("shopify", orders.shopify.shipped);
    await page.click("#actions-block");
    await page.waitForSelector("#actions-block-view:not([hidden]) dd[data-field='tracking']");
    await expect(page.textContent("#actions-block-view h3")).resolves.toContain(
      "in the Shopify admin",
    );
    await expect(page.textContent("dd[data-field='tracking']")).resolves.toMatch(/\w{6,}/);
    await expect(page.textContent("dd[data-field='service']")).resolves.toBe("InPost");
    const print = await page.getAttribute("dd[data-field='label'] a", "href");
    const printed = await fetch(print ?? "");
    expect(printed.headers.get("content-type")).toContain("application/pdf");
    expect(
      new TextDecoder().decode(new Uint8Array(await printed.arrayBuffer()).subarray(0, 5)),
    ).toBe("%PDF-");
    const returns = (await json<{ returns: ReturnRow[] }>(api("/returns"))).returns;
    for (const store of STORES) {
      const row = returns.find((candidate) => candidate.orderId === orders[store].shipped);
      expect(row?.store).toBe(store);
      expect(row?.trackingNumber).toMatch(/\w{6,}/);
    }
    await expectPanelAccessible("the panel in English at 1440 px");
  });

  it("changes a pickup point and refuses a closed one, in Polish at 390 px", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.click("#lang-pl");
    await expect(page.textContent("#actions-heading")).resolves.toBe("Zwroty i punkty odbioru");
    for (const store of STORES) {
      const id = orders[store].waiting;
      await choose(store, id);
      await expect(page.isDisabled("#actions-return")).resolves.toBe(true);
      const chosen = await otherPoint();
      await page.click(`.actions-point[data-code='${chosen}']`);
      await expect(statusOf("success")).resolves.toContain(
        `jedzie teraz do punktu odbioru ${chosen}`,
      );
      // The store keeps the new point.
      const now = await json<{ point: string }>(api(`/orders/${store}/${id}/pickup-point`));
      expect(now.point).toBe(chosen);

      // A point that closes after the list was shown is refused at the service.
      const closing = await otherPoint([chosen]);
      await json(`${demo.addresses.sandbox.baseUrl}/_sandbox/points/${closing}`, {
        body: { active: false },
      });
      await page.click(`.actions-point[data-code='${closing}']`);
      const refused = await statusOf("error");
      expect(refused).toMatch(/^Odmowa: /);
      expect(refused).toContain(closing);
      expect(refused).toMatch(/nieczynny/);
      expect(refused).not.toMatch(/ the | point |pickup_point/);
      // The field and rule stay on hover and for screen readers.
      const where = /pickup_point.*\((point_closed|point_unavailable)\)/;
      await expect(page.getAttribute("#actions-status", "title")).resolves.toMatch(where);
      await expect(page.textContent("#actions-status .visually-hidden")).resolves.toMatch(where);
      const still = await json<{ point: string }>(api(`/orders/${store}/${id}/pickup-point`));
      expect(still.point).toBe(chosen);
    }
    // The Shopify admin's block shows the new point, and can still change it.
    await choose("shopify", orders.shopify.waiting);
    await page.click("#actions-block");
    await page.waitForSelector("#actions-block-view:not([hidden]) dd[data-field='point']");
    const changed = await json<{ point: string }>(
      api(`/orders/shopify/${orders.shopify.waiting}/pickup-point`),
    );
    await expect(page.textContent("dd[data-field='point']")).resolves.toBe(changed.point);
    await expect(page.textContent("dd[data-field='buttons']")).resolves.toContain(
      "Zmień punkt odbioru",
    );
    // Nothing of the panel reaches past a phone's edge, and the page does not scroll sideways.
    const past = await page.evaluate(() =>
      [...document.querySelectorAll("#order-actions, #order-actions *")]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
        .filter((element) => !element.parentElement?.closest(".actions-scroll"))
        .map((element) => element.id || element.tagName),
    );
    expect(past).toEqual([]);
    await expect(
      page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).resolves.toBe(true);
    await expectPanelAccessible("the panel in Polish at 390 px");
  });

  it("keeps a shipped order's point, saying why in the language asked", async () => {
    for (const store of STORES) {
      const id = orders[store].shipped;
      for (const [lang, words] of [
        ["en", /shipped|bought/],
        ["pl", /wysłane|kupiona/],
      ] as const) {
        const response = await fetch(api(`/orders/${store}/${id}/pickup-point?lang=${lang}`), {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ code: "WAW01M" }),
        });
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
        const body = (await response.json()) as { error: { message: string } };
        expect(body.error.message).toMatch(words);
      }
    }
  });

  it("moves the return parcels' tracking with the service's clock", async () => {
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.click("#lang-en");
    // What the server said in Polish does not stay beside English texts.
    await page.waitForSelector("#actions-block-view", { state: "hidden" });
    await expect(page.textContent("#actions-status")).resolves.toBe("");
    // Two days: the sandbox delivers a parcel 30 hours after it is bought.
    for (const _day of [1, 2]) {
      await page.click("#clock-day");
      await page.waitForSelector("#message[data-kind='success']", { timeout: 120_000 });
    }
    for (const store of STORES) {
      const cell = `tr[data-return='${store}|${orders[store].shipped}'] .actions-tracking[data-state='delivered']`;
      await page.waitForSelector(cell, { timeout: 120_000 });
      await expect(page.textContent(cell)).resolves.toContain("Delivered");
    }
    await expectPanelAccessible("the panel in English with delivered returns");
    if (process.env.DEMO_SCREENSHOTS === "1") {
      const docs = resolve(import.meta.dirname, "../../docs");
      mkdirSync(docs, { recursive: true });
      await choose("shopify", orders.shopify.shipped);
      await page.click("#actions-block");
      await page.waitForSelector("#actions-block-view:not([hidden]) dd[data-field='tracking']");
      await page.locator("#order-actions").screenshot({ path: join(docs, "order-actions.png") });
    }
  });
});
