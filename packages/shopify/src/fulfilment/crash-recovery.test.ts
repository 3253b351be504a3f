// Crashes around the fulfilment, end to end: the instance that shipped the
// order dies before fulfillmentCreate and another instance on the same
// database finishes the job; or Shopify makes the fulfilment but the answer
// is lost. Either way: one package, one paid order command, one fulfilment.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import type { ShopifyOrder } from "../mapping/shopify-order.ts";
import { loadShipment } from "../store/shipments.ts";
import { APP_URL, KEYS, useHarness } from "../test-support/harness.ts";
import { sampleShopifyOrder } from "../testing/orders.ts";
import { webhookRequest } from "../testing/signed-requests.ts";

const harness = useHarness();
const SHOP = "crash-shop.myshopify.com";
let pool: pg.Pool;
let installer: ShopifyApp;

beforeAll(async () => {
  installer = await harness.app({ runWorkers: false });
  await harness.ready(installer, SHOP);
  pool = new pg.Pool({ connectionString: harness.databaseUrl, max: 1 });
}, 60_000);
afterAll(async () => {
  await pool?.end();
});

function order(id: number): ShopifyOrder {
  const placed = sampleShopifyOrder({
    id,
    admin_graphql_api_id: `gid://shopify/Order/${id}`,
    name: `#${id}`,
  });
  harness.fake.addOrder(SHOP, placed);
  return placed;
}

async function deliver(app: ShopifyApp, payload: ShopifyOrder) {
  const response = await app(
    webhookRequest({
      url: `${APP_URL}/webhooks`,
      apiSecretKey: KEYS.apiSecretKey,
      shop: SHOP,
      topic: "orders/paid",
      payload,
    }),
  );
  expect(response.status).toBe(200);
}

async function until(check: () => Promise<boolean>, what: string) {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("a crash around the fulfilment", () => {
  it("another instance finishes after the first died between the order command and fulfillmentCreate", async () => {
    const placed = order(5101);
    harness.fake.failNext("FulfillmentCreate");
    const first = await harness.app();
    await deliver(first, placed);
    // The parcel is ordered and paid; the fulfilment failed, so the job will be retried.
    await until(
      async () => (await loadShipment(pool, SHOP, "5101"))?.status === "shipped",
      "the shipment",
    );
    await until(
      async () =>
        harness.fake.calls.some(
          (call) => call.shop === SHOP && call.name === "FulfillmentCreate" && call.status === 503,
        ),
      "the failed fulfilment",
    );
    await first.close();
    await harness.app();
    await until(
      async () => (await loadShipment(pool, SHOP, "5101"))?.status === "fulfilled",
      "the fulfilment",
    );
    expect(harness.fake.order(SHOP, "gid://shopify/Order/5101")?.fulfillments).toHaveLength(1);
    const ledger = await harness.ledger(SHOP, "5101");
    expect(ledger.packageIds).toHaveLength(1);
    expect(ledger.charges).toBe(1);
  });

  it("a fulfilment made but whose answer was lost is found, not made again", async () => {
    const placed = order(5102);
    harness.fake.failNext("FulfillmentCreate", { after: true });
    const app = await harness.app();
    await deliver(app, placed);
    await until(
      async () => (await loadShipment(pool, SHOP, "5102"))?.status === "fulfilled",
      "the fulfilment",
    );
    const fulfillments = harness.fake.order(SHOP, "gid://shopify/Order/5102")?.fulfillments ?? [];
    expect(fulfillments).toHaveLength(1);
    expect((await loadShipment(pool, SHOP, "5102"))?.fulfillmentId).toBe(fulfillments[0]?.id);
    const ledger = await harness.ledger(SHOP, "5102");
    expect(ledger.packageIds).toHaveLength(1);
    expect(ledger.charges).toBe(1);
  });
});
