// A parcel bought for a fulfillment order whose fulfilment was not made yet
// (Shopify failed it, the instance stopped), then the merchant changes that
// fulfillment order (splits it, merges it into another): the goods already in
// the bought parcel are never bought a second time under another fulfillment
// order's id. The order needs the merchant's attention instead, and nothing
// more is bought for it; a paid package whose id was never recorded is found
// and recorded, never reported as "not bought".
import { describe, expect, it } from "vitest";
import { loadOrderShipments } from "../store/shipments.ts";
import { adminCall, CANCEL, HOLD, MERGE, RELEASE_HOLD, SPLIT } from "../test-support/admin-call.ts";
import { eventually } from "../test-support/eventually.ts";
import { useHarness } from "../test-support/harness.ts";

const harness = useHarness();
const gid = (id: number) => `gid://shopify/Order/${id}`;
const CHANGED = "bought_fulfillment_order_changed";
const numeric = (id: string | undefined) => Number(id?.split("/").pop());

/** Ships the order on one instance, whose fulfilment Shopify fails; then that instance stops. */
async function crashAfterBuying(
  shop: string,
  id: number,
  options?: Parameters<typeof harness.order>[3],
  before?: () => Promise<void>,
): Promise<void> {
  const first = await harness.app();
  await harness.ready(first, shop);
  const order = harness.order(shop, id, {}, options);
  await before?.();
  harness.fake.failNext("FulfillmentCreate");
  await harness.deliverPaid(first, shop, order);
  await eventually(
    async () =>
      harness.fake.calls.some(
        (call) => call.shop === shop && call.name === "FulfillmentCreate" && call.status === 503,
      ),
    "the failed fulfilment",
  );
  await first.close();
}

async function rows(shop: string, id: string) {
  return loadOrderShipments(harness.pool, shop, id);
}

/** Waits until the order needs attention because a bought parcel's fulfillment order changed. */
async function stopped(shop: string, id: string): Promise<void> {
  await eventually(
    async () =>
      (await rows(shop, id)).some(
        (row) =>
          row.status === "needs_attention" && row.issues.some((issue) => issue.rule === CHANGED),
      ),
    "the order stopped",
  );
}

