// The fake served over HTTP: its authorize page approves only the app's own
// client and redirect URI and signs what it sends back, its Admin API is
// FakeShopify's (the token's scopes still checked), its controls refuse
// what they cannot do with a message, and its returns send their webhooks to
// the app, signed.
import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAddress } from "../app/admin-api-address.ts";
import { signedCallbackQuery } from "./auth-callback-query.ts";
import { FakeShopify } from "./fake-shopify.ts";
import { type FakeShopifyServer, serveFakeShopify } from "./fake-shopify-server.ts";
import { sampleShopifyOrder } from "./orders.ts";

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

describe("the fake Shopify's server, returns", () => {
  it("creates, closes and shows a return, and sends its webhooks to the app, signed", async () => {
    const received: { topic: string | null; hmac: string | null; body: string }[] = [];
    const app = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        received.push({
          topic: request.headers["x-shopify-topic"] as string | null,
          hmac: request.headers["x-shopify-hmac-sha256"] as string | null,
          body,
        });
        response.end("ok");
      });
    });
    await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
    const port = (app.address() as AddressInfo).port;
    const store = new FakeShopify(KEYS);
    const served = await serveFakeShopify(store, {
      apiSecretKey: KEYS.apiSecretKey,
      appUrl: `http://127.0.0.1:${port}/`,
    });
    try {
      const shop = "returns-served.myshopify.com";
      const post = (path: string, body: unknown = {}) =>
        fetch(`${served.url}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      expect((await post("/_fake/shops", { shop })).status).toBe(201);
      const order = store.addOrder(
        shop,
        sampleShopifyOrder({ id: 4242, admin_graphql_api_id: undefined }),
      );
      const fulfilled = await fetch(`${served.url}/${shop}/admin/api/2026-10/graphql.json`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-shopify-access-token": store.issueAccessToken(shop),
        },
        body: JSON.stringify({
          query: `mutation F($f: FulfillmentInput!) { fulfillmentCreate(fulfillment: $f) { fulfillment { id } userErrors { message } } }`,
          variables: {
            f: {
              lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: order.fulfillmentOrders[0]?.id }],
            },
          },
        }),
      });
      expect(JSON.stringify(await fulfilled.json())).toContain("Fulfillment/");

      expect((await post(`/_fake/shops/${shop}/returns`, {})).status).toBe(400);
      const made = await post(`/_fake/shops/${shop}/returns`, { orderId: 4242 });
      expect(made.status).toBe(201);
      const { return: opened } = (await made.json()) as { return: { id: string; status: string } };
      expect(opened.status).toBe("OPEN");
      const closed = await post(`/_fake/shops/${shop}/returns/${opened.id.split("/").pop()}/close`);
      expect(((await closed.json()) as { return: { status: string } }).return.status).toBe(
        "CLOSED",
      );
      expect(
        (await post(`/_fake/shops/${shop}/returns/${opened.id.split("/").pop()}/close`)).status,
      ).toBe(409);
      expect((await post(`/_fake/shops/${shop}/returns/1/nope`)).status).toBe(404);
      const shown = await fetch(
        `${served.url}/_fake/shops/${shop}/returns/${encodeURIComponent(opened.id)}`,
      );
      expect(((await shown.json()) as { status: string }).status).toBe("CLOSED");

      await store.returns.webhooksSent();
      expect(received.map((one) => one.topic)).toEqual(["returns/approve", "returns/close"]);
      for (const one of received) {
        const expected = createHmac("sha256", KEYS.apiSecretKey).update(one.body).digest("base64");
        expect(one.hmac).toBe(expected);
        expect(JSON.parse(one.body).admin_graphql_api_id).toBe(opened.id);
      }
    } finally {
      await served.close();
      await new Promise<void>((resolve) => app.close(() => resolve()));
    }
  });
});

function toClient() {
  return { client_id: KEYS.apiKey, client_secret: KEYS.apiSecretKey };
}
