// The order actions panel in a real browser, on the whole demo booted once:
// in English at 1440 px and in Polish at 390 px, a shipped order of each
// store gets a return started from the dashboard with the keyboard (the
// Shopify shop's return, whose webhook the app answers with a return parcel;
// the Medusa admin return with the plugin's return option), a second Enter
// meanwhile sends nothing more, the focus stays on the button, its label is
// a PDF and its tracking moves with the service's clock; an order not
// shipped yet changes its pickup point in each store (on the map or in the
// list, checked at the service) and then ships to that point, a point closed
// meanwhile is refused with the reason in the language shown, and a shipped
// order's point cannot change. axe-core checks the panel each time.
import { mkdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoProcess, eventually, json } from "../../src/test-support/demo-process.ts";
import { expectAccessible } from "./accessibility.ts";
import { type BootedDemo, bootDemo, connectStore, type Store, stopDemo } from "./steps.ts";

const STORES = ["shopify", "medusa"] as const;
const SHIPPED = ["shipped", "in_transit", "delivered"];

/** The two ways the panel is checked, each with its own orders. */
const SETTINGS = [
  {
    language: "en",
    width: 1440,
    name: "in English at 1440 px",
    heading: "Returns and pickup points",
    labelFile: "return-label",
    started: "started",
    tracked: /\w{6,} · (Shipped|In transit)$/,
    goesTo: "now goes to pickup point",
    refused: /^Refused: /,
    closed: /closed/,
    /**
     * The store whose new point is chosen on the map (the other in the list):
     * Shopify's points carry their coordinates, the Medusa plugin's admin
     * pickup-point route answers none, so its points are a list only.
     */
    onMap: "shopify" as Store,
  },
  {
    language: "pl",
    width: 390,
    name: "in Polish at 390 px",
    heading: "Zwroty i punkty odbioru",
    labelFile: "etykieta-zwrotu",
    started: "rozpoczęty",
    tracked: /\w{6,} · (Nadane|W drodze)$/,
    goesTo: "jedzie teraz do punktu odbioru",
    refused: /^Odmowa: /,
    closed: /nieczynny/,
    onMap: "shopify" as Store,
  },
] as const;
type Setting = (typeof SETTINGS)[number];

let booted: BootedDemo | undefined;
let demo: DemoProcess;
let page: Page;
/** Per setting and store: an order shipped (returned below) and one waiting (its point changes). */
const orders: Record<string, Record<Store, { shipped: string; waiting: string }>> = {};

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

/** Waits until every order is in one of `statuses`. */
async function waitForStatus(ids: { store: Store; id: string }[], statuses: string[]) {
  await eventually(
    async () => {
      const rows = await listed();
      const done = ids.every(({ store, id }) =>
        rows.some((row) => row.store === store && row.id === id && statuses.includes(row.status)),
      );
      return done ? true : undefined;
    },
    240_000,
    `orders ${statuses.join("/")}`,
  );
}

/** Chooses the order in the panel. */
async function choose(store: Store, id: string): Promise<void> {
  const option = `#actions-order option[value='${store}|${id}']`;
  await page.waitForSelector(option, { state: "attached", timeout: 60_000 });
  await page.selectOption("#actions-order", `${store}|${id}`);
}

/** Presses Enter on a control, as a keyboard user does. */
async function enterOn(selector: string): Promise<void> {
  await page.focus(selector);
  await page.keyboard.press("Enter");
}

