// Orders not paid yet on a shop that ships on payment, end to end on a real
// PostgreSQL, the sandbox over HTTP and FakeShopify: listed as awaiting
// payment with no checkbox and left out of "Ship all waiting" (a cash on
// delivery order, paid only on delivery, still waits for Ship and ships);
// sent in a batch anyway (a stale form, code), the order is refused as not
// paid yet with no parcel bought, and ships once it is paid.
import { beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import { loadShipment } from "../store/shipments.ts";
import { eventually } from "../test-support/eventually.ts";
import { APP_URL, useHarness } from "../test-support/harness.ts";

const harness = useHarness();
const SHOP = "unpaid-shop.myshopify.com";
let app: ShopifyApp;
let cookie: string;

beforeAll(async () => {
  app = await harness.app();
  cookie = await harness.ready(app, SHOP, {
    shipOn: "orders/paid",
    language: "en_GB",
    codIban: "PL61109010140000071219812874",
  });
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

const done = (id: string) =>
  eventually(async () => (await app.merchant(SHOP).batch(id))?.status === "done", "batch", 600);

describe("orders not paid yet on a shop that ships on payment", () => {
  it("are awaiting payment, never offered or shipped by 'Ship all waiting'", async () => {
    const unpaid = harness.order(SHOP, 8101, { financial_status: "pending" });
    expect((await harness.deliver(app, SHOP, "orders/create", unpaid)).status).toBe(200);
    await harness.waitForInbox(SHOP, "8101");
    const cod = harness.order(SHOP, 8102, {
      payment_gateway_names: ["Cash on Delivery (COD)"],
      financial_status: "pending",
      total_outstanding: "193.69",
    });
    expect((await harness.deliver(app, SHOP, "orders/create", cod)).status).toBe(200);
    await harness.settled(SHOP, "8102", ["waiting"]);

    const listed = await app.merchant(SHOP).orders();
    expect(listed.find((order) => order.orderId === "8101")?.status).toBe("awaiting_payment");
    expect(listed.find((order) => order.orderId === "8102")?.status).toBe("waiting");
    const page = await (await get(`/orders?shop=${SHOP}`)).text();
    expect(page).not.toContain('name="order_id" value="8101"');
    expect(page).toContain('name="order_id" value="8102"');
    expect(page).toContain("Ship all waiting (1)");

    const key = /name="batch_key" value="([^"]+)"/.exec(page)?.[1] ?? "";
    const all = await post("/orders/batch", [
      ["batch_key", key],
      ["all", "waiting"],
    ]);
    const id = /batches\/([0-9a-f-]{36})/.exec(all.headers.get("location") ?? "")?.[1] ?? "";
    await done(id);
    expect((await app.merchant(SHOP).batch(id))?.orders.map((order) => order.orderId)).toEqual([
      "8102",
    ]);
    expect((await loadShipment(harness.pool, SHOP, "8102"))?.status).toBe("fulfilled");
    expect(await loadShipment(harness.pool, SHOP, "8101")).toBeUndefined();
    expect(await harness.ledger(SHOP, "8101")).toEqual({ packageIds: [], charges: 0 });
  });

  it("refuses one sent in a batch anyway as not paid yet, and ships it once paid", async () => {
    const unpaid = harness.order(SHOP, 8111, { financial_status: "pending" });
    expect((await harness.deliver(app, SHOP, "orders/create", unpaid)).status).toBe(200);
    await harness.waitForInbox(SHOP, "8111");
    // A form rendered before the change, or code naming the order: it is sent anyway.
    const batch = await app.merchant(SHOP).shipBatch(["8111"], { key: "unpaid-anyway" });
    await done(batch?.id ?? "");
    const details = await app.merchant(SHOP).batch(batch?.id ?? "");
    expect(details?.orders.map((order) => [order.orderId, order.outcome])).toEqual([
      ["8111", "needs_attention"],
    ]);
    const row = await loadShipment(harness.pool, SHOP, "8111");
    expect(row?.status).toBe("needs_attention");
    expect(row?.issues).toEqual([
      expect.objectContaining({ path: "order.financial_status", rule: "not_paid" }),
    ]);
    expect(row?.issuesByLanguage?.pl_PL?.[0]?.message).toMatch(/nie jest jeszcze opłacone/);
    expect(row?.issuesByLanguage?.en_GB?.[0]?.message).toMatch(/not paid yet/);
    expect(await harness.ledger(SHOP, "8111")).toEqual({ packageIds: [], charges: 0 });

    // An update of the order (not its payment) does not ship it either.
    expect((await harness.deliver(app, SHOP, "orders/updated", unpaid)).status).toBe(200);
    await harness.waitForInbox(SHOP, "8111");
    expect((await loadShipment(harness.pool, SHOP, "8111"))?.status).toBe("needs_attention");
    expect(await harness.ledger(SHOP, "8111")).toEqual({ packageIds: [], charges: 0 });

    // Paid: orders/paid ships it, once.
    const paid = harness.order(SHOP, 8111, { financial_status: "paid" });
    harness.fake.updateOrder(SHOP, paid);
    await harness.deliverPaid(app, SHOP, paid);
    await harness.settled(SHOP, "8111", ["fulfilled"]);
    expect((await harness.ledger(SHOP, "8111")).charges).toBe(1);
  });
});
