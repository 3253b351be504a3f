// The fake served over HTTP: its authorize page approves only the app's own
// client and redirect URI and signs what it sends back, its Admin API is
// FakeShopify's (the token's scopes still checked), and its controls refuse
// what they cannot do with a message.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAddress } from "../app/admin-api-address.ts";
import { signedCallbackQuery } from "./auth-callback-query.ts";
import { FakeShopify } from "./fake-shopify.ts";
import { type FakeShopifyServer, serveFakeShopify } from "./fake-shopify-server.ts";

const KEYS = { apiKey: "server-key", apiSecretKey: "server-secret" };
const APP = "http://127.0.0.1:9/";
const SHOP = "served.myshopify.com";
const fake = new FakeShopify(KEYS);
let server: FakeShopifyServer;
let bare: FakeShopifyServer;

beforeAll(async () => {
  server = await serveFakeShopify(fake, { apiSecretKey: KEYS.apiSecretKey, appUrl: APP });
  bare = await serveFakeShopify(new FakeShopify(KEYS), { apiSecretKey: KEYS.apiSecretKey });
});
afterAll(async () => {
  await server.close();
  await bare.close();
});

function authorize(query: Record<string, string>): Promise<Response> {
  const url = new URL(`${server.url}/${SHOP}/admin/oauth/authorize`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return fetch(url, { redirect: "manual" });
}

describe("the fake Shopify's server", () => {
  it("maps a shop's admin address onto itself, and leaves other addresses alone", () => {
    expect(adminAddress(server.url, `https://${SHOP}/admin/api/2026-10/graphql.json?x=1`)).toBe(
      `${server.url}/${SHOP}/admin/api/2026-10/graphql.json?x=1`,
    );
    expect(adminAddress(`${server.url}/base/`, `https://${SHOP}/admin/oauth/access_token`)).toBe(
      `${server.url}/base/${SHOP}/admin/oauth/access_token`,
    );
    expect(adminAddress(server.url, "https://api.furgonetka.pl/packages")).toBe(
      "https://api.furgonetka.pl/packages",
    );
    expect(adminAddress(server.url, `https://${SHOP}/apps/x`)).toBe(`https://${SHOP}/apps/x`);
  });

  it("approves an install for the app's client, signed as Shopify signs the callback", async () => {
    const redirect = `${APP}auth/callback`;
    const answer = await authorize({
      client_id: KEYS.apiKey,
      scope: "read_orders",
      redirect_uri: redirect,
      state: "st-1",
    });
    expect(answer.status).toBe(302);
    const back = new URL(answer.headers.get("location") ?? "");
    expect(`${back.origin}${back.pathname}`).toBe(redirect);
    const params = Object.fromEntries(back.searchParams);
    const { hmac, ...signed } = params;
    expect(signedCallbackQuery(KEYS.apiSecretKey, signed)).toBe(back.searchParams.toString());
    expect(hmac).toMatch(/^[0-9a-f]{64}$/);
    expect(params).toMatchObject({ shop: SHOP, state: "st-1" });

    // The code is the shop's: the token endpoint trades it once, for the scopes granted.
    const token = await fetch(`${server.url}/${SHOP}/admin/oauth/access_token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...toClient(), code: params.code, expiring: "1" }),
    });
    expect(token.status).toBe(200);
    expect(await token.json()).toMatchObject({ scope: "read_orders" });
  });

  it("refuses another client, a redirect away from the app, and a bad shop", async () => {
    const base = { scope: "read_orders", redirect_uri: `${APP}auth/callback`, state: "s" };
    expect((await authorize({ ...base, client_id: "other" })).status).toBe(400);
    const away = await authorize({
      ...base,
      client_id: KEYS.apiKey,
      redirect_uri: "https://elsewhere.example/cb",
    });
    expect(away.status).toBe(400);
    expect(await away.json()).toEqual({ error: "redirect_uri is not under the app's URL" });
    const notShop = await fetch(`${server.url}/example.com/admin/oauth/authorize`);
    expect(notShop.status).toBe(404);
  });

  it("answers the Admin API as FakeShopify does, the token's scopes checked", async () => {
    fake.addShop("scoped.myshopify.com", ["read_orders"]);
    const token = fake.issueAccessToken("scoped.myshopify.com");
    const answer = await fetch(
      `${server.url}/scoped.myshopify.com/admin/api/2026-10/graphql.json`,
      {
        method: "POST",
        headers: { "content-type": "application/json", "x-shopify-access-token": token },
        body: JSON.stringify({
          query:
            'mutation Rates { carrierServiceCreate(input: { name: "x", callbackUrl: "https://a.example/r", supportsServiceDiscovery: true, active: true }) { carrierService { id } } }',
        }),
      },
    );
    const body = (await answer.json()) as { errors?: { message: string }[] };
    expect(body.errors?.[0]?.message).toMatch(/write_shipping/);
  });

  it("controls: shops, orders and webhooks, each refusal with a message", async () => {
    const post = (url: string, body: unknown) =>
      fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await post(`${server.url}/_fake/shops`, { shop: "bad" })).status).toBe(400);
    expect((await post(`${server.url}/_fake/shops`, { shop: "made.myshopify.com" })).status).toBe(
      201,
    );
    expect((await post(`${server.url}/_fake/shops`, { shop: "made.myshopify.com" })).status).toBe(
      409,
    );
    expect((await post(`${server.url}/_fake/shops/none.myshopify.com/orders`, {})).status).toBe(
      404,
    );
    expect((await post(`${server.url}/_fake/shops/made.myshopify.com/orders`, {})).status).toBe(
      400,
    );
    expect((await fetch(`${server.url}/_fake/shops/made.myshopify.com/orders/1`)).status).toBe(404);
    await post(`${bare.url}/_fake/shops`, { shop: "made.myshopify.com" });
    const nowhere = await post(`${bare.url}/_fake/shops/made.myshopify.com/webhooks`, {
      topic: "orders/paid",
      payload: {},
    });
    expect(nowhere.status).toBe(400);
    expect(await nowhere.json()).toEqual({
      error: "started without the app's URL: nowhere to send",
    });
  });

  it("refuses an orders/* webhook for an order the store does not hold, before sending it", async () => {
    const shop = "webhooks.myshopify.com";
    fake.addShop(shop, ["read_orders"]);
    const sent = await fetch(`${server.url}/_fake/shops/${shop}/webhooks`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ topic: "orders/paid", payload: { id: 77 } }),
    });
    expect(sent.status).toBe(409);
    expect(await sent.json()).toEqual({
      code: "unknown_order",
      error: `${shop} holds no order 77: add it first (POST /_fake/shops/${shop}/orders), then send its orders/paid`,
    });
  });
});

function toClient() {
  return { client_id: KEYS.apiKey, client_secret: KEYS.apiSecretKey };
}
