// The fake Admin API's fulfillment orders behave as Shopify's: an order of
// two locations has two; a hold keeps a fulfillment order from being
// fulfilled until it is released (and a hold on some lines splits the rest
// off); moves, splits, merges and cancellation change them as Shopify does;
// a fulfilment of more than remains, or of a held, closed or cancelled one,
// is refused; and every one of these documents is validated against the
// 2026-10 schema with the token's scopes.
import { describe, expect, it } from "vitest";
import {
  adminCall,
  CANCEL,
  CREATE_FULFILLMENT,
  HOLD,
  MERGE,
  MOVE,
  RELEASE_HOLD,
  SPLIT,
} from "../test-support/admin-call.ts";
import { FakeShopify } from "./fake-shopify.ts";
import { sampleShopifyOrder } from "./orders.ts";

const SHOP = "fo-fake.myshopify.com";
const WAREHOUSE = { id: "gid://shopify/Location/2", name: "Warehouse Gdynia" };
const SCOPES = [
  "read_orders",
  "read_merchant_managed_fulfillment_orders",
  "write_merchant_managed_fulfillment_orders",
];

function setUp(id: number) {
  const fake = new FakeShopify({ apiKey: "key", apiSecretKey: "secret" });
  fake.addShop(SHOP, SCOPES);
  const order = fake.addOrder(
    SHOP,
    sampleShopifyOrder({ id, admin_graphql_api_id: `gid://shopify/Order/${id}` }),
    {
      fulfillmentOrders: [{ lineItemIds: [1] }, { lineItemIds: [2], location: WAREHOUSE }],
    },
  );
  const [mugs, book] = order.fulfillmentOrders;
  if (!mugs || !book) throw new Error("two fulfillment orders expected");
  const call = (query: string, variables: Record<string, unknown>) =>
    adminCall(fake, SHOP, query, variables);
  const fulfil = (foId: string, lines: { id: string; quantity: number }[]) =>
    call(CREATE_FULFILLMENT, {
      fulfillment: {
        lineItemsByFulfillmentOrder: [
          { fulfillmentOrderId: foId, fulfillmentOrderLineItems: lines },
        ],
      },
    });
  return { fake, order, mugs, book, call, fulfil };
}

