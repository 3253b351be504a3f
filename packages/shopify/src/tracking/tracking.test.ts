// Tracking end to end on a real PostgreSQL, the sandbox and FakeShopify:
// connecting registers the shop's tracking webhook; the sandbox's pushes
// (over real HTTP, as its clock moves) update the order's fulfilment with
// fulfillmentTrackingInfoUpdate; a forged push is refused with nothing
// written and a replayed one changes nothing; the scheduled reconcile job
// reads tracking through core's ShippingClient when pushes did not arrive.
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { trackingPushControl } from "@shipbridge/core/internal";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import type { ShipmentRow } from "../store/shipments.ts";
import { APP_URL, FULL_SCOPES, KEYS, useHarness } from "../test-support/harness.ts";
import { TRACKING_RECONCILE_QUEUE } from "./reconcile-tracking.ts";
import { trackingSecret, trackingUrl } from "./tracking-secret.ts";

const harness = useHarness();
const SHOP = "tracking-shop.myshopify.com";
let app: ShopifyApp;
let pool: pg.Pool;
let server: ReturnType<typeof serve> | undefined;
let localUrl = "";

beforeAll(async () => {
  app = await harness.app();
  await harness.ready(app, SHOP);
  pool = harness.pool;
  server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app, port: 0, hostname: "127.0.0.1" }, () => resolve(started));
  });
  localUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

const count = harness.count;

async function trackingState(orderId: string): Promise<string | null> {
  const { rows } = await pool.query(
    "SELECT tracking_state FROM shipbridge_shopify_shipments WHERE shop = $1 AND order_id = $2",
    [SHOP, orderId],
  );
  return rows[0]?.tracking_state ?? null;
}

/** Ships a new order through orders/paid and waits for its fulfilment. */
async function shipped(id: number): Promise<ShipmentRow> {
  const order = harness.order(SHOP, id);
  const response = await harness.deliver(app, SHOP, "orders/paid", order);
  expect(response.status).toBe(200);
  return harness.settled(SHOP, String(id), ["fulfilled"]);
}

/** The delivery statuses FakeShopify keeps for the order's fulfilments, oldest first. */
const statuses = (id: string) =>
  harness.fake.fulfillmentEvents(SHOP, `gid://shopify/Order/${id}`).map((event) => event.status);

const updates = () =>
  harness.fake.calls.filter(
    (call) => call.shop === SHOP && call.name === "FulfillmentTrackingInfoUpdate",
  ).length;

