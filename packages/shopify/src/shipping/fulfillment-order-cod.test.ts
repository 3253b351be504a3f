// Cash on delivery over fulfillment orders (a real app, the sandbox over
// HTTP, the fake Admin API): no parcel of a cash-on-delivery order is bought
// without the cash to collect. One fulfillment order collects it; two (one of
// them on hold, say) need the merchant's attention; merged into one, as the
// app's message asks, the one parcel collects it.
import { beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import type { ShopifyOrder } from "../mapping/shopify-order.ts";
import { loadOrderShipments } from "../store/shipments.ts";
import { adminCall, HOLD, MERGE } from "../test-support/admin-call.ts";
import { eventually } from "../test-support/eventually.ts";
import { useHarness } from "../test-support/harness.ts";
import { SAMPLE_IBAN } from "../testing/orders.ts";

const harness = useHarness();
const SHOP = "fo-cod-shop.myshopify.com";
let app: ShopifyApp;
beforeAll(async () => {
  app = await harness.app();
  await harness.ready(app, SHOP, { shipOn: "manual", codIban: SAMPLE_IBAN });
}, 60_000);

const COD = {
  payment_gateway_names: ["Cash on Delivery (COD)"],
  financial_status: "pending",
  total_outstanding: "193.69",
} as const;
const TWO = { fulfillmentOrders: [{ lineItemIds: [1] }, { lineItemIds: [2] }] };

/** The cash each bought package of the order collects (null: none). */
async function codOf(orderId: string): Promise<({ amount?: number } | null)[]> {
  const service = await harness.serviceClient();
  const cods = [];
  for (const row of await loadOrderShipments(harness.pool, SHOP, orderId)) {
    if (row.packageId === undefined) continue;
    const pkg = await service.packages.get(row.packageId);
    cods.push((pkg.additional_services?.cod as { amount?: number } | undefined) ?? null);
  }
  return cods;
}

async function receive(order: ShopifyOrder): Promise<void> {
  expect((await harness.deliver(app, SHOP, "orders/create", order)).status).toBe(200);
  await harness.waitForInbox(SHOP, String(order.id));
}

async function rules(orderId: string): Promise<string[][]> {
  const rows = await loadOrderShipments(harness.pool, SHOP, orderId);
  return rows.map((row) => [row.status, ...row.issues.map((issue) => issue.rule)]);
}

describe("cash on delivery over fulfillment orders", () => {
  it("one fulfillment order: its parcel collects the cash", async () => {
    await receive(harness.order(SHOP, 9000, COD));
    await app.merchant(SHOP).ship("9000");
    await harness.settled(SHOP, "9000", ["needs_attention", "fulfilled"]);
    expect(await rules("9000")).toEqual([["fulfilled"]]);
    const [cod] = await codOf("9000");
    expect(cod?.amount).toBe(193.69);
  });

  it("two, merged after the app asked: the one parcel collects the cash", async () => {
    await receive(harness.order(SHOP, 9001, COD, TWO));
    await app.merchant(SHOP).ship("9001");
    await harness.settled(SHOP, "9001", ["needs_attention", "fulfilled"]);
    expect(await rules("9001")).toEqual([
      ["needs_attention", "cod_split"],
      ["needs_attention", "cod_split"],
    ]);
    const [a, b] = harness.fake.order(SHOP, "gid://shopify/Order/9001")?.fulfillmentOrders ?? [];
    const merged = await adminCall(harness.fake, SHOP, MERGE, {
      inputs: [{ mergeIntents: [{ fulfillmentOrderId: a?.id }, { fulfillmentOrderId: b?.id }] }],
    });
    expect(merged.data?.fulfillmentOrderMerge.userErrors).toEqual([]);
    await app.merchant(SHOP).ship("9001");
    await eventually(
      async () => (await rules("9001")).some(([status]) => status === "fulfilled"),
      "the merged parcel",
    );
    expect((await harness.ledger(SHOP, "9001")).charges).toBe(1);
    const cods = await codOf("9001");
    expect(cods).toHaveLength(1);
    expect(cods[0]?.amount).toBe(193.69);
  });

  it("two, one on hold: the other is not bought without the cash", async () => {
    await receive(harness.order(SHOP, 9002, COD, TWO));
    const [, b] = harness.fake.order(SHOP, "gid://shopify/Order/9002")?.fulfillmentOrders ?? [];
    await adminCall(harness.fake, SHOP, HOLD, { id: b?.id, hold: { reason: "OTHER" } });
    await app.merchant(SHOP).ship("9002");
    await eventually(
      async () => (await rules("9002")).some(([status]) => status === "needs_attention"),
      "the open parcel settled",
    );
    expect(await rules("9002")).toContainEqual(["needs_attention", "cod_split"]);
    expect((await harness.ledger(SHOP, "9002")).charges).toBe(0);
    expect(await codOf("9002")).toEqual([]);
  });
});
