// The dashboard's API over the whole demo, started as `pnpm start` starts it
// (real PostgreSQL, sandbox, Shopify app with its simulated store, Medusa):
// connecting both stores through the service's pages, an order from each
// store's checkout with a locker, shipping both in one batch, their labels,
// tracking links to the service's public page, a day to in transit and
// another to delivered in both stores, the statistics, and refusals that
// name the field in English and Polish.
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { FakeShopify } from "@shipbridge/shopify/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_SHOP } from "../stores/shopify/fake-store.ts";
import { connectStore } from "../test-support/connect.ts";
import {
  type DemoProcess,
  eventually,
  json,
  startDemoProcess,
  testFolder,
} from "../test-support/demo-process.ts";
import type { BatchView } from "./batches.ts";
import type { DemoOrder } from "./orders.ts";
import { MERCHANTS } from "./sandbox.ts";

let dir: string;
let demo: DemoProcess;
let api: string;

beforeAll(async () => {
  dir = testFolder("demo-flow");
  demo = await startDemoProcess(join(dir, "data"));
  api = `${demo.addresses.dashboard}/api`;
});

afterAll(async () => {
  const code = await demo?.stop();
  rmSync(dir, { recursive: true, force: true });
  if (demo) expect(code).toBe(0);
});

/** The tracking state Medusa's own admin API gives the order's shipment (as the demo's admin user). */
async function medusaTrackingState(orderId: string): Promise<string | null | undefined> {
  const backend = demo.addresses.medusa.backend;
  const { medusaAdminPassword } = JSON.parse(
    readFileSync(join(dir, "data", "secrets.json"), "utf8"),
  ) as { medusaAdminPassword: string };
  const { token } = await json<{ token: string }>(`${backend}/auth/user/emailpass`, {
    body: { email: "admin@shipbridge.dev", password: medusaAdminPassword },
  });
  const { shipments } = await json<{
    shipments: { order_id: string; tracking_state: string | null }[];
  }>(`${backend}/admin/shipbridge/shipments?limit=1000&offset=0`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return shipments.find((shipment) => shipment.order_id === orderId)?.tracking_state;
}

/** The delivery events (statuses, oldest first) the simulated Shopify store keeps for the order. */
function shopifyDeliveryEvents(orderId: string): string[] {
  const fake = new FakeShopify({ apiKey: "read-only", apiSecretKey: "read-only" });
  fake.restore(readFileSync(join(dir, "data", "shopify-fake.json"), "utf8"));
  return fake.fulfillmentEvents(DEMO_SHOP, orderId).map((event) => event.status);
}

const orders = async () => (await json<{ orders: DemoOrder[] }>(`${api}/orders`)).orders;
const find = async (store: string, id: string) =>
  (await orders()).find((order) => order.store === store && order.id === id);

describe("the demo's dashboard API", () => {
  it("starts with both stores not connected and names every address", async () => {
    const state = await json<{
      connection: Record<string, string>;
      stores: { shopify: { storefront: string }; medusa: { storefront: string; admin?: string } };
      sandbox: { baseUrl: string; now: string };
      language: string;
    }>(`${api}/state?lang=pl`);
    expect(state.connection).toEqual({ shopify: "not_connected", medusa: "not_connected" });
    expect(state.sandbox.baseUrl).toBe(demo.addresses.sandbox.baseUrl);
    expect(Number.isNaN(Date.parse(state.sandbox.now))).toBe(false);
    expect(state.language).toBe("pl");
    const page = await fetch(state.stores.shopify.storefront);
    const html = await page.text();
    expect(html).toContain('id="checkout"');
    expect(html).toContain('id="get-rates"');
    expect((await fetch(state.stores.medusa.storefront)).status).toBe(200);
  });

  it("connects each store's shipping account through the service's own pages", async () => {
    const { baseUrl } = demo.addresses.sandbox;
    expect(
      await connectStore(demo.addresses.dashboard, "shopify", MERCHANTS.shopify, baseUrl),
    ).toBe(`${demo.addresses.dashboard}/?connected=shopify`);
    expect(await connectStore(demo.addresses.dashboard, "medusa", MERCHANTS.medusa, baseUrl)).toBe(
      `${demo.addresses.dashboard}/?connected=medusa`,
    );
    const state = await json<{ connection: Record<string, string> }>(`${api}/state`);
    expect(state.connection).toEqual({ shopify: "connected", medusa: "connected" });
  });

  let shopifyId: string;
  let medusaId: string;

  it("offers lockers at both checkouts and places an order with one", async () => {
    const address = {
      first_name: "Anna",
      last_name: "Nowak",
      email: "anna@example.com",
      phone: "601234567",
      street: "ul. Długa 5",
      city: "Gdańsk",
      postcode: "80-831",
    };
    const storefront = `${demo.addresses.dashboard}/storefront`;
    type Rate = { code: string; locker: boolean; point: string | null; price: { amount: number } };
    const shopify = await json<{ rates: Rate[] }>(`${storefront}/shopify/rates`, { body: address });
    const shopifyLocker = shopify.rates.find((rate) => rate.locker);
    expect(shopifyLocker?.point).toMatch(/^[A-Z]/);
    expect(shopify.rates.some((rate) => !rate.locker)).toBe(true);
    const placed = await json<{ id: string }>(`${storefront}/shopify/orders`, {
      body: { ...address, rate: shopifyLocker?.code },
    });
    await json(`${storefront}/shopify/orders/${placed.id}/paid`, { body: {} });
    shopifyId = placed.id;

    const medusa = await json<{ cartId: string; rates: Rate[] }>(`${storefront}/medusa/rates`, {
      body: address,
    });
    const medusaLocker = medusa.rates.find((rate) => rate.locker);
    expect(medusaLocker?.price.amount).toBeGreaterThan(0);
    // A calculated price, not the plugin's flat fallback.
    expect(medusaLocker?.price.amount).not.toBe(19.99);
    const medusaOrder = await json<{ id: string }>(`${storefront}/medusa/orders`, {
      body: { rate: medusaLocker?.code, cartId: medusa.cartId },
    });
    medusaId = medusaOrder.id;

    const shopifyOrder = await eventually(
      () => find("shopify", shopifyId),
      30_000,
      "the Shopify order",
    );
    expect(shopifyOrder).toMatchObject({ status: "waiting", point: { id: shopifyLocker?.point } });
    const medusaListed = await find("medusa", medusaId);
    expect(medusaListed).toMatchObject({ status: "waiting", point: { id: medusaLocker?.point } });
    expect(medusaListed?.point?.latitude).toEqual(expect.any(Number));
  });

  it("ships both orders in one batch, with tracking numbers and labels", async () => {
    const { batch } = await json<{ batch: BatchView }>(`${api}/ship`, {
      body: {
        orders: [
          { store: "shopify", id: shopifyId },
          { store: "medusa", id: medusaId },
        ],
      },
    });
    expect(batch).toMatchObject({ total: 2, state: "running" });
    const finished = await eventually(
      async () => {
        const { batch: now } = await json<{ batch: BatchView }>(`${api}/batches/${batch.id}`);
        return now.state === "finished" ? now : undefined;
      },
      180_000,
      "the batch",
    );
    expect(finished).toMatchObject({ total: 2, done: 2, failed: 0 });
    const { batches } = await json<{ batches: BatchView[] }>(`${api}/batches`);
    expect(batches.map((listed) => listed.id)).toContain(batch.id);

    for (const [store, id] of [
      ["shopify", shopifyId],
      ["medusa", medusaId],
    ] as const) {
      const order = await find(store, id);
      expect(order?.status).toBe("shipped");
      expect(order?.packageId).toBeTruthy();
      expect(order?.trackingNumber).toBeTruthy();
      expect(order?.price?.amount).toBeGreaterThan(0);
      // The label file is named by the order number people know, in the language asked.
      const number = String(order?.name).replace(/^#/, "");
      // Named on the server by the order's number, whatever a query says.
      expect(order?.labelUrl).toBe(`/api/labels/${store}/${encodeURIComponent(id)}`);
      const label = await fetch(`${demo.addresses.dashboard}${order?.labelUrl}`);
      expect(label.headers.get("content-type")).toBe("application/pdf");
      expect(label.headers.get("content-disposition")).toBe(
        `attachment; filename="label-${number}.pdf"`,
      );
      const polish = await fetch(
        `${demo.addresses.dashboard}${order?.labelUrl}?lang=pl&number=evil`,
      );
      expect(polish.headers.get("content-disposition")).toBe(
        `attachment; filename="etykieta-${number}.pdf"`,
      );
      await polish.arrayBuffer();
      expect(
        Buffer.from(await label.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
    }
    const stats = await json<{ rest: { packages: number; order_commands: number } }>(
      `${demo.addresses.sandbox.baseUrl}/_sandbox/stats`,
    );
    expect(stats.rest).toMatchObject({ packages: 2, order_commands: 2 });
  });

  it("links each tracking number to the service's public tracking page", async () => {
    for (const [store, id] of [
      ["shopify", shopifyId],
      ["medusa", medusaId],
    ] as const) {
      const order = await find(store, id);
      // What the store returns: the page a customer opens, not the token-guarded API.
      expect(order?.trackingUrl).toBe(
        `${demo.addresses.sandbox.accountUrl}/zlokalizuj/${order?.trackingNumber}`,
      );
      const page = await fetch(order?.trackingUrl as string);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await page.text()).toContain(order?.trackingNumber as string);
    }
  });

  it("moves the sandbox clock a day: in transit in both stores; another day: delivered", async () => {
    const statusOf = (wanted: string) => async (store: "shopify" | "medusa", id: string) =>
      eventually(
        async () => {
          const found = await find(store, id);
          return found?.status === wanted ? found : undefined;
        },
        30_000,
        `${store} ${wanted}`,
      );
    // What each store itself holds: Medusa's shipment as its admin API answers
    // it, and the delivery events of the Shopify order's fulfilment in the
    // simulated Shopify store.
    const inStores = (medusaState: string, shopifyEvent: string) =>
      eventually(
        async () => {
          const medusa = await medusaTrackingState(medusaId);
          const shopify = shopifyDeliveryEvents(shopifyId);
          return medusa === medusaState && shopify.at(-1) === shopifyEvent
            ? { medusa, shopify }
            : undefined;
        },
        30_000,
        `Medusa ${medusaState}, Shopify ${shopifyEvent}`,
      );
    const before = await json<{ sandbox: { now: string } }>(`${api}/state`);
    const { now } = await json<{ now: string }>(`${api}/clock`, { body: { days: 1 } });
    expect(Date.parse(now) - Date.parse(before.sandbox.now)).toBeGreaterThanOrEqual(86_400_000);
    for (const [store, id] of [
      ["shopify", shopifyId],
      ["medusa", medusaId],
    ] as const) {
      expect((await statusOf("in_transit")(store, id)).trackingState).toBe("in-transit");
    }
    const firstDay = await inStores("in-transit", "IN_TRANSIT");
    expect(firstDay.shopify).not.toContain("DELIVERED");

    await json(`${api}/clock`, { body: { days: 1 } });
    for (const [store, id] of [
      ["shopify", shopifyId],
      ["medusa", medusaId],
    ] as const) {
      expect((await statusOf("delivered")(store, id)).trackingState).toBe("delivered");
    }
    const secondDay = await inStores("delivered", "DELIVERED");
    // In transit first, then delivered: the store's customer saw both.
    expect(secondDay.shopify.indexOf("IN_TRANSIT")).toBeLessThan(
      secondDay.shopify.indexOf("DELIVERED"),
    );
  });

  it("sums shipments and spend per day and lists the chosen points", async () => {
    const stats = await json<{
      days: { date: string; shipments: number; spend: { amount: number; currency: string } }[];
      points: { id: string; orders: number; latitude?: number }[];
    }>(`${api}/stats`);
    const shipped = (await orders()).filter((order) => order.packageId);
    expect(stats.days.reduce((sum, day) => sum + day.shipments, 0)).toBe(shipped.length);
    const spend = shipped.reduce((sum, order) => sum + (order.price?.amount ?? 0), 0);
    expect(stats.days.reduce((sum, day) => sum + day.spend.amount, 0)).toBeCloseTo(spend, 2);
    expect(stats.points.reduce((sum, point) => sum + point.orders, 0)).toBe(2);
  });

  it("refuses a bad request naming the field, in English or Polish", async () => {
    const send = (lang: string, body: unknown) =>
      fetch(`${api}/ship?lang=${lang}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const english = await send("en", { orders: [{ store: "ebay", id: "1" }] });
    expect(english.status).toBe(400);
    expect(await english.json()).toMatchObject({
      error: {
        code: "invalid_request",
        issues: [
          {
            path: "orders.0.store",
            rule: "invalid_value",
            message: "store must be shopify or medusa",
          },
        ],
      },
    });
    const polish = await send("pl", {});
    expect(await polish.json()).toMatchObject({
      error: {
        issues: [
          { path: "orders", rule: "required", message: "Wybierz co najmniej jedno zamówienie" },
        ],
      },
    });
    const sample = await fetch(`${api}/orders/sample`, {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "pl-PL,pl;q=0.9" },
      body: JSON.stringify({ store: "shopify", count: 0 }),
    });
    expect(await sample.json()).toMatchObject({
      error: {
        issues: [{ path: "count", message: "count musi być liczbą całkowitą od 1 do 100" }],
      },
    });
    const clock = await fetch(`${api}/clock`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ days: -1 }),
    });
    expect(clock.status).toBe(400);
    expect((await fetch(`${api}/labels/shopify/123`)).status).toBe(404);
  });
});
