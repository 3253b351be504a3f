// The app's answers when no route matches or a route throws: with its
// database down, every page and link answers in English and Polish, never
// Hono's "Internal Server Error" nor a stack, and logs one line without
// the request's query; an unknown extension address is a JSON refusal with
// CORS; and /app takes Shopify's session token alone, never a form token.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { makeFormToken } from "../auth/form-token.ts";
import { APP_URL, KEYS, useHarness } from "../test-support/harness.ts";
import { createShopifyApp, type ShopifyApp } from "./create-shopify-app.ts";

const harness = useHarness();
const SHOP = "error-answers-shop.myshopify.com";
let down: ShopifyApp;
let app: ShopifyApp;

beforeAll(async () => {
  down = createShopifyApp({
    ...KEYS,
    appUrl: APP_URL,
    databaseUrl: "postgres://nobody:not-this-password@127.0.0.1:1/none",
    runWorkers: false,
    shipping: { baseUrl: "http://127.0.0.1:1", clientId: "x", clientSecret: "y" },
  });
  app = await harness.app({ runWorkers: false });
  await harness.ready(app, SHOP);
}, 60_000);
afterAll(() => down.close());

describe("the app's error answers", () => {
  it("answer in both languages with the database down, logging one line without the query", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const formToken = makeFormToken(KEYS.apiSecretKey, SHOP, Date.now());
      for (const path of [
        "/returns/label/abc.def",
        `/app?id_token=${formToken}`,
        "/connect",
        "/auth/callback?code=x&shop=a.myshopify.com",
      ]) {
        const answer = await down(new Request(`${APP_URL}${path}`));
        const text = await answer.text();
        expect({ path, status: answer.status }).toEqual({ path, status: 500 });
        expect(answer.headers.get("content-type")).toMatch(/^text\/plain/);
        expect(text).toMatch(/Try again/);
        expect(text).toMatch(/Spróbuj/);
        expect(text).not.toMatch(/Internal Server Error|at .*\.ts/);
      }
      const lines = logged.mock.calls.map((call) => call.join(" "));
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        expect(line).not.toMatch(/sbf1|not-this-password|\n\s+at /);
      }
      expect(lines).toContain("shipbridge: GET /returns/label/abc.def failed: Error ECONNREFUSED");
    } finally {
      logged.mockRestore();
    }
  });

  it("answer an unknown address in both languages, as JSON with CORS under /extension-api", async () => {
    const extension = await app(
      new Request(`${APP_URL}/extension-api/no-such-thing?language=pl`, {
        headers: { origin: "https://extensions.shopifycdn.com" },
      }),
    );
    expect(extension.status).toBe(404);
    expect(extension.headers.get("access-control-allow-origin")).toBe("*");
    expect(await extension.json()).toMatchObject({
      error: "no_such_route",
      message: expect.stringMatching(/adresu/),
      messages: { en: expect.stringMatching(/address/), pl: expect.stringMatching(/adresu/) },
    });
    const page = await app(new Request(`${APP_URL}/no-such-page`));
    expect(page.status).toBe(404);
    expect(await page.text()).toBe(
      "The app has no such address.\nAplikacja nie ma takiego adresu.",
    );
  });

  it("refuse a form token on /app rather than trade it with Shopify", async () => {
    const formToken = makeFormToken(KEYS.apiSecretKey, SHOP, Date.now());
    const answer = await app(new Request(`${APP_URL}/app?id_token=${formToken}`));
    expect(answer.status).toBe(401);
  });
});
