// Both storefronts as a customer sees them, in a real browser: in English
// and in Polish (`?lang=` and the browser's Accept-Language), at 1440 px and
// at a phone's 390 px. The rates are named in the language ("Kurier DPD" /
// "DPD courier", the Shopify app's "Kurier InPost" / "InPost courier") and
// aligned in columns, each locker with its address and on a map drawn with
// the dashboard's map code; a locker is chosen on the map and in the list,
// the order is placed and (Shopify) marked paid and cancelled, each step confirmed in a
// status region; a missing field is named as the form names it, its path
// and rule on hover; axe-core finds no serious or critical violation.
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { FakeShopify } from "@shipbridge/shopify/testing";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_CUSTOMERS } from "../../src/stores/customers.ts";
import {
  type DemoProcess,
  startDemoProcess,
  testFolder,
} from "../../src/test-support/demo-process.ts";
import { expectAccessible } from "./accessibility.ts";
import { type Browser, openBrowser } from "./browser.ts";
import { connectStore, type Store } from "./steps.ts";

const docsDir = resolve(import.meta.dirname, "../../docs");
const SCREENSHOTS = process.env.DEMO_SCREENSHOTS === "1";
/** The screenshots kept for the README: a few only. */
const KEPT = new Set(["shopify-pl-1440", "medusa-en-390"]);

const WIDTHS = [1440, 390] as const;
const LANGUAGES = ["en", "pl"] as const;
type Language = (typeof LANGUAGES)[number];

/** How each storefront names a courier rate, by language. */
const COURIER: Record<Store, Record<Language, string>> = {
  shopify: { en: "InPost courier", pl: "Kurier InPost" },
  medusa: { en: "DPD courier", pl: "Kurier DPD" },
};
const TEXTS: Record<
  Language,
  { place: string; placed: RegExp; paid: RegExp; cancelled: RegExp; required: string }
> = {
  en: {
    place: "Place order",
    placed: /^Thank you! Order #\d+ is placed\.$/,
    paid: /^Payment recorded: order #\d+ is paid\.$/,
    cancelled: /^Order #\d+ is cancelled\.$/,
    required: "Street and number is required",
  },
  pl: {
    place: "Złóż zamówienie",
    placed: /^Dziękujemy! Zamówienie #\d+ zostało złożone\.$/,
    paid: /^Płatność przyjęta: zamówienie #\d+ jest opłacone\.$/,
    cancelled: /^Zamówienie #\d+ zostało anulowane\.$/,
    required: "Pole „Ulica i numer” jest wymagane",
  },
};

let workDir: string;
let demo: DemoProcess;
let browser: Browser;
let dashboard: Page;
const storefront: Record<Store, string> = { shopify: "", medusa: "" };

/** Boxes of every rate's parts, to compare their columns. */
async function rateColumns(page: Page) {
  return page.locator("#rates .rate").evaluateAll((rows) =>
    rows.map((row) => {
      const box = (selector: string) => {
        const found = row.querySelector(selector)?.getBoundingClientRect();
        return found ? { left: found.left, right: found.right } : null;
      };
      return {
        choice: box("input"),
        name: box(".rate-name"),
        detail: box(".rate-detail"),
        price: box(".rate-price"),
      };
    }),
  );
}

/** The order as the store keeps it, seen through the dashboard's API: its chosen point. */
async function storeOrder(store: Store, id: string): Promise<{ point: { id: string } | null }> {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const response = await fetch(`${demo.addresses.dashboard}/api/orders`);
    const { orders } = (await response.json()) as {
      orders: { store: string; id: string; point: { id: string } | null }[];
    };
    const order = orders.find((candidate) => candidate.store === store && candidate.id === id);
    if (order) return order;
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`the dashboard never listed ${store} order ${id}`);
}

/** The simulated Shopify store's own record of an order's payment (its Admin API's view). */
function shopifyFinancialStatus(orderId: string): string | null {
  const fake = new FakeShopify({ apiKey: "read-only", apiSecretKey: "read-only" });
  fake.restore(readFileSync(join(workDir, "data", "shopify-fake.json"), "utf8"));
  const order = fake.order("shipbridge-demo.myshopify.com", `gid://shopify/Order/${orderId}`);
  return order?.details?.financial_status ?? null;
}

/** The element that has focus is a control or a region of the page, never the body. */
async function focusKept(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    return !active || active === document.body
      ? "body"
      : `${active.tagName.toLowerCase()}#${active.id}`;
  });
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