function push(body: Record<string, unknown>) {
  return app(
    new Request(`${APP_URL}/tracking/${SHOP}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
}

describe("tracking", () => {
  it("registers the shop's tracking webhook when the account is connected", async () => {
    const client = await harness.serviceClient();
    expect((await client.account.trackingWebhook()).url).toBe(trackingUrl(APP_URL, SHOP));
  });

  it("updates the fulfilment from the service's pushes, refuses a forged one and ignores a replay", async () => {
    const row = await shipped(8101);
    // Point the account's pushes at this app, served over HTTP, with the shop's secret.
    const client = await harness.serviceClient();
    await client.account.setTrackingWebhook({
      url: `${localUrl}/tracking/${SHOP}`,
      secret: trackingSecret(KEYS.apiSecretKey, SHOP),
    });
    const before = updates();
    const fulfillment = harness.fake.order(SHOP, "gid://shopify/Order/8101")?.fulfillments[0];
    expect(fulfillment?.id).toBe(row.fulfillmentId);
    if (fulfillment) fulfillment.trackingInfo = [];

    const moved = (await harness.sandbox.control("/clock/advance", { seconds: 3 * 24 * 3600 })) as {
      tracking_pushes: { delivered: number; failed: number };
    };
    expect(moved.tracking_pushes.delivered).toBeGreaterThan(0);
    expect(moved.tracking_pushes.failed).toBe(0);
    expect(await trackingState("8101")).toBe("delivered");
    // Shopify's delivery status follows, one event per status.
    expect(statuses("8101")).toEqual(["CARRIER_PICKED_UP", "IN_TRANSIT", "DELIVERED"]);
    expect(updates() - before).toBe(moved.tracking_pushes.delivered);
    expect(fulfillment?.trackingInfo).toEqual([
      { company: "DPD", number: row.tracking?.numbers[0], url: row.tracking?.urls[0] },
    ]);
    const events = await count("shipbridge_shopify_tracking_events WHERE package_id = $1", [
      row.packageId,
    ]);
    expect(events).toBe(moved.tracking_pushes.delivered);

    // A push as the service signs it, then forged and replayed.
    const fields = {
      package_id: row.packageId as number,
      package_no: row.tracking?.numbers[0] as string,
      partner_order_id: `${SHOP}:8101`,
      tracking: {
        state: "returned",
        description: "Zwrot do nadawcy",
        datetime: "2026-12-30T10:00:00Z",
        branch: "Kraków",
      },
    };
    const signed = {
      ...fields,
      control: trackingPushControl(fields, trackingSecret(KEYS.apiSecretKey, SHOP)),
    };
    const forged = {
      ...fields,
      control: trackingPushControl(fields, trackingSecret("another-secret", SHOP)),
    };
    const afterPushes = updates();
    expect((await push(forged)).status).toBe(401);
    expect(
      (await push({ ...signed, tracking: { ...fields.tracking, state: "lost" } })).status,
    ).toBe(401);
    expect(await count("shipbridge_shopify_tracking_events")).toBe(events);
    expect(await trackingState("8101")).toBe("delivered");
    expect(updates()).toBe(afterPushes);

    expect((await push(signed)).status).toBe(200);
    expect(await trackingState("8101")).toBe("returned");
    expect(updates()).toBe(afterPushes + 1);
    if (fulfillment) fulfillment.trackingInfo = [];
    expect((await push(signed)).status).toBe(200);
    expect(updates()).toBe(afterPushes + 1);
    expect(fulfillment?.trackingInfo).toEqual([]);
    expect(await count("shipbridge_shopify_tracking_events")).toBe(events + 1);
    expect(statuses("8101")).toEqual(["CARRIER_PICKED_UP", "IN_TRANSIT", "DELIVERED"]);
  });

  it("reconciles tracking on a schedule when pushes did not arrive", async () => {
    const client = await harness.serviceClient();
    await client.account.deleteTrackingWebhook();
    const row = await shipped(8102);
    await harness.sandbox.control("/clock/advance", { seconds: 3 * 24 * 3600 });
    expect(await trackingState("8102")).toBeNull();
    const before = updates();

    expect(await app.reconcileTracking()).toBeGreaterThan(0);
    expect(await trackingState("8102")).toBe("delivered");
    expect(statuses("8102")).toEqual(["DELIVERED"]);
    expect(updates()).toBeGreaterThan(before);
    const parcels = await client.packages.tracking(row.packageId as number);
    expect(
      await count(
        "shipbridge_shopify_tracking_events WHERE package_id = $1 AND state = 'delivered'",
        [row.packageId],
      ),
    ).toBe(parcels.length);
    // Delivered orders are not asked about again.
    const after = updates();
    expect(await app.reconcileTracking()).toBe(0);
    expect(updates()).toBe(after);

    // The job is scheduled once for the cluster, whichever instance starts.
    await harness.app();
    const { rows } = await pool.query("SELECT name, cron FROM pgboss.schedule WHERE name = $1", [
      TRACKING_RECONCILE_QUEUE,
    ]);
    expect(rows).toEqual([{ name: TRACKING_RECONCILE_QUEUE, cron: "*/30 * * * *" }]);
  });
  it("sends Shopify's delivery status once per state as the sandbox clock moves", async () => {
    // No webhook is registered now: the reconcile job and hand-signed pushes carry tracking.
    const row = await shipped(8104);
    expect(statuses("8104")).toEqual([]);
    const step = async (hours: number) => {
      await harness.sandbox.control("/clock/advance", { seconds: hours * 3600 });
      await app.reconcileTracking();
      return statuses("8104");
    };
    expect(await step(3)).toEqual(["CARRIER_PICKED_UP"]);
    expect(await step(0)).toEqual(["CARRIER_PICKED_UP"]);
    expect(await step(4)).toEqual(["CARRIER_PICKED_UP", "IN_TRANSIT"]);
    // Out for delivery: a state the service pushes (the sandbox's own timeline skips it).
    const { now } = (await harness.sandbox.control("/clock")) as { now: string };
    const fields = {
      package_id: row.packageId as number,
      package_no: row.tracking?.numbers[0] as string,
      partner_order_id: `${SHOP}:8104`,
      tracking: { state: "delivering", description: "Kurier doręcza przesyłkę", datetime: now },
    };
    const signed = {
      ...fields,
      control: trackingPushControl(fields, trackingSecret(KEYS.apiSecretKey, SHOP)),
    };
    expect((await push(signed)).status).toBe(200);
    expect((await push(signed)).status).toBe(200);
    expect(statuses("8104")).toEqual(["CARRIER_PICKED_UP", "IN_TRANSIT", "OUT_FOR_DELIVERY"]);
    expect(await step(24)).toEqual([
      "CARRIER_PICKED_UP",
      "IN_TRANSIT",
      "OUT_FOR_DELIVERY",
      "DELIVERED",
    ]);
    const events = harness.fake.fulfillmentEvents(SHOP, "gid://shopify/Order/8104");
    expect(events[2]).toMatchObject({
      message: "Kurier doręcza przesyłkę",
      happenedAt: new Date(now).toISOString(),
    });
    expect(await step(1)).toHaveLength(4);
  });

  it("keeps tracking a shop installed before the app asked for delivery events, without them", async () => {
    const shop = "old-scopes-shop.myshopify.com";
    const scopes = FULL_SCOPES.filter((scope) => scope !== "write_fulfillments");
    await harness.ready(app, shop, {}, scopes);
    await (await harness.serviceClient()).account.deleteTrackingWebhook();
    const order = harness.order(shop, 8105);
    expect((await harness.deliver(app, shop, "orders/paid", order)).status).toBe(200);
    await harness.settled(shop, "8105", ["fulfilled"]);
    await harness.sandbox.control("/clock/advance", { seconds: 3 * 24 * 3600 });
    expect(await app.reconcileTracking()).toBeGreaterThan(0);
    const { rows } = await harness.pool.query(
      "SELECT tracking_state FROM shipbridge_shopify_shipments WHERE shop = $1 AND order_id = '8105'",
      [shop],
    );
    expect(rows[0]?.tracking_state).toBe("delivered");
    expect(harness.fake.fulfillmentEvents(shop, 8105)).toEqual([]);
    // Nothing was sent that Shopify would refuse for a missing scope.
    expect(
      harness.fake.calls.filter((call) => call.shop === shop && call.name === "invalid"),
    ).toEqual([]);
  });

  it("answers 503 and keeps nothing when Shopify fails, so the next push applies it", async () => {
    // No webhook is registered now: only these hand-made pushes arrive.
    const row = await shipped(8103);
    const fields = {
      package_id: row.packageId as number,
      package_no: row.tracking?.numbers[0] as string,
      partner_order_id: `${SHOP}:8103`,
      tracking: { state: "collected", description: "", datetime: "2026-12-01T10:00:00Z" },
    };
    const signed = {
      ...fields,
      control: trackingPushControl(fields, trackingSecret(KEYS.apiSecretKey, SHOP)),
    };
    harness.fake.failNext("FulfillmentTrackingInfoUpdate");
    expect((await push(signed)).status).toBe(503);
    expect(
      await count("shipbridge_shopify_tracking_events WHERE package_id = $1", [row.packageId]),
    ).toBe(0);
    expect((await push(signed)).status).toBe(200);
    expect(await trackingState("8103")).toBe("collected");
  });
});
