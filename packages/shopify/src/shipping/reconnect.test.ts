// When the shipping service no longer accepts the shop's authorization (it
// lapsed: the sandbox's clock is moved past it), an order is not dropped
// silently: the shop shows "reconnect", the order needs attention, and after
// the merchant reconnects, a retry ships it.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import { loadSettings } from "../store/settings.ts";
import { loadShipment } from "../store/shipments.ts";
import { APP_URL, KEYS, useHarness } from "../test-support/harness.ts";
import { sampleShopifyOrder } from "../testing/orders.ts";
import { webhookRequest } from "../testing/signed-requests.ts";

const harness = useHarness();
const SHOP = "reconnect-shop.myshopify.com";
let app: ShopifyApp;
let cookie: string;
let pool: pg.Pool;

beforeAll(async () => {
  app = await harness.app();
  cookie = await harness.ready(app, SHOP);
  pool = new pg.Pool({ connectionString: harness.databaseUrl, max: 1 });
}, 60_000);
afterAll(async () => {
  await pool?.end();
});

async function settled(orderId: string, statuses: string[]) {
  for (let attempt = 0; attempt < 150; attempt++) {
    const row = await loadShipment(pool, SHOP, orderId);
    if (row && statuses.includes(row.status)) return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `order ${orderId} did not reach ${statuses.join("/")}: ${JSON.stringify(await loadShipment(pool, SHOP, orderId))}`,
  );
}

describe("a lapsed shipping authorization", () => {
  it("shows reconnect and keeps the order until the merchant reconnects", async () => {
    // Past the authorization's months: the stored refresh token is refused.
    await harness.sandbox.control("/clock/advance", { seconds: 200 * 24 * 3600 });
    const order = sampleShopifyOrder({
      id: 4401,
      admin_graphql_api_id: "gid://shopify/Order/4401",
      name: "#4401",
    });
    harness.fake.addOrder(SHOP, order);
    const delivered = await app(
      webhookRequest({
        url: `${APP_URL}/webhooks`,
        apiSecretKey: KEYS.apiSecretKey,
        shop: SHOP,
        topic: "orders/paid",
        payload: order,
      }),
    );
    expect(delivered.status).toBe(200);
    const row = await settled("4401", ["needs_attention", "fulfilled"]);
    expect(row.status).toBe("needs_attention");
    expect(row.issues.map((issue) => [issue.path, issue.rule])).toEqual([
      ["connection", "reauthorization_required"],
    ]);
    expect((await loadSettings(pool, SHOP)).connection).toBe("reconnect");
    const page = await (
      await app(new Request(`${APP_URL}/settings?shop=${SHOP}`, { headers: { cookie } }))
    ).text();
    expect(page).toContain("Konto wysyłkowe trzeba połączyć ponownie.");

    await harness.connect(app, SHOP, cookie);
    expect((await loadSettings(pool, SHOP)).connection).toBe("connected");
    const retried = await app(
      new Request(`${APP_URL}/settings/retry`, {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: "order_id=4401",
      }),
    );
    expect(retried.status).toBe(303);
    expect((await settled("4401", ["fulfilled"])).tracking?.numbers[0]).toMatch(/\S/);
  });
});
