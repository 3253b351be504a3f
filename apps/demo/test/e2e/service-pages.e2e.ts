// Connecting from the dashboard lands on the service's login and consent
// pages in the dashboard's language, on a phone (390 px wide). Each store is
// connected in the language it would NOT show by itself, so only the
// dashboard's `?lang=` passed on can make the pages right: the Medusa plugin
// speaks English by default and the browser asks for English, yet the Polish
// dashboard's connect gives Polish pages; the simulated shop is Polish, yet
// the English dashboard's connect gives English pages. Every page is checked whole in its language, without
// sideways scrolling, and with axe-core; a refused password says so in the
// page's language.
import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type DemoProcess,
  startDemoProcess,
  testFolder,
} from "../../src/test-support/demo-process.ts";
import { expectAccessible } from "./accessibility.ts";
import { type Browser, openBrowser } from "./browser.ts";
import { STORE_USERS, type Store } from "./steps.ts";

const SCREENSHOTS = process.env["DEMO_SCREENSHOTS"] === "1";
const DOCS = resolve(import.meta.dirname, "../../docs");

let workDir: string;
let demo: DemoProcess | undefined;
let browser: Browser;
let page: Page;

const TEXTS = {
  pl: {
    login: "Logowanie",
    username: "Nazwa użytkownika",
    password: "Hasło",
    logIn: "Zaloguj się",
    wrong: "Nieprawidłowa nazwa użytkownika lub hasło.",
    consent: "Udziel dostępu",
    allow: "Zezwól",
    deny: "Odmów",
    scope: "Tworzenie i zamawianie przesyłek",
  },
  en: {
    login: "Log in",
    username: "User name",
    password: "Password",
    logIn: "Log in",
    wrong: "Wrong user name or password.",
    consent: "Grant access",
    allow: "Allow",
    deny: "Deny",
    scope: "Create and order shipments",
  },
} as const;

type Language = keyof typeof TEXTS;

/** The page is whole in `language`: <html lang>, and none of the other language's words. */
async function expectLanguage(language: Language): Promise<void> {
  await expect(page.getAttribute("html", "lang")).resolves.toBe(language);
  const other = TEXTS[language === "pl" ? "en" : "pl"];
  const text = (await page.textContent("body")) ?? "";
  for (const word of [other.username, other.password, other.allow, other.deny, other.consent])
    expect(text).not.toContain(word);
}

/** Nothing wider than the phone's screen. */
async function expectNoSidewaysScroll(): Promise<void> {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

async function screenshot(name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  mkdirSync(DOCS, { recursive: true });
  await page.screenshot({ path: join(DOCS, name) });
}

/** From the dashboard in `language`: connect `store` through the service's pages, checking each. */
async function connectIn(store: Store, language: Language): Promise<void> {
  const t = TEXTS[language];
  await page.click(`#lang-${language}`);
  await page.waitForSelector(`html[lang='${language}']`);
  await page.click(`#connect-${store}`);
  await page.waitForSelector("input[name='username']", { timeout: 60_000 });

  // The login page.
  await expectLanguage(language);
  await expect(page.textContent("h1")).resolves.toBe(t.login);
  await expect(page.getByLabel(t.username).count()).resolves.toBe(1);
  await expect(page.getByLabel(t.password).count()).resolves.toBe(1);
  await expectNoSidewaysScroll();
  await expectAccessible(page, `login page (${language}, 390 px)`);
  await screenshot(`service-login-${language}.png`);

  // A wrong password: the form again, saying so.
  await page.getByLabel(t.username).fill(STORE_USERS[store].username);
  await page.getByLabel(t.password).fill("not-the-password");
  await page.getByRole("button", { name: t.logIn }).click();
  await page.waitForSelector("[role='alert']");
  await expect(page.textContent("[role='alert']")).resolves.toBe(t.wrong);
  await expectLanguage(language);
  await expectAccessible(page, `refused login (${language}, 390 px)`);

  // The consent page.
  await page.getByLabel(t.password).fill(STORE_USERS[store].password);
  await page.getByRole("button", { name: t.logIn }).click();
  await page.waitForSelector("button[name='decision'][value='allow']");
  await expectLanguage(language);
  await expect(page.textContent("h1")).resolves.toBe(t.consent);
  await expect(page.textContent("main li")).resolves.toContain(t.scope);
  await expect(page.getByRole("button", { name: t.deny }).count()).resolves.toBe(1);
  await expectNoSidewaysScroll();
  await expectAccessible(page, `consent page (${language}, 390 px)`);
  await screenshot(`service-consent-${language}.png`);

  await page.getByRole("button", { name: t.allow }).click();
  await page.waitForSelector(`#connection-${store}[data-state='connected']`, { timeout: 60_000 });
}

describe("the service's pages in the dashboard's language, on a phone", () => {
  beforeAll(async () => {
    workDir = testFolder("demo-service-pages");
    // The browser asks for English: the Polish pages come from the dashboard's language.
    browser = await openBrowser({ language: "en-GB" });
    page = await browser.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    demo = await startDemoProcess(join(workDir, "data"));
    await page.goto(demo.addresses.dashboard);
    await page.waitForSelector("body[data-loaded='true']");
  });

  afterAll(async () => {
    await browser?.close();
    await demo?.stop();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it("connects the Medusa store from the Polish dashboard through Polish pages", async () => {
    // Neither the plugin's default language (English) nor the browser's asks for Polish.
    await connectIn("medusa", "pl");
    await expect(page.getAttribute("html", "lang")).resolves.toBe("pl");
  });

  it("connects the Shopify store from the English dashboard through English pages", async () => {
    // The shop's own language (pl_PL) would give Polish pages.
    await connectIn("shopify", "en");
    await expect(page.getAttribute("html", "lang")).resolves.toBe("en");
  });
});