describe("goods bought under one fulfillment order, then it changes", () => {
  it("split after its parcel was bought: no second parcel for the split-off goods", async () => {
    const SHOP = "fo-rebuy-split.myshopify.com";
    await crashAfterBuying(SHOP, 9101);
    expect((await harness.ledger(SHOP, "9101")).charges).toBe(1);
    const [original] = harness.fake.order(SHOP, gid(9101))?.fulfillmentOrders ?? [];
    const split = await adminCall(harness.fake, SHOP, SPLIT, {
      splits: [
        {
          fulfillmentOrderId: original?.id,
          fulfillmentOrderLineItems: [{ id: original?.lineItems[1]?.id, quantity: 1 }],
        },
      ],
    });
    expect(split.data?.fulfillmentOrderSplit.userErrors).toEqual([]);
    const carved =
      split.data?.fulfillmentOrderSplit.fulfillmentOrderSplits[0].remainingFulfillmentOrder;
    const second = await harness.app();
    const delivered = await harness.deliver(second, SHOP, "fulfillment_orders/split", {
      fulfillment_order: { id: numeric(original?.id) },
      remaining_fulfillment_order: { id: numeric(carved.id) },
    });
    expect(delivered.status).toBe(200);
    await stopped(SHOP, "9101");
    expect((await harness.ledger(SHOP, "9101")).charges).toBe(1);
    expect(harness.fake.order(SHOP, gid(9101))?.fulfillments ?? []).toEqual([]);
    await second.close();
  });

  it("merged into another after its parcel was bought: its goods are not bought again", async () => {
    const SHOP = "fo-rebuy-merge.myshopify.com";
    const two = { fulfillmentOrders: [{ lineItemIds: [1] }, { lineItemIds: [2] }] };
    const held = async () => {
      const [, b] = harness.fake.order(SHOP, gid(9201))?.fulfillmentOrders ?? [];
      await adminCall(harness.fake, SHOP, HOLD, { id: b?.id, hold: { reason: "OTHER" } });
    };
    await crashAfterBuying(SHOP, 9201, two, held);
    expect((await harness.ledger(SHOP, "9201")).charges).toBe(1);
    const [a, b] = harness.fake.order(SHOP, gid(9201))?.fulfillmentOrders ?? [];
    await adminCall(harness.fake, SHOP, RELEASE_HOLD, { id: b?.id });
    const merged = await adminCall(harness.fake, SHOP, MERGE, {
      inputs: [{ mergeIntents: [{ fulfillmentOrderId: b?.id }, { fulfillmentOrderId: a?.id }] }],
    });
    expect(merged.data?.fulfillmentOrderMerge.userErrors).toEqual([]);
    const second = await harness.app();
    const delivered = await harness.deliver(second, SHOP, "fulfillment_orders/merged", {
      merge_intents: [
        { fulfillment_order_id: numeric(b?.id) },
        { fulfillment_order_id: numeric(a?.id) },
      ],
    });
    expect(delivered.status).toBe(200);
    await stopped(SHOP, "9201");
    expect((await harness.ledger(SHOP, "9201")).charges).toBe(1);
    await second.close();
  });

  it("a paid package whose id was never recorded, its fulfillment order merged away: found and shown", async () => {
    const SHOP = "fo-rebuy-orphan.myshopify.com";
    await crashAfterBuying(SHOP, 9301);
    const [a] = harness.fake.order(SHOP, gid(9301))?.fulfillmentOrders ?? [];
    const [bought] = (await harness.ledger(SHOP, "9301")).packageIds;
    // As if the run died after core's order command, before recording it.
    await harness.pool.query(
      `UPDATE shipbridge_shopify_shipments SET package_id = NULL, tracking = NULL, status = 'shipping'
       WHERE shop = $1 AND order_id = '9301'`,
      [SHOP],
    );
    const split = await adminCall(harness.fake, SHOP, SPLIT, {
      splits: [
        {
          fulfillmentOrderId: a?.id,
          fulfillmentOrderLineItems: [{ id: a?.lineItems[1]?.id, quantity: 1 }],
        },
      ],
    });
    const c = split.data?.fulfillmentOrderSplit.fulfillmentOrderSplits[0].remainingFulfillmentOrder;
    const merged = await adminCall(harness.fake, SHOP, MERGE, {
      inputs: [{ mergeIntents: [{ fulfillmentOrderId: c.id }, { fulfillmentOrderId: a?.id }] }],
    });
    expect(merged.data?.fulfillmentOrderMerge.userErrors).toEqual([]);
    const second = await harness.app();
    const delivered = await harness.deliver(second, SHOP, "fulfillment_orders/merged", {
      merge_intents: [
        { fulfillment_order_id: numeric(c.id) },
        { fulfillment_order_id: numeric(a?.id) },
      ],
    });
    expect(delivered.status).toBe(200);
    await stopped(SHOP, "9301");
    const rowA = (await rows(SHOP, "9301")).find(
      (row) => row.fulfillmentOrderId === String(numeric(a?.id)),
    );
    expect(rowA?.packageId).toBe(bought);
    expect(rowA?.status).toBe("needs_attention");
    expect(rowA?.issues.map((issue) => issue.rule)).toEqual([CHANGED]);
    expect((await harness.ledger(SHOP, "9301")).charges).toBe(1);
    await second.close();
  });
  it("cancelled by Shopify with a replacement: the replacement is not bought again", async () => {
    const SHOP = "fo-rebuy-cancel.myshopify.com";
    await crashAfterBuying(SHOP, 9501);
    const [original] = harness.fake.order(SHOP, gid(9501))?.fulfillmentOrders ?? [];
    if (!original) throw new Error("the order has no fulfillment order");
    // Shopify closes a cancelled fulfillment order and makes a replacement with its goods.
    original.requestStatus = "SUBMITTED";
    const cancelled = await adminCall(harness.fake, SHOP, CANCEL, { id: original.id });
    expect(cancelled.data?.fulfillmentOrderCancel.userErrors).toEqual([]);
    const replacement = harness.fake.order(SHOP, gid(9501))?.fulfillmentOrders.at(-1);
    expect([original.status, replacement?.status]).toEqual(["CLOSED", "OPEN"]);
    const second = await harness.app();
    const delivered = await harness.deliver(second, SHOP, "fulfillment_orders/cancelled", {
      fulfillment_order: { id: numeric(original.id), status: "closed" },
      replacement_fulfillment_order: { id: numeric(replacement?.id), status: "open" },
    });
    expect(delivered.status).toBe(200);
    await stopped(SHOP, "9501");
    expect((await harness.ledger(SHOP, "9501")).charges).toBe(1);
    expect(harness.fake.order(SHOP, gid(9501))?.fulfillments).toEqual([]);
    await second.close();
  });
});
