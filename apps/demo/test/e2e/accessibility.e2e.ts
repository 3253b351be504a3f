// The accessibility check itself: it passes a clean page and names every
// serious or critical violation of a faulty one.
import { afterAll, beforeAll, expect, test } from "vitest";
import { expectAccessible } from "./accessibility.ts";
import { type Browser, openBrowser } from "./browser.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await openBrowser({ language: "en-GB" });
});

afterAll(async () => {
  await browser?.close();
});

test("a page with a name, a language and labelled controls passes", async () => {
  const page = await browser.context.newPage();
  await page.setContent(
    `<!doctype html><html lang="en"><head><title>Clean</title></head><body><main><h1>Orders</h1>
     <label for="q">Search</label><input id="q"><button type="button">Ship selected</button></main></body></html>`,
  );
  await expectAccessible(page, "clean page");
  await page.close();
});

test("every serious or critical violation is listed with its elements", async () => {
  const page = await browser.context.newPage();
  await page.setContent(
    `<!doctype html><html><head><title>Faulty</title></head><body><main>
     <button id="nameless" type="button"></button><img id="wordless" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
     <p style="color:#bbb;background:#fff">Pale text</p></main></body></html>`,
  );
  const failure = await expectAccessible(page, "faulty page").then(
    () => new Error("the faulty page passed"),
    (error: Error) => error,
  );
  expect(failure.message).toContain("faulty page:");
  for (const rule of ["button-name", "image-alt", "html-has-lang", "color-contrast"]) {
    expect(failure.message).toContain(`- ${rule} (`);
  }
  expect(failure.message).toContain("#nameless");
  expect(failure.message).toContain("#wordless");
  await page.close();
});
