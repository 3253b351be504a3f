// A standalone app's session cookie proves a change only when the browser
// says the app's own pages sent it: a form another site posts with the
// cookie (SameSite=Lax lets a sibling site's through) is refused before it
// changes anything; the app's own pages, and a script with no browser
// headers, are let through.
import { beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import { loadSettings } from "../store/settings.ts";
import { APP_URL, useHarness } from "../test-support/harness.ts";

const harness = useHarness();
const SHOP = "cookie-origin-shop.myshopify.com";
let app: ShopifyApp;
let cookie: string;

beforeAll(async () => {
  app = await harness.app({ runWorkers: false });
  cookie = await harness.ready(app, SHOP, { shipOn: "manual", language: "pl_PL" });
}, 60_000);

const post = (headers: Record<string, string>) =>
  app(
    new Request(`${APP_URL}/settings`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams({ language: "en_GB", ship_on: "paid" }),
    }),
  );

describe("a standalone app's cookie", () => {
  it("changes nothing for a form another site posts", async () => {
    const before = (await loadSettings(harness.pool, SHOP)).settings;
    for (const headers of [
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site", origin: "https://evil.example.test" },
      { origin: "https://evil.example.test" },
      { origin: "null" },
    ] as Record<string, string>[]) {
      const answer = await post(headers);
      expect({ headers, status: answer.status }).toEqual({ headers, status: 401 });
    }
    expect((await loadSettings(harness.pool, SHOP)).settings).toEqual(before);
    // Reading a page is not a change.
    const page = await app(
      new Request(`${APP_URL}/settings?shop=${SHOP}`, {
        headers: { cookie, "sec-fetch-site": "cross-site" },
      }),
    );
    expect(page.status).toBe(200);
  });

  it("takes a form from the app's own pages, or from a script", async () => {
    for (const headers of [
      { "sec-fetch-site": "same-origin", origin: APP_URL },
      { origin: APP_URL },
      {},
    ] as Record<string, string>[]) {
      const answer = await post(headers);
      expect({ headers, status: answer.status }).toEqual({ headers, status: 303 });
    }
    expect((await loadSettings(harness.pool, SHOP)).settings.language).toBe("en_GB");
  });
});
