// The key of a batch's form, end to end on a real PostgreSQL, the sandbox
// over HTTP and FakeShopify: the same form sent again (a double click) is
// the same batch, but the same key sent with another selection (the Back
// button, a page kept in the cache) ships nothing and answers 409 with a
// page saying the form was used, in the shop's language; the orders page
// and a batch's page are never cached; and code reusing a key for other
// orders gets an error instead of the old batch.
import { beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import { loadShipment } from "../store/shipments.ts";
import { eventually } from "../test-support/eventually.ts";
import { APP_URL, useHarness } from "../test-support/harness.ts";

const harness = useHarness();
const SHOP = "batch-key-shop.myshopify.com";
let app: ShopifyApp;
let cookie: string;

beforeAll(async () => {
  app = await harness.app();
  cookie = await harness.ready(app, SHOP, { shipOn: "manual", language: "en_GB" });
}, 60_000);

const get = (path: string) => app(new Request(`${APP_URL}${path}`, { headers: { cookie } }));
const post = (path: string, fields: [string, string][]) =>
  app(
    new Request(`${APP_URL}${path}`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    }),
  );

async function waiting(ids: number[]) {
  for (const id of ids) {
    await harness.deliverPaid(app, SHOP, harness.order(SHOP, id));
    await harness.settled(SHOP, String(id), ["waiting"]);
  }
}

describe("a batch form's key", () => {
  it("sent again with another selection ships nothing and says the form was used", async () => {
    await waiting([8201, 8202]);
    const orders = await get(`/orders?shop=${SHOP}`);
    expect(orders.headers.get("cache-control")).toBe("no-store");
    const key = /name="batch_key" value="([^"]+)"/.exec(await orders.text())?.[1] ?? "";
    const first = await post("/orders/batch", [
      ["batch_key", key],
      ["order_id", "8201"],
    ]);
    expect(first.status).toBe(303);
    const location = first.headers.get("location") ?? "";
    const id = /batches\/([0-9a-f-]{36})/.exec(location)?.[1] ?? "";
    expect(id).not.toBe("");

    // Back to the same page (the same key), the other order chosen.
    const second = await post("/orders/batch", [
      ["batch_key", key],
      ["order_id", "8202"],
    ]);
    expect(second.status).toBe(409);
    expect(second.headers.get("content-type")).toMatch(/^text\/html/);
    expect(second.headers.get("cache-control")).toBe("no-store");
    const page = await second.text();
    expect(page).toContain("This form was already used");
    expect(page).toContain(`href="/orders?shop=${SHOP}"`);
    expect(page).toContain(`href="/orders/batches/${id}?shop=${SHOP}"`);
    // The same form again (a double click) is still the same batch.
    const again = await post("/orders/batch", [
      ["batch_key", key],
      ["order_id", "8201"],
    ]);
    expect(again.headers.get("location")).toBe(location);

    await eventually(
      async () => (await app.merchant(SHOP).batch(id))?.status === "done",
      "batch",
      600,
    );
    expect((await app.merchant(SHOP).batch(id))?.orders.map((order) => order.orderId)).toEqual([
      "8201",
    ]);
    expect((await loadShipment(harness.pool, SHOP, "8202"))?.status).toBe("waiting");
    expect(await harness.ledger(SHOP, "8202")).toEqual({ packageIds: [], charges: 0 });
    expect(await harness.count("shipbridge_shopify_batches WHERE shop = $1", [SHOP])).toBe(1);

    const batchPage = await get(`/orders/batches/${id}?shop=${SHOP}`);
    expect(batchPage.status).toBe(200);
    expect(batchPage.headers.get("cache-control")).toBe("no-store");

    // In Polish for a Polish shop.
    await app.merchant(SHOP).updateSettings({ language: "pl" });
    const polish = await post("/orders/batch", [
      ["batch_key", key],
      ["order_id", "8202"],
    ]);
    expect(polish.status).toBe(409);
    expect(await polish.text()).toContain("Ten formularz został już użyty");
    await app.merchant(SHOP).updateSettings({ language: "en" });
  });

  it("reused in code for other orders throws instead of answering the old batch", async () => {
    await waiting([8211, 8212]);
    const merchant = app.merchant(SHOP);
    const batch = await merchant.shipBatch(["8211"], { key: "reused-key" });
    expect(await merchant.shipBatch(["8211"], { key: "reused-key" })).toMatchObject({
      id: batch?.id,
    });
    await expect(merchant.shipBatch(["8212"], { key: "reused-key" })).rejects.toMatchObject({
      name: "BatchKeyReusedError",
      code: "batch_key_reused",
      batchId: batch?.id,
    });
    await eventually(
      async () => (await merchant.batch(batch?.id ?? ""))?.status === "done",
      "batch",
      600,
    );
    expect((await loadShipment(harness.pool, SHOP, "8212"))?.status).toBe("waiting");
  });
});