/** Opens the points near the chosen order; answers a point that is not its current one. */
async function otherPoint(skip: readonly string[] = []): Promise<string> {
  await enterOn("#actions-points");
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

/** Whether the keyboard's focus is on an element, never the page's body. */
const focusKept = () =>
  page.evaluate(() => document.activeElement !== document.body && document.activeElement !== null);

const isOff = async (selector: string) =>
  (await page.getAttribute(selector, "aria-disabled")) === "true";

/** The dashboard's language and the page's width for a setting. */
async function use(setting: Setting): Promise<void> {
  await page.setViewportSize({ width: setting.width, height: setting.width > 800 ? 1000 : 844 });
  await page.click(`#lang-${setting.language}`);
  await expect(page.textContent("#actions-heading")).resolves.toBe(setting.heading);
}

describe("returns and pickup points from the dashboard", () => {
  beforeAll(async () => {
    booted = await bootDemo("demo-actions-e2e");
    ({ demo, page } = booted);
  });

  afterAll(() => stopDemo(booted));

  it("connects both stores and ships two of four locker orders in each", async () => {
    for (const store of STORES) await connectStore(page, store);
    for (const setting of SETTINGS) orders[setting.language] = {} as never;
    for (const store of STORES) {
      const placed = await json<{ orders: { id: string }[] }>(api("/orders/sample"), {
        body: { store, count: 4, locker: true },
      });
      SETTINGS.forEach((setting, index) => {
        orders[setting.language]![store] = {
          shipped: placed.orders[index]!.id,
          waiting: placed.orders[index + 2]!.id,
        };
      });
    }
    const shipped = SETTINGS.flatMap((setting) =>
      STORES.map((store) => ({ store, id: orders[setting.language]![store].shipped })),
    );
    await json(api("/ship"), { body: { orders: shipped, key: "actions-e2e" } });
    await waitForStatus(shipped, SHIPPED);
    // The picker lists only orders with an action: the four shipped and the four waiting.
    await page.reload();
    await page.waitForSelector("body[data-loaded='true']");
    const offered = await page.$$eval("#actions-order option[value]:not([value=''])", (options) =>
      options.map((option) => (option as HTMLOptionElement).value),
    );
    expect(offered).toHaveLength(8);
  });

  for (const setting of SETTINGS) {
    it(`starts a return in each store with the keyboard and downloads its label, ${setting.name}`, async () => {
      await use(setting);
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST" && /\/return(\?|$)/.test(request.url()))
          posts.push(request.url());
      });
      if (setting.language === "en") {
        // The app's block on the shipped order's page in the Shopify admin.
        await choose("shopify", orders.en!.shopify.shipped);
        await enterOn("#actions-block");
        await page.waitForSelector("#actions-block-view:not([hidden]) dd[data-field='tracking']");
        await expect(page.textContent("#actions-block-view h3")).resolves.toContain(
          "in the Shopify admin",
        );
        await expect(page.textContent("dd[data-field='tracking']")).resolves.toMatch(/\w{6,}/);
        await expect(page.textContent("dd[data-field='service']")).resolves.toBe("InPost");
        await expect(page.textContent("dd[data-field='status']")).resolves.toMatch(
          /^(Shipped|In transit|Delivered|Fulfilled)$/,
        );
        const print = await page.getAttribute("dd[data-field='label'] a", "href");
        const printed = await fetch(print ?? "");
        expect(printed.headers.get("content-type")).toContain("application/pdf");
        expect(
          new TextDecoder().decode(new Uint8Array(await printed.arrayBuffer()).subarray(0, 5)),
        ).toBe("%PDF-");
      }
      for (const store of STORES) {
        const id = orders[setting.language]![store].shipped;
        await choose(store, id);
        // Not shipped yet is not this order's case: its point cannot change, and the panel says why.
        await expect(isOff("#actions-points")).resolves.toBe(true);
        await expect(page.textContent("#actions-why")).resolves.toMatch(/\w/);
        await expect(isOff("#actions-return")).resolves.toBe(false);
        // Enter twice: the second lands on a busy button and sends nothing.
        await enterOn("#actions-return");
        await page.keyboard.press("Enter");
        await expect(statusOf("success")).resolves.toContain(setting.started);
        await expect(focusKept()).resolves.toBe(true);
        await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe(
          "actions-return",
        );
        const link = `tr[data-return='${store}|${id}'] a[download]`;
        await page.waitForSelector(link, { timeout: 180_000 });
        const [download] = await Promise.all([page.waitForEvent("download"), page.click(link)]);
        const bytes = readFileSync(await download.path());
        expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
        // Named by the order's number, in the language shown.
        const number = (await listed()).find((row) => row.id === id)?.name.replace(/^#/, "");
        expect(download.suggestedFilename()).toBe(`${setting.labelFile}-${number}.pdf`);
        await expect(
          page.textContent(`tr[data-return='${store}|${id}'] .actions-tracking`),
        ).resolves.toMatch(setting.tracked);
        // Returned whole: no second return, in the panel or through the API.
        await expect(isOff("#actions-return")).resolves.toBe(true);
        await expect(page.textContent("#actions-why")).resolves.toMatch(/\w/);
      }
      expect(posts).toHaveLength(STORES.length);
      for (const store of STORES) {
        const id = orders[setting.language]![store].shipped;
        const again = await fetch(api(`/orders/${store}/${id}/return?lang=${setting.language}`), {
          method: "POST",
        });
        expect(again.status).toBe(409);
        const body = (await again.json()) as { error: { code: string; message: string } };
        expect(body.error).toMatchObject({ code: "already_returned" });
        expect(body.error.message).toContain(
          setting.language === "en" ? "is being returned already" : "jest już zwracane",
        );
      }
      const returns = (await json<{ returns: ReturnRow[] }>(api("/returns"))).returns;
      for (const store of STORES) {
        const row = returns.find(
          (candidate) => candidate.orderId === orders[setting.language]![store].shipped,
        );
        expect(row?.store).toBe(store);
        expect(row?.trackingNumber).toMatch(/\w{6,}/);
      }
      await expectAccessible(page, `the panel with returns ${setting.name}`, {
        include: ["#order-actions"],
      });
    });

    it(`changes a pickup point in each store, ships to it, and refuses a closed one, ${setting.name}`, async () => {
      await use(setting);
      const chosenPoints: Partial<Record<Store, string>> = {};
      for (const store of STORES) {
        const id = orders[setting.language]![store].waiting;
        await choose(store, id);
        await expect(isOff("#actions-return")).resolves.toBe(true);
        const chosen = await otherPoint();
        chosenPoints[store] = chosen;
        const name = (await page.textContent(`.actions-point[data-code='${chosen}']`))?.replace(
          /^\d+\s*/,
          "",
        );
        if (store === setting.onMap) {
          // On the map: the same points, a dot per point.
          const dot = `.actions-map:not([hidden]) .actions-point-dot[data-code='${chosen}']`;
          await page.waitForSelector(dot);
          await enterOn(dot);
        } else {
          await enterOn(`.actions-point[data-code='${chosen}']`);
        }
        const said = await statusOf("success");
        // The point by its name and address, not its code.
        expect(said).toContain(setting.goesTo);
        expect(said).toContain(name?.trim());
        expect(said).not.toContain(chosen);
        await expect(focusKept()).resolves.toBe(true);
        await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe(
          "actions-points",
        );
        // The store keeps the new point.
        const now = await json<{ point: string }>(api(`/orders/${store}/${id}/pickup-point`));
        expect(now.point).toBe(chosen);

        // A point that closes after the list was shown is refused at the service.
        const closing = await otherPoint([chosen]);
        await json(`${demo.addresses.sandbox.baseUrl}/_sandbox/points/${closing}`, {
          body: { active: false },
        });
        await enterOn(`.actions-point[data-code='${closing}']`);
        const refused = await statusOf("error");
        expect(refused).toMatch(setting.refused);
        expect(refused).toContain(closing);
        expect(refused).toMatch(setting.closed);
        if (setting.language === "pl") expect(refused).not.toMatch(/ the | point |pickup_point/);
        await expect(focusKept()).resolves.toBe(true);
        // The field and rule stay on hover and for screen readers.
        const where = /pickup_point.*\((point_closed|point_unavailable)\)/;
        await expect(page.getAttribute("#actions-status", "title")).resolves.toMatch(where);
        await expect(page.textContent("#actions-status .visually-hidden")).resolves.toMatch(where);
        const still = await json<{ point: string }>(api(`/orders/${store}/${id}/pickup-point`));
        expect(still.point).toBe(chosen);
      }
      await expectAccessible(page, `the panel with the points ${setting.name}`, {
        include: ["#order-actions"],
      });
      if (setting.language === "pl") {
        // The Shopify admin's block shows the new point, and can still change it.
        await choose("shopify", orders.pl!.shopify.waiting);
        await enterOn("#actions-block");
        await page.waitForSelector("#actions-block-view:not([hidden]) dd[data-field='point']");
        await expect(page.textContent("dd[data-field='point']")).resolves.toBe(
          chosenPoints.shopify,
        );
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
      }
      // Shipped now, each parcel goes to the point chosen.
      const waiting = STORES.map((store) => ({
        store,
        id: orders[setting.language]![store].waiting,
      }));
      await json(api("/ship"), { body: { orders: waiting, key: `points-${setting.language}` } });
      await waitForStatus(waiting, SHIPPED);
      await page.click("#refresh");
      for (const { store, id } of waiting) {
        const cell = `tr[data-store='${store}'][data-order-id='${id}'] [data-field='point'] .point-id`;
        await expect
          .poll(() => page.textContent(cell), { timeout: 60_000 })
          .toBe(chosenPoints[store]);
      }
    });
  }

  it("keeps a shipped order's point, saying why in the language asked", async () => {
    for (const store of STORES) {
      const id = orders.en![store].shipped;
      for (const [lang, words] of [
        ["en", /can no longer change/],
        ["pl", /nie można już zmienić/],
      ] as const) {
        const response = await fetch(api(`/orders/${store}/${id}/pickup-point?lang=${lang}`), {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ code: "WAW01M" }),
        });
        expect(response.status).toBe(409);
        const body = (await response.json()) as { error: { code: string; message: string } };
        expect(body.error.code).toBe("not_changeable");
        expect(body.error.message).toMatch(words);
      }
    }
  });

  it("moves the return parcels' tracking with the service's clock", async () => {
    await use(SETTINGS[0]);
    // What the server said in Polish does not stay beside English texts.
    await page.waitForSelector("#actions-block-view", { state: "hidden" });
    await expect(page.textContent("#actions-status")).resolves.toBe("");
    // Two days: the sandbox delivers a parcel 30 hours after it is bought.
    for (const _day of [1, 2]) {
      await page.click("#clock-day");
      await page.waitForSelector("#message[data-kind='success']", { timeout: 120_000 });
    }
    for (const setting of SETTINGS) {
      for (const store of STORES) {
        const row = `tr[data-return='${store}|${orders[setting.language]![store].shipped}']`;
        await page.waitForSelector(`${row} .actions-tracking[data-state='delivered']`, {
          timeout: 120_000,
        });
        await expect(page.textContent(`${row} .actions-tracking`)).resolves.toContain("Delivered");
      }
    }
    await expectAccessible(page, "the panel in English with delivered returns", {
      include: ["#order-actions"],
    });
    if (process.env.DEMO_SCREENSHOTS === "1") {
      const docs = resolve(import.meta.dirname, "../../docs");
      mkdirSync(docs, { recursive: true });
      // A shipped order not returned: it still has an action, so the picker lists it.
      await choose("shopify", orders.pl!.shopify.waiting);
      await page.click("#actions-block");
      await page.waitForSelector("#actions-block-view:not([hidden]) dd[data-field='tracking']");
      await page.locator("#order-actions").screenshot({ path: join(docs, "order-actions.png") });
    }
  });
});