describe("the storefronts in a browser", () => {
  beforeAll(async () => {
    workDir = testFolder("demo-storefronts-e2e");
    browser = await openBrowser({ language: "en-GB" });
    demo = await startDemoProcess(join(workDir, "data"), { limitMs: 300_000 });
    dashboard = await browser.context.newPage();
    await dashboard.goto(demo.addresses.dashboard);
    await dashboard.waitForSelector("body[data-loaded='true']");
    // Rates are the service's quotes: both shipping accounts connected first.
    for (const store of ["shopify", "medusa"] as const) {
      await connectStore(dashboard, store);
      await dashboard.waitForSelector(`#connection-${store}[data-state='connected']`);
      const url = await dashboard.getAttribute(`#storefront-${store}`, "href");
      storefront[store] = new URL(url ?? "", demo.addresses.dashboard).href.split("?")[0] ?? "";
    }
    if (SCREENSHOTS) mkdirSync(docsDir, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    const code = demo ? await demo.stop() : undefined;
    if (workDir) rmSync(workDir, { recursive: true, force: true });
    if (demo) expect(code).toBe(0);
  });

  it("speaks the browser's language without ?lang=, and ?lang= over it", async () => {
    const page = await browser.context.newPage();
    await page.goto(storefront.shopify);
    await expect(page.getAttribute("html", "lang")).resolves.toBe("en");
    await expect(page.textContent("#get-rates")).resolves.toBe("Get rates");
    // A browser set to Polish.
    await page.route("**/storefront/**", (route) =>
      route.continue({
        headers: { ...route.request().headers(), "accept-language": "pl-PL,pl;q=0.9,en;q=0.5" },
      }),
    );
    await page.goto(storefront.medusa);
    await expect(page.getAttribute("html", "lang")).resolves.toBe("pl");
    await expect(page.textContent("#get-rates")).resolves.toBe("Pokaż opcje dostawy");
    await page.goto(`${storefront.medusa}?lang=en`);
    await expect(page.getAttribute("html", "lang")).resolves.toBe("en");
    await page.close();
  });

  for (const [store, language] of [
    ["shopify", "en"],
    ["shopify", "pl"],
    ["medusa", "en"],
    ["medusa", "pl"],
  ] as const) {
    it(`names a missing field for people in ${store}'s ${language} checkout, its path and rule on hover`, async () => {
      const page = await browser.context.newPage();
      await page.goto(`${storefront[store]}?lang=${language}`);
      await page.fill("#checkout [name='street']", "");
      await page.click("#get-rates");
      const problem = page.locator("#error li[data-path='street']");
      await problem.waitFor();
      await expect(problem.textContent()).resolves.toBe(TEXTS[language].required);
      await expect(problem.getAttribute("title")).resolves.toBe("street · required");
      await expect(page.getAttribute("#checkout [name='street']", "aria-invalid")).resolves.toBe(
        "true",
      );
      // Never the raw path inside the sentence.
      await expect(page.textContent("#error")).resolves.not.toContain("street jest");
      await expectAccessible(page, `${store} storefront refusal (${language})`);
      await page.close();
    });
  }

  it("answers the store's refusals in the customer's language, without the store API's path", async () => {
    const post = async (url: string, body: unknown) => {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return {
        status: response.status,
        error: (
          (await response.json()) as { error: { code: string; message: string; details?: string } }
        ).error,
      };
    };
    const address = SAMPLE_CUSTOMERS[0];
    // A rate the Shopify checkout does not offer.
    const shopify = await post(`${storefront.shopify}orders?lang=pl`, {
      ...address,
      rate: "shipbridge:inpost:point:NOSUCH",
    });
    expect(shopify).toEqual({
      status: 400,
      error: {
        code: "unknown_rate",
        message: "Ta stawka nie jest dostępna dla tego adresu; pokaż stawki ponownie.",
      },
    });
    // A cart Medusa does not know: a sentence in the customer's language, Medusa's own
    // (English) wording kept aside in `details`.
    for (const [language, lead, foreign] of [
      ["pl", "Sklep odmówił: ", /\b(was|not|found|the|with|cart)\b/i],
      ["en", "The store refused: ", /\b(nie|sklep|koszyk|został)\b/i],
    ] as const) {
      const medusa = await post(`${storefront.medusa}orders?lang=${language}`, {
        rate: "so_nosuch",
        cartId: "cart_nosuch",
      });
      expect(medusa.status).toBe(400);
      expect(medusa.error.code).toBe("store_refused");
      expect(medusa.error.message.startsWith(lead)).toBe(true);
      expect(medusa.error.message).not.toMatch(foreign);
      expect(medusa.error.message).not.toMatch(/\/store\/|POST /);
      expect(medusa.error.details).toMatch(/cart_nosuch/);
    }
  });

  for (const store of ["shopify", "medusa"] as const) {
    for (const language of LANGUAGES) {
      for (const width of WIDTHS) {
        it(`${store} in ${language} at ${width} px: aligned rates, a locker on the map, an order`, async () => {
          const page = await browser.context.newPage();
          await page.setViewportSize({ width, height: 900 });
          await page.goto(`${storefront[store]}?lang=${language}`);
          await expect(page.getAttribute("html", "lang")).resolves.toBe(language);
          await expect(page.textContent("#place-order")).resolves.toBe(TEXTS[language].place);
          await expectAccessible(page, `${store} storefront (${language}, ${width} px)`);

          await page.click("#get-rates");
          await page.locator("#rates .rate").first().waitFor({ timeout: 60_000 });
          await expect(page.getAttribute("#status", "role")).resolves.toBe("status");
          // Every rate is named in the language, a courier among them.
          const names = await page.locator("#rates .rate-name").allTextContents();
          expect(names.map((name) => name.replace(/^\d+/, ""))).toContain(COURIER[store][language]);
          expect(names.join(" ")).not.toMatch(
            language === "pl" ? /courier|locker|pickup point/i : /kurier|paczkomat|punkt odbioru/i,
          );
          // Columns: the choices, names and details start at one edge, the prices end at one.
          const columns = await rateColumns(page);
          expect(columns.length).toBeGreaterThanOrEqual(3);
          const edges = (pick: (row: (typeof columns)[0]) => number | undefined) =>
            new Set(columns.map((row) => Math.round(pick(row) ?? -1)));
          expect(edges((row) => row.choice?.left).size).toBe(1);
          expect(edges((row) => row.name?.left).size).toBe(1);
          expect(edges((row) => row.detail?.left).size).toBe(1);
          expect(edges((row) => row.price?.right).size).toBe(1);
          for (const row of columns) {
            expect(row.price?.left ?? 0).toBeGreaterThanOrEqual(row.name?.right ?? 0);
          }
          // A locker shows its address (street, postcode and city), not only its code.
          const lockers = page.locator("#rates .rate:has(input[data-locker='true'])");
          const count = await lockers.count();
          expect(count).toBeGreaterThanOrEqual(2);
          for (const detail of await lockers.locator(".rate-detail").allTextContents()) {
            expect(detail).toMatch(/\S+.*, \d{2}-\d{3} \S+/);
          }
          // The lockers on the map: one dot each; choosing a dot checks its rate.
          const dots = page.locator("#rate-map .choice");
          await expect(dots.count()).resolves.toBe(count);
          const second = dots.nth(1);
          const secondCode = await second.getAttribute("data-code");
          await second.click();
          await expect(
            page.locator(`#rates input[value='${secondCode}']`).isChecked(),
          ).resolves.toBe(true);
          await expect(second.getAttribute("aria-pressed")).resolves.toBe("true");
          // And choosing in the list marks its dot; by keyboard on the map too.
          await lockers.first().locator("input").check();
          const firstCode = await lockers.first().locator("input").getAttribute("value");
          await expect(
            page
              .locator(`#rate-map .choice[data-code='${firstCode}']`)
              .getAttribute("aria-pressed"),
          ).resolves.toBe("true");
          await expect(second.getAttribute("aria-pressed")).resolves.toBe("false");
          await second.focus();
          await page.keyboard.press("Enter");
          await expect(
            page.locator(`#rates input[value='${secondCode}']`).isChecked(),
          ).resolves.toBe(true);
          await noSidewaysScroll(page);
          await expectAccessible(page, `${store} storefront rates (${language}, ${width} px)`);
          if (SCREENSHOTS && KEPT.has(`${store}-${language}-${width}`)) {
            await page.screenshot({
              path: join(docsDir, `storefront-${store}-${language}-${width}.png`),
              fullPage: true,
            });
          }

          // The order goes to the locker chosen on the map, placed by keyboard: focus
          // stays on the page's controls, never dropped to the body.
          await page.focus("#place-order");
          await page.keyboard.press("Enter");
          const result = page.locator("#order-result[data-order-id]");
          await result.waitFor({ timeout: 120_000 });
          await expect(page.textContent("#status")).resolves.toMatch(TEXTS[language].placed);
          await expect(focusKept(page)).resolves.not.toBe("body");
          const point = secondCode?.split(":").at(-1) ?? "";
          await expect(result.textContent()).resolves.toContain(point);
          // The store has the order with that point.
          const orderId = (await result.getAttribute("data-order-id")) ?? "";
          await expect(storeOrder(store, orderId)).resolves.toMatchObject({ point: { id: point } });
          if (store === "shopify") {
            await page.focus("#mark-paid");
            await page.keyboard.press("Enter");
            await page.waitForSelector("#status[data-state='paid']");
            await expect(page.textContent("#status")).resolves.toMatch(TEXTS[language].paid);
            await expect(page.getAttribute("#status", "aria-live")).resolves.toBe("polite");
            await expect(page.isDisabled("#mark-paid")).resolves.toBe(true);
            await expect(focusKept(page)).resolves.not.toBe("body");
            // The store itself holds the order as paid.
            expect(shopifyFinancialStatus(orderId)).toBe("paid");
            await page.focus("#cancel-order");
            await page.keyboard.press("Enter");
            await page.waitForSelector("#status[data-state='cancelled']");
            await expect(page.textContent("#status")).resolves.toMatch(TEXTS[language].cancelled);
            await expect(focusKept(page)).resolves.not.toBe("body");
          }
          await noSidewaysScroll(page);
          await expectAccessible(page, `${store} storefront order (${language}, ${width} px)`);
          await page.close();
        });
      }
    }
  }
});