describe("the fake's fulfillment orders", () => {
  it("an order of two locations has two fulfillment orders, each with its lines", () => {
    const { mugs, book } = setUp(1);
    expect(mugs.lineItems.map((line) => line.remainingQuantity)).toEqual([3]);
    expect(mugs.location).toBeUndefined();
    expect(book.lineItems.map((line) => line.remainingQuantity)).toEqual([1]);
    expect(book.location).toEqual(WAREHOUSE);
  });

  it("refuses more than remains, and fulfils a part (IN_PROGRESS) then the rest (CLOSED)", async () => {
    const { mugs, fulfil } = setUp(2);
    const line = mugs.lineItems[0]?.id as string;
    const tooMany = await fulfil(mugs.id, [{ id: line, quantity: 4 }]);
    expect(tooMany.data?.fulfillmentCreate.userErrors).toEqual([
      expect.objectContaining({
        message: "Invalid fulfillment order line item quantity requested.",
      }),
    ]);
    expect(
      (await fulfil(mugs.id, [{ id: line, quantity: 2 }])).data?.fulfillmentCreate.userErrors,
    ).toEqual([]);
    expect(mugs.status).toBe("IN_PROGRESS");
    expect(mugs.lineItems[0]?.remainingQuantity).toBe(1);
    expect(
      (await fulfil(mugs.id, [{ id: line, quantity: 1 }])).data?.fulfillmentCreate.userErrors,
    ).toEqual([]);
    expect(mugs.status).toBe("CLOSED");
    const closed = await fulfil(mugs.id, [{ id: line, quantity: 1 }]);
    expect(closed.data?.fulfillmentCreate.userErrors[0].message).toMatch(
      /unfulfillable status= closed/,
    );
  });

  it("a held fulfillment order is refused until its hold is released", async () => {
    const { mugs, call, fulfil } = setUp(3);
    const held = await call(HOLD, {
      id: mugs.id,
      hold: { reason: "INCORRECT_ADDRESS", handle: "address" },
    });
    expect(held.data?.fulfillmentOrderHold.fulfillmentOrder.status).toBe("ON_HOLD");
    const again = await call(HOLD, { id: mugs.id, hold: { reason: "OTHER", handle: "address" } });
    expect(again.data?.fulfillmentOrderHold.userErrors[0].field).toEqual([
      "fulfillmentHold",
      "handle",
    ]);
    const line = mugs.lineItems[0]?.id as string;
    const refused = await fulfil(mugs.id, [{ id: line, quantity: 1 }]);
    expect(refused.data?.fulfillmentCreate.userErrors[0].message).toMatch(/status= on_hold/);
    const holdId = held.data?.fulfillmentOrderHold.fulfillmentHold.id;
    const released = await call(RELEASE_HOLD, { id: mugs.id, holdIds: [holdId] });
    expect(released.data?.fulfillmentOrderReleaseHold.fulfillmentOrder.status).toBe("OPEN");
    const whole = await fulfil(mugs.id, [{ id: line, quantity: 3 }]);
    expect(whole.data?.fulfillmentCreate.userErrors).toEqual([]);
    const notHeld = await call(RELEASE_HOLD, { id: mugs.id });
    expect(notHeld.data?.fulfillmentOrderReleaseHold.userErrors).toHaveLength(1);
  });

  it("a hold on some lines splits the rest off into an open fulfillment order", async () => {
    const { order, mugs, call } = setUp(4);
    const line = mugs.lineItems[0]?.id as string;
    const held = await call(HOLD, {
      id: mugs.id,
      hold: { reason: "OTHER", fulfillmentOrderLineItems: [{ id: line, quantity: 1 }] },
    });
    const remaining = held.data?.fulfillmentOrderHold.remainingFulfillmentOrder;
    expect(remaining.status).toBe("OPEN");
    expect(
      remaining.lineItems.nodes.map(
        (node: { remainingQuantity: number }) => node.remainingQuantity,
      ),
    ).toEqual([2]);
    expect(mugs.lineItems[0]?.remainingQuantity).toBe(1);
    expect(order.fulfillmentOrders).toHaveLength(3);
  });

  it("moves a fulfillment order whole, or its lines to a new one; refuses an unknown location", async () => {
    const { fake, order, mugs, book, call, fulfil } = setUp(5);
    const unknown = await call(MOVE, { id: mugs.id, to: "gid://shopify/Location/99" });
    expect(unknown.data?.fulfillmentOrderMove.userErrors[0].field).toEqual(["newLocationId"]);
    // Nothing fulfilled from it: the fulfillment order itself moves.
    const whole = await call(MOVE, { id: book.id, to: "gid://shopify/Location/1" });
    expect(whole.data?.fulfillmentOrderMove.movedFulfillmentOrder.id).toBe(book.id);
    expect(book.location?.id).toBe("gid://shopify/Location/1");
    // Some of it fulfilled: the rest moves to a new fulfillment order.
    fake.addLocation(SHOP, WAREHOUSE);
    const line = mugs.lineItems[0]?.id as string;
    await fulfil(mugs.id, [{ id: line, quantity: 1 }]);
    const part = await call(MOVE, { id: mugs.id, to: WAREHOUSE.id });
    const moved = part.data?.fulfillmentOrderMove.movedFulfillmentOrder;
    expect(moved.id).not.toBe(mugs.id);
    expect(moved.assignedLocation.name).toBe(WAREHOUSE.name);
    expect(mugs.status).toBe("CLOSED");
    expect(order.fulfillmentOrders).toHaveLength(3);
  });

  it("splits off lines, merges open ones of one location, and cancels", async () => {
    const { order, mugs, book, call } = setUp(6);
    const line = mugs.lineItems[0]?.id as string;
    const all = await call(SPLIT, {
      splits: [
        { fulfillmentOrderId: mugs.id, fulfillmentOrderLineItems: [{ id: line, quantity: 3 }] },
      ],
    });
    expect(all.data?.fulfillmentOrderSplit.userErrors).toHaveLength(1);
    const split = await call(SPLIT, {
      splits: [
        { fulfillmentOrderId: mugs.id, fulfillmentOrderLineItems: [{ id: line, quantity: 1 }] },
      ],
    });
    const carved =
      split.data?.fulfillmentOrderSplit.fulfillmentOrderSplits[0].remainingFulfillmentOrder;
    expect(mugs.lineItems[0]?.remainingQuantity).toBe(2);
    const across = await call(MERGE, {
      inputs: [
        { mergeIntents: [{ fulfillmentOrderId: mugs.id }, { fulfillmentOrderId: book.id }] },
      ],
    });
    expect(across.data?.fulfillmentOrderMerge.userErrors[0].message).toMatch(/different locations/);
    const merged = await call(MERGE, {
      inputs: [
        { mergeIntents: [{ fulfillmentOrderId: mugs.id }, { fulfillmentOrderId: carved.id }] },
      ],
    });
    expect(merged.data?.fulfillmentOrderMerge.userErrors).toEqual([]);
    // The merge makes a new fulfillment order; the merged ones are closed.
    const into = merged.data?.fulfillmentOrderMerge.fulfillmentOrderMerges[0].fulfillmentOrder;
    expect([mugs.id, carved.id]).not.toContain(into.id);
    expect(into.status).toBe("OPEN");
    const made = order.fulfillmentOrders.find((fo) => fo.id === into.id);
    expect(made?.lineItems.map((line) => line.remainingQuantity)).toEqual([3]);
    expect(mugs.status).toBe("CLOSED");
    expect(order.fulfillmentOrders.find((fo) => fo.id === carved.id)?.status).toBe("CLOSED");
    // A merchant-managed fulfillment order (request UNSUBMITTED) is not cancelled.
    expect(
      (await call(CANCEL, { id: book.id })).data?.fulfillmentOrderCancel.userErrors[0].message,
    ).toMatch(/UNSUBMITTED/);
    // A submitted one is closed, with a replacement holding what it had left.
    book.requestStatus = "SUBMITTED";
    const cancelled = await call(CANCEL, { id: book.id });
    expect(cancelled.data?.fulfillmentOrderCancel.userErrors).toEqual([]);
    expect(book.status).toBe("CLOSED");
    const replacement = order.fulfillmentOrders.at(-1);
    expect(replacement?.id).not.toBe(book.id);
    expect(replacement?.lineItems.map((line) => line.remainingQuantity)).toEqual([1]);
    expect(
      (await call(CANCEL, { id: book.id })).data?.fulfillmentOrderCancel.userErrors,
    ).toHaveLength(1);
  });

  it("validates each document against the schema and the token's scopes", async () => {
    const { fake, mugs } = setUp(7);
    const wrong = await adminCall(
      fake,
      SHOP,
      HOLD.replace("reason handle", "reason handle owner"),
      {
        id: mugs.id,
        hold: { reason: "OTHER" },
      },
    );
    expect(wrong.errors).toBeDefined();
    const badReason = await adminCall(fake, SHOP, HOLD, { id: mugs.id, hold: { reason: "BORED" } });
    expect(badReason.errors).toBeDefined();
    fake.setScopes(SHOP, ["read_orders", "read_merchant_managed_fulfillment_orders"]);
    const readOnly = await adminCall(fake, SHOP, HOLD, { id: mugs.id, hold: { reason: "OTHER" } });
    expect(JSON.stringify(readOnly.errors)).toMatch(/write_merchant_managed_fulfillment_orders/);
    expect(mugs.status).toBe("OPEN");
  });
});
