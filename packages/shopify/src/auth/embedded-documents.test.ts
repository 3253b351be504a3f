// The embedded app's documents as the server sends them, end to end on a
// real PostgreSQL, the sandbox over HTTP and FakeShopify: App Bridge's
// `shopify-api-key` and script first in `<head>` then Polaris (neither
// async, deferred nor a module), the frame-ancestors of the asking shop and
// the preload headers; the bounce page for a document loaded without a
// session token; a Bearer token that decides alone, and a 401 App Bridge
// retries when it is refused; a standalone app's pages never framed and
// without Shopify's scripts.
import { beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import { APP_URL, KEYS, useHarness } from "../test-support/harness.ts";
import { makeSessionToken } from "../testing/session-token.ts";
import { APP_BRIDGE_URL, POLARIS_URL, RETRY_HEADER } from "./embedded-documents.ts";

const harness = useHarness();
const SHOP = "embedded-pages-shop.myshopify.com";
let standalone: ShopifyApp;
let embedded: ShopifyApp;

beforeAll(async () => {
  standalone = await harness.app();
  await harness.ready(standalone, SHOP, { shipOn: "manual", language: "en_GB" });
  embedded = await harness.app({ isEmbeddedApp: true, runWorkers: false });
}, 60_000);

const token = (shop = SHOP) => makeSessionToken({ ...KEYS, shop });
const open = (app: ShopifyApp, path: string, headers: Record<string, string> = {}) =>
  app(new Request(`${APP_URL}${path}`, { headers }));

/** The `<head>` of a document, and the opening tags of its scripts in order. */
function headOf(document: string) {
  const head = /<head>([\s\S]*?)<\/head>/.exec(document)?.[1] ?? "";
  return { head, scripts: [...head.matchAll(/<script[^>]*>/g)].map((match) => match[0]) };
}

describe("an embedded app's documents", () => {
  for (const path of ["/settings", "/orders", "/orders/reckoning"]) {
    it(`${path}: App Bridge first in <head>, then Polaris, with the api key, frame-ancestors and preload`, async () => {
      const response = await open(embedded, `${path}?shop=${SHOP}&id_token=${token()}`);
      expect(response.status).toBe(200);
      const document = await response.text();
      const { head, scripts } = headOf(document);
      expect(head.startsWith(`<meta name="shopify-api-key" content="${KEYS.apiKey}" />`)).toBe(
        true,
      );
      expect(scripts[0]).toBe(`<script src="${APP_BRIDGE_URL}">`);
      expect(scripts[1]).toBe(`<script src="${POLARIS_URL}">`);
      // Any later script opts out of App Bridge's "first script" rule, and none is external.
      for (const script of scripts.slice(2)) {
        expect(script).toMatch(/data-app-bridge-compatible|data-page-script/);
        expect(script).not.toMatch(/src=/);
      }
      expect(document.match(/app-bridge\.js/g)).toHaveLength(1);
      expect(response.headers.get("content-security-policy")).toBe(
        `frame-ancestors https://${SHOP} https://admin.shopify.com`,
      );
      // The address carries a token: it is never sent on as a referrer.
      expect(response.headers.get("referrer-policy")).toBe("no-referrer");
      const link = response.headers.get("link") ?? "";
      expect(link).toContain(`<${APP_BRIDGE_URL}>; rel="preload"; as="script"`);
      expect(link).toContain(`<${POLARIS_URL}>; rel="preload"; as="script"`);
      // Polaris markup around plain HTML, and the admin's navigation.
      expect(document).toContain("<s-app-nav>");
      expect(document).toMatch(/<s-page heading="[^"]+">/);
      expect(document).toContain("<s-section>");
    });
  }

  it("names in frame-ancestors the shop the token proves, never one the query names", async () => {
    const response = await open(
      embedded,
      `/settings?shop=evil-shop.myshopify.com&id_token=${token()}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toBe(
      `frame-ancestors https://${SHOP} https://admin.shopify.com`,
    );
  });

  it("sends a document loaded with embedded=1 and no token through the bounce page", async () => {
    const response = await open(embedded, `/orders?shop=${SHOP}&embedded=1&host=YWRtaW4`);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location") ?? "", APP_URL);
    expect(location.pathname).toBe("/auth/session-token");
    expect(location.searchParams.get("shop")).toBe(SHOP);
    expect(location.searchParams.get("host")).toBe("YWRtaW4");
    expect(location.searchParams.get("shopify-reload")).toBe(
      `${APP_URL}/orders?shop=${SHOP}&embedded=1&host=YWRtaW4`,
    );
    const bounce = await open(embedded, `${location.pathname}${location.search}`);
    expect(bounce.status).toBe(200);
    const { head, scripts } = headOf(await bounce.text());
    expect(head).toContain(`<meta name="shopify-api-key" content="${KEYS.apiKey}" />`);
    expect(scripts).toEqual([`<script data-api-key="${KEYS.apiKey}" src="${APP_BRIDGE_URL}">`]);
    expect(bounce.headers.get("content-security-policy")).toBe(
      `frame-ancestors https://${SHOP} https://admin.shopify.com`,
    );
    // With its token the document loads.
    const loaded = await open(embedded, `/orders?shop=${SHOP}&embedded=1&id_token=${token()}`);
    expect(loaded.status).toBe(200);
  });

  it("takes a Bearer token alone, and answers a refused one with App Bridge's retry header", async () => {
    const good = await open(embedded, `/orders?shop=${SHOP}`, {
      authorization: `Bearer ${token()}`,
    });
    expect(good.status).toBe(200);
    expect(good.headers.get(RETRY_HEADER)).toBeNull();
    // The page's own form token carries on in its links and forms.
    const formToken = /name="id_token" value="([^"]+)"/.exec(await good.text())?.[1] ?? "";
    expect(formToken).toMatch(/^sbf1\./);
    const forged = makeSessionToken({ apiKey: KEYS.apiKey, apiSecretKey: "other", shop: SHOP });
    // A refused Bearer token is refused even beside a good form token.
    for (const path of ["/orders", "/settings", "/orders/batches/x/status"]) {
      const refused = await open(
        embedded,
        `${path}?shop=${SHOP}&id_token=${encodeURIComponent(formToken)}`,
        { authorization: `Bearer ${forged}` },
      );
      expect(refused.status).toBe(401);
      expect(refused.headers.get(RETRY_HEADER)).toBe("1");
    }
    // Without a Bearer header, the form token still proves the shop (no App Bridge).
    const offline = await open(
      embedded,
      `/orders?shop=${SHOP}&id_token=${encodeURIComponent(formToken)}`,
    );
    expect(offline.status).toBe(200);
    // A 401 of a document load (no Bearer header) is no retry.
    const stale = await open(embedded, `/orders?shop=${SHOP}&id_token=${forged}`);
    expect(stale.status).toBe(401);
    expect(stale.headers.get(RETRY_HEADER)).toBeNull();
  });
});

describe("a standalone app's documents", () => {
  it("carry no Shopify script and may not be framed", async () => {
    const cookie = await harness.install(standalone, SHOP);
    const response = await open(standalone, `/orders?shop=${SHOP}`, { cookie });
    expect(response.status).toBe(200);
    const document = await response.text();
    expect(document).not.toContain("cdn.shopify.com");
    expect(document).not.toContain("shopify-api-key");
    expect(response.headers.get("content-security-policy")).toBe("frame-ancestors 'none'");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.get("link")).toBeNull();
  });
});
