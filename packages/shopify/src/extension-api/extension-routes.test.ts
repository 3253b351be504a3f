// The routes the UI extensions call, end to end on a real PostgreSQL, the
// sandbox over HTTP and FakeShopify: the ID token proves the shop (CORS and
// preflight as extensions need), refusals come as JSON in English and
// Polish, Ship and Retry queue the one shipping job, a changed pickup point
// is checked at the service before it is saved and then shipped to, a
// selection ships as one batch, and print links are signed and short-lived.
import { beforeAll, describe, expect, it } from "vitest";
import { createShopifyApp, type ShopifyApp } from "../app/create-shopify-app.ts";
import { APP_URL, KEYS, useHarness } from "../test-support/harness.ts";
import { makeBuyerSessionToken, makeSessionToken } from "../testing/session-token.ts";
import { makeDocumentTicket, verifyDocumentTicket } from "./document-ticket.ts";

const harness = useHarness();
const SHOP = "extension-shop.myshopify.com";
const OTHER = "someone-else.myshopify.com";
let app: ShopifyApp;

beforeAll(async () => {
  app = await harness.app();
  await harness.ready(app, SHOP, { shipOn: "manual" });
}, 60_000);

function token(shop = SHOP, secret: string = KEYS.apiSecretKey): string {
  return makeSessionToken({ ...KEYS, apiSecretKey: secret, shop });
}

function buyerToken(customerId?: string, shop = SHOP): string {
  return makeBuyerSessionToken({ ...KEYS, shop, ...(customerId ? { customerId } : {}) });
}

async function call(
  path: string,
  options: { method?: string; body?: unknown; shop?: string; bearer?: string | null } = {},
) {
  const headers = new Headers({ origin: "https://extensions.shopifycdn.com" });
  const bearer = options.bearer === undefined ? token(options.shop) : options.bearer;
  if (bearer !== null) headers.set("authorization", `Bearer ${bearer}`);
  if (options.body !== undefined) headers.set("content-type", "application/json");
  const response = await app(
    new Request(`${APP_URL}/extension-api${path}`, {
      method: options.method ?? (options.body === undefined ? "GET" : "POST"),
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    }),
  );
  const type = response.headers.get("content-type") ?? "";
  return {
    response,
    status: response.status,
    json: type.includes("json") ? await response.json() : undefined,
  };
}

/** The `nth` open InPost point the service lists near the sample address. */
async function openPoint(nth: number) {
  const service = await harness.serviceClient();
  const { points } = await service.points.map({
    location: { address: { postcode: "80-831", city: "Gdańsk", country_code: "PL" } },
    filters: { services: ["inpost"] },
    limit: 20,
  });
  const open = points.filter((point) => point.active !== false && !point.holiday)[nth];
  if (!open) throw new Error("the sandbox lists too few open InPost points near Gdańsk");
  return open;
}

async function waitingOrder(id: number, pointCode?: string, placedAt?: Date) {
  const order = harness.order(SHOP, id, {
    ...(placedAt ? { created_at: placedAt.toISOString() } : {}),
    ...(pointCode
      ? {
          shipping_lines: [
            {
              title: "InPost Paczkomat",
              code: `shipbridge:inpost:point:${pointCode}`,
              source: "shipbridge",
              price: "12.99",
            },
          ],
        }
      : {}),
  });
  await harness.deliverPaid(app, SHOP, order);
  await harness.settled(SHOP, String(id), ["waiting"]);
  return order;
}

