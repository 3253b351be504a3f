// The pages' form token: minted from a Shopify session token alone, carried
// on unchanged by the pages it opens, so a link that leaked with one stops
// working an hour after the session token that made it, however often it
// is reloaded; and a buyer's token opens no page.
import "@shopify/shopify-api/adapters/web-api";
import { ApiVersion, shopifyApi } from "@shopify/shopify-api";
import { describe, expect, it } from "vitest";
import { makeBuyerSessionToken, makeSessionToken } from "../testing/session-token.ts";
import { FORM_TOKEN_SECONDS, isFormToken } from "./form-token.ts";
import { pageShop } from "./page-shop.ts";

const KEYS = { apiKey: "key", apiSecretKey: "secret" };
const shopify = shopifyApi({
  ...KEYS,
  scopes: [],
  hostName: "ship.example.test",
  apiVersion: ApiVersion.October26,
  isEmbeddedApp: true,
});
const SHOP = "a-shop.myshopify.com";
const page = (token: string, at: number) =>
  pageShop(
    shopify,
    new Request(`https://ship.example.test/settings?id_token=${token}`),
    undefined,
    () => at,
  );

describe("a page's form token", () => {
  it("is minted from a session token, then carried on unchanged and lapses in its hour", async () => {
    const start = Date.now();
    const opened = await page(makeSessionToken({ ...KEYS, shop: SHOP, now: () => start }), start);
    expect(opened.shop).toBe(SHOP);
    const formToken = opened.idToken ?? "";
    expect(isFormToken(formToken)).toBe(true);

    // Reloaded with it 59 minutes later: the same token, not a new hour.
    const reloaded = await page(formToken, start + 59 * 60_000);
    expect(reloaded).toEqual({ shop: SHOP, idToken: formToken });
    const lapsed = await page(formToken, start + FORM_TOKEN_SECONDS * 1000);
    expect(lapsed.shop).toBeUndefined();
  });

  it("is not kept alive by reloading the page every 59 minutes", async () => {
    const start = Date.now();
    let token =
      (await page(makeSessionToken({ ...KEYS, shop: SHOP, now: () => start }), start)).idToken ??
      "";
    let at = start;
    let alive = 0;
    for (let hop = 1; hop <= 24; hop++) {
      at += 59 * 60_000;
      const next = await page(token, at);
      if (!next.shop) break;
      alive = hop;
      token = next.idToken ?? "";
    }
    expect(alive).toBe(1);
  });

  it("is not minted from a buyer's token, which opens no page", async () => {
    const opened = await page(makeBuyerSessionToken({ ...KEYS, shop: SHOP }), Date.now());
    expect(opened.shop).toBeUndefined();
    expect(isFormToken(opened.idToken ?? "")).toBe(false);
  });
});