describe("the extension routes", () => {
  it("answer a preflight and every answer with CORS, and refuse a missing or forged ID token", async () => {
    const preflight = await app(
      new Request(`${APP_URL}/extension-api/orders/1`, {
        method: "OPTIONS",
        headers: {
          origin: "https://extensions.shopifycdn.com",
          "access-control-request-method": "GET",
          "access-control-request-headers": "authorization",
        },
      }),
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-headers")).toMatch(/Authorization/);

    for (const bearer of [null, token(SHOP, "not-the-app-secret"), "not-a-jwt"]) {
      const { status, json, response } = await call("/orders/1", { bearer });
      expect(status).toBe(401);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(response.headers.get("x-shopify-retry-invalid-session-request")).toBe("1");
      expect(response.headers.get("access-control-expose-headers")).toMatch(
        /X-Shopify-Retry-Invalid-Session-Request/i,
      );
      expect(json).toMatchObject({
        error: "unauthorised",
        messages: { en: expect.stringMatching(/session/), pl: expect.stringMatching(/Sesja/) },
      });
    }
  });

  it("refuse a buyer's token (checkout, customer accounts) on every admin route", async () => {
    await waitingOrder(7001);
    const routes: [string, unknown][] = [
      ["/shop", undefined],
      ["/orders/7001", undefined],
      ["/orders/7001/ship", {}],
      ["/orders/7001/pickup-point", { code: "KRA010" }],
      ["/batches", { orderIds: ["7001"] }],
      ["/batches/1", undefined],
      ["/print", { document: "labels", orderIds: ["7001"] }],
    ];
    for (const bearer of [buyerToken("999"), buyerToken()]) {
      for (const [path, body] of routes) {
        const { status, json } = await call(`${path}?language=pl`, { bearer, body });
        expect({ path, status }).toEqual({ path, status: 401 });
        expect(json).toMatchObject({
          error: "unauthorised",
          message: expect.stringMatching(/Sesja/),
          messages: { en: expect.stringMatching(/session/), pl: expect.stringMatching(/Sesja/) },
        });
      }
    }
    // Nothing was shipped for it.
    expect((await harness.settled(SHOP, "7001", ["waiting"])).status).toBe("waiting");
    expect(await harness.ledger(SHOP, "7001")).toMatchObject({ charges: 0 });
  });

  it("show an order's shipment, ship it once with Ship, then give its label by a signed link", async () => {
    await waitingOrder(7101);
    // Extensions name orders by GID.
    const before = await call(`/orders/${encodeURIComponent("gid://shopify/Order/7101")}`);
    expect(before.status).toBe(200);
    expect(before.json.order).toMatchObject({
      orderId: "7101",
      orderName: "#7101",
      status: "waiting",
      service: "dpd",
      labelUrl: null,
      actions: { ship: true, retry: false, changePoint: false },
    });
    // Another shop's token does not see this shop's order.
    expect((await call("/orders/7101", { shop: OTHER })).json).toMatchObject({
      error: "unknown_order",
    });

    const shipped = await Promise.all([
      call("/orders/7101/ship", { method: "POST", body: {} }),
      call("/orders/7101/ship", { method: "POST", body: {} }),
    ]);
    expect(shipped.map((answer) => answer.status)).toEqual([202, 202]);
    await harness.settled(SHOP, "7101", ["fulfilled"]);
    expect(await harness.ledger(SHOP, "7101")).toEqual({
      packageIds: [expect.any(Number)],
      charges: 1,
    });
    // Shipped: Ship is refused in the shop's language (Polish) with both texts.
    const again = await call("/orders/7101/ship", { method: "POST", body: {} });
    expect(again.status).toBe(409);
    expect(again.json.message).toMatch(/wysłane/);
    expect(again.json.messages.en).toMatch(/already shipped/);

    const after = await call("/orders/7101?language=en");
    expect(after.json.order).toMatchObject({
      status: "fulfilled",
      trackingNumber: expect.any(String),
      actions: { ship: false, retry: false, changePoint: false },
    });
    const labelUrl: string = after.json.order.labelUrl;
    expect(labelUrl.startsWith(`${APP_URL}/extension-api/documents/`)).toBe(true);
    const label = await app(new Request(labelUrl));
    expect(label.status).toBe(200);
    expect(label.headers.get("content-type")).toMatch(/pdf/);
    expect(new TextDecoder().decode((await label.arrayBuffer()).slice(0, 5))).toBe("%PDF-");

    // A link changed by one character is refused.
    const last = labelUrl.at(-1) === "A" ? "B" : "A";
    const forged = await app(new Request(`${labelUrl.slice(0, -1)}${last}`));
    expect(forged.status).toBe(410);
    expect(await forged.json()).toMatchObject({ error: "link_expired" });
  });

  it("change a pickup point only to one the service knows and has open, then ship to it", async () => {
    const service = await harness.serviceClient();
    const open = await openPoint(1);
    await waitingOrder(7201, "KRA010");
    const card = await call("/orders/7201");
    expect(card.json.order).toMatchObject({
      pickupPoint: "KRA010",
      actions: { ship: true, changePoint: true },
    });

    // Not a code at all: refused at `code` before asking anyone.
    const empty = await call("/orders/7201/pickup-point?language=en", {
      method: "POST",
      body: { code: "" },
    });
    expect(empty.status).toBe(400);
    expect(empty.json.issues).toEqual([
      { path: "code", rule: "point_code", message: expect.stringMatching(/pickup point's code/) },
    ]);
    // A point the service does not know: refused with shipping's own rule, in Polish by default.
    const unknown = await call("/orders/7201/pickup-point", {
      method: "POST",
      body: { code: "NOSUCH99" },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.json.issues).toEqual([
      {
        path: "order.pickup_point.code",
        rule: "point_unavailable",
        message: expect.stringMatching(/Nie ma punktu NOSUCH99/),
      },
    ]);
    expect((await call("/orders/7201")).json.order.pickupPoint).toBe("KRA010");

    const changed = await call("/orders/7201/pickup-point", {
      method: "POST",
      body: { code: open.code },
    });
    expect(changed.status).toBe(200);
    expect(changed.json).toEqual({ pickupPoint: { code: open.code, service: "inpost" } });
    expect((await call("/orders/7201")).json.order.pickupPoint).toBe(open.code);

    expect((await call("/orders/7201/ship", { method: "POST", body: {} })).status).toBe(202);
    const row = await harness.settled(SHOP, "7201", ["fulfilled", "needs_attention"]);
    expect(row.status).toBe("fulfilled");
    expect(row.pickupPoint).toBe(open.code);
    const [packageId] = (await harness.ledger(SHOP, "7201")).packageIds;
    const parcel = await service.packages.get(packageId as number);
    expect(JSON.stringify(parcel)).toContain(open.code);
    // Shipped: the point cannot change any more.
    const late = await call("/orders/7201/pickup-point", {
      method: "POST",
      body: { code: "KRA010" },
    });
    expect(late.status).toBe(409);
  });

  it("ship the selected orders as one batch, then print their labels and the batch's protocol", async () => {
    await waitingOrder(7301);
    await waitingOrder(7302);
    const orderIds = ["gid://shopify/Order/7301", "gid://shopify/Order/7302"];
    const [first, second] = await Promise.all([
      call("/batches", { body: { orderIds } }),
      call("/batches", { body: { orderIds } }),
    ]);
    expect(first?.status).toBe(202);
    expect(second?.json.batch.id).toBe(first?.json.batch.id);
    const batchId: string = first?.json.batch.id;
    for (let attempt = 0; attempt < 200; attempt++) {
      const { json } = await call(`/batches/${batchId}`);
      if (json.batch.status === "done") break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const done = await call(`/batches/${batchId}?language=en`);
    expect(done.json.batch).toMatchObject({ status: "done", total: 2 });
    expect(done.json.batch.orders.map((order: { outcome: string }) => order.outcome)).toEqual([
      "fulfilled",
      "fulfilled",
    ]);
    // Nothing left to ship in the same selection.
    const none = await call("/batches", { body: { orderIds } });
    expect(none.status).toBe(409);
    expect(none.json.error).toBe("nothing_to_ship");
    const bad = await call("/batches", { body: { orderIds: ["gid://shopify/Product/1"] } });
    expect(bad.status).toBe(400);
    expect(bad.json.issues[0]).toMatchObject({ path: "orderIds", rule: "selection" });

    const labels = await call("/print", { body: { document: "labels", orderIds } });
    expect(labels.status).toBe(200);
    expect(labels.json.documents).toEqual([
      { kind: "labels", orders: ["#7302", "#7301"], src: expect.stringContaining("/documents/") },
    ]);
    const file = await app(new Request(labels.json.documents[0].src));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toMatch(/pdf/);

    const protocol = await call("/print", { body: { document: "protocol", orderIds } });
    expect(protocol.status).toBe(200);
    expect(protocol.json).toMatchObject({
      batchId,
      documents: [{ kind: "protocol", service: "dpd", part: 1, parts: 1 }],
    });
    const sheet = await app(new Request(protocol.json.documents[0].src));
    expect(sheet.status).toBe(200);
    expect((await sheet.arrayBuffer()).byteLength).toBeGreaterThan(0);

    // An order shipped alone has labels but no batch protocol.
    const alone = await call("/print", {
      body: { document: "protocol", orderIds: ["gid://shopify/Order/7101"] },
    });
    expect(alone.status).toBe(404);
    expect(alone.json.error).toBe("no_protocol");
  });

  it("tell the buyer the order's pickup point with its address and opening hours", async () => {
    const point = await openPoint(2);
    await waitingOrder(7401, point.code, new Date());
    // A merchant's token is not a buyer's.
    expect((await call("/pickup-point?order=7401")).status).toBe(401);
    const bearer = buyerToken();
    const { status, json, response } = await call("/pickup-point?order=gid://shopify/Order/7401", {
      bearer,
    });
    expect(status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(json.point).toMatchObject({
      code: point.code,
      service: "inpost",
      name: point.name,
      address: { street: point.address?.street, city: point.address?.city },
    });
    expect(json.point.openingHours.length).toBeGreaterThan(0);
    expect(json.point.openingHours[0]).toMatchObject({ day: "monday" });
    // An order by courier has no point.
    await waitingOrder(7402, undefined, new Date());
    expect((await call("/pickup-point?order=7402", { bearer })).json).toEqual({ point: null });
  });

  it("tell a buyer only a new order's point, and read it from Shopify once a minute", async () => {
    const point = await openPoint(2);
    const hours = 3600_000;
    await waitingOrder(7403, point.code, new Date(Date.now() - 23 * hours));
    await waitingOrder(7404, point.code, new Date(Date.now() - 25 * hours));
    const shopOrderReads = () =>
      harness.fake.calls.filter((each) => each.shop === SHOP && each.name === "ShopOrder").length;
    const before = shopOrderReads();
    const asked = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        call("/pickup-point?order=7403", { bearer: buyerToken(n % 2 ? "999" : undefined) }),
      ),
    );
    expect(asked.map((each) => each.json.point?.code)).toEqual(Array(6).fill(point.code));
    expect(shopOrderReads() - before).toBe(1);
    // A day old: as if there were no such order, for a guest and a signed-in customer alike.
    for (const bearer of [buyerToken(), buyerToken("999")]) {
      const old = await call("/pickup-point?order=7404&language=pl", { bearer });
      expect(old.status).toBe(404);
      expect(old.json).toMatchObject({
        error: "unknown_order",
        messages: { en: expect.any(String), pl: expect.any(String) },
      });
    }
    // Another shop's buyer does not see it.
    const other = await call("/pickup-point?order=7403", { bearer: buyerToken(undefined, OTHER) });
    expect(other.status).not.toBe(200);
  });
});

describe("the extension routes of an app whose database does not answer", () => {
  it("refuse in both languages with CORS, never an HTML error page", async () => {
    const down = createShopifyApp({
      ...KEYS,
      appUrl: APP_URL,
      databaseUrl: "postgres://nobody:nothing@127.0.0.1:1/none",
      runWorkers: false,
      shipping: { baseUrl: "http://127.0.0.1:1", clientId: "x", clientSecret: "y" },
    });
    try {
      for (const path of ["/extension-api/orders/1", "/extension-api/documents/sbd1.e30.x"]) {
        const answer = await down(
          new Request(`${APP_URL}${path}`, {
            headers: { authorization: `Bearer ${token()}`, origin: "https://admin.shopify.com" },
          }),
        );
        expect(answer.status).toBe(503);
        expect(answer.headers.get("access-control-allow-origin")).toBe("*");
        expect(await answer.json()).toMatchObject({
          error: "service_refused",
          messages: { en: expect.any(String), pl: expect.any(String) },
        });
      }
    } finally {
      await down.close();
    }
  });
});

describe("document tickets", () => {
  it("expire after five minutes and name their shop", () => {
    const now = Date.parse("2026-11-26T10:00:00Z");
    const ticket = makeDocumentTicket(
      "secret",
      { shop: SHOP, document: { kind: "labels", orderIds: ["1"] } },
      now,
    );
    expect(verifyDocumentTicket("secret", ticket, now + 299_000)?.shop).toBe(SHOP);
    expect(verifyDocumentTicket("secret", ticket, now + 300_000)).toBeUndefined();
    expect(verifyDocumentTicket("another secret", ticket, now)).toBeUndefined();
  });
});
