// FakeShopify's returns over its Admin API, every document checked against
// the 2026-10 schema and the token's scopes: a return made by the merchant is
// OPEN with a reverse fulfillment order and sends returns/approve; a
// customer's request is REQUESTED (returns/request) until approved or
// declined; a cancelled one cancels its reverse fulfillment orders; no more
// comes back than was fulfilled; a reverse delivery downloads its label and
// keeps its tracking; without the returns scopes nothing is reached.
import { beforeEach, describe, expect, it } from "vitest";
import { adminCall, merchantReturns } from "../test-support/merchant-returns.ts";
import { FakeShopify } from "./fake-shopify.ts";
import { sampleShopifyOrder } from "./orders.ts";

const SHOP = "returns-fake.myshopify.com";
const SCOPES = [
  "read_orders",
  "write_merchant_managed_fulfillment_orders",
  "write_fulfillments",
  "read_returns",
  "write_returns",
];
const ORDER = "gid://shopify/Order/8101";
const PDF = new TextEncoder().encode("%PDF-1.4 label");

let fake: FakeShopify;
let sent: { topic: string; payload: Record<string, unknown> }[];

const FULFIL = `mutation Fulfil($fulfillment: FulfillmentInput!) {
  fulfillmentCreate(fulfillment: $fulfillment) { fulfillment { id } userErrors { message } } }`;

const ATTACH = `mutation Attach($rfo: ID!, $lines: [ReverseDeliveryLineItemInput!]!, $url: URL!) {
  reverseDeliveryCreateWithShipping(reverseFulfillmentOrderId: $rfo, reverseDeliveryLineItems: $lines,
    labelInput: { fileUrl: $url }, trackingInput: { number: "625000001", url: "https://t.example/625000001" },
    notifyCustomer: true) {
    reverseDelivery { id deliverable { ... on ReverseDeliveryShippingDeliverable {
      label { publicFileUrl } tracking { number url } } } }
    userErrors { field message code } } }`;

const READ = `query Read($id: ID!) { return(id: $id) { id name status
  returnLineItems(first: 10) { nodes { id quantity ... on ReturnLineItem { totalWeight { unit value }
    fulfillmentLineItem { lineItem { name } } } } }
  reverseFulfillmentOrders(first: 5) { nodes { id status lineItems(first: 10) { nodes { id totalQuantity } } } } } }`;

beforeEach(async () => {
  fake = new FakeShopify({ apiKey: "k", apiSecretKey: "s" });
  fake.addShop(SHOP, SCOPES);
  sent = [];
  fake.returns.onWebhook = (_shop, topic, payload) => {
    sent.push({ topic, payload: payload as Record<string, unknown> });
  };
  fake.returns.fetchLabel = async (url) =>
    url.endsWith("/good")
      ? new Response(PDF, { headers: { "content-type": "application/pdf" } })
      : new Response("no", { status: 404 });
  const order = fake.addOrder(SHOP, sampleShopifyOrder({ id: 8101, admin_graphql_api_id: ORDER }));
  const fo = order.fulfillmentOrders[0];
  const body = await adminCall(fake, SHOP, FULFIL, {
    fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo?.id }] },
  });
  expect(body.errors).toBeUndefined();
});

interface ReadReturn {
  returnLineItems: { nodes: unknown[] };
  reverseFulfillmentOrders: {
    nodes: {
      id: string;
      status: string;
      lineItems: { nodes: { id: string; totalQuantity: number }[] };
    }[];
  };
}

interface AttachAnswer {
  reverseDeliveryCreateWithShipping: {
    reverseDelivery: {
      deliverable: { label: { publicFileUrl: string }; tracking: { number: string; url: string } };
    } | null;
    userErrors: { field: string[]; message: string; code: string }[];
  };
}

async function read(id: string): Promise<ReadReturn> {
  const body = await adminCall(fake, SHOP, READ, { id });
  expect(body.errors).toBeUndefined();
  return (body.data as { return: ReadReturn }).return;
}

async function attach(
  variables: Record<string, unknown>,
): Promise<AttachAnswer["reverseDeliveryCreateWithShipping"]> {
  const body = await adminCall(fake, SHOP, ATTACH, variables);
  expect(body.errors).toBeUndefined();
  return (body.data as unknown as AttachAnswer).reverseDeliveryCreateWithShipping;
}

describe("FakeShopify returns", () => {
  it("a merchant's return is OPEN at once, with a reverse fulfillment order, and sends returns/approve", async () => {
    const merchant = merchantReturns(fake, SHOP);
    const made = await merchant.create(ORDER);
    expect(made.userErrors).toEqual([]);
    expect(made.return).toMatchObject({ status: "OPEN", name: "#1001-R1" });
    const ret = await read(made.return?.id as string);
    expect(ret.returnLineItems.nodes).toEqual([
      expect.objectContaining({
        quantity: 3,
        totalWeight: { unit: "GRAMS", value: 1200 },
        fulfillmentLineItem: { lineItem: { name: "Mug" } },
      }),
      expect.objectContaining({ quantity: 1, totalWeight: { unit: "GRAMS", value: 500 } }),
    ]);
    expect(ret.reverseFulfillmentOrders.nodes).toHaveLength(1);
    expect(ret.reverseFulfillmentOrders.nodes[0]?.status).toBe("OPEN");
    await fake.returns.webhooksSent();
    expect(sent.map((one) => one.topic)).toEqual(["returns/approve"]);
    expect(sent[0]?.payload).toMatchObject({
      admin_graphql_api_id: made.return?.id,
      status: "open",
      order: { admin_graphql_api_id: ORDER },
    });
  });

  it("a customer's request waits for approval (or a decline), and returns no more than was fulfilled", async () => {
    const merchant = merchantReturns(fake, SHOP);
    const requested = await merchant.request(ORDER);
    expect(requested.return?.status).toBe("REQUESTED");
    expect((await read(requested.return?.id as string)).reverseFulfillmentOrders.nodes).toEqual([]);
    // The same lines again: nothing is left to return while the request stands.
    const twice = await merchant.create(ORDER);
    expect(twice.return).toBeNull();
    expect(twice.userErrors[0]?.field).toEqual(["returnInput", "returnLineItems", "0", "quantity"]);
    const approved = await merchant.approve(requested.return?.id as string);
    expect(approved.return?.status).toBe("OPEN");
    expect(
      (await read(requested.return?.id as string)).reverseFulfillmentOrders.nodes,
    ).toHaveLength(1);
    expect((await merchant.decline(requested.return?.id as string)).userErrors[0]?.code).toBe(
      "INVALID_STATE",
    );
    await fake.returns.webhooksSent();
    expect(sent.map((one) => one.topic)).toEqual(["returns/request", "returns/approve"]);

    const cancelled = await merchant.cancel(requested.return?.id as string);
    expect(cancelled.return?.status).toBe("CANCELED");
    expect(
      (await read(requested.return?.id as string)).reverseFulfillmentOrders.nodes[0]?.status,
    ).toBe("CANCELED");
    // Cancelled, its lines can be returned again; a new request can be declined.
    const again = await merchant.request(ORDER);
    expect((await merchant.decline(again.return?.id as string)).return?.status).toBe("DECLINED");
    await fake.returns.webhooksSent();
    expect(sent.map((one) => one.topic).slice(2)).toEqual([
      "returns/cancel",
      "returns/request",
      "returns/decline",
    ]);
  });

  it("a reverse delivery downloads its label, keeps its tracking and sends attach_deliverable", async () => {
    const made = await merchantReturns(fake, SHOP).create(ORDER);
    const rfo = (await read(made.return?.id as string)).reverseFulfillmentOrders.nodes[0];
    if (!rfo) throw new Error("no reverse fulfillment order");
    const lines = rfo.lineItems.nodes.map((line) => ({
      reverseFulfillmentOrderLineItemId: line.id,
      quantity: line.totalQuantity,
    }));
    const refused = await attach({ rfo: rfo.id, lines, url: "https://app.example/missing" });
    expect(refused.userErrors[0]?.field).toEqual(["labelInput", "fileUrl"]);
    const payload = await attach({ rfo: rfo.id, lines, url: "https://app.example/good" });
    expect(payload.userErrors).toEqual([]);
    expect(payload.reverseDelivery?.deliverable.tracking).toEqual({
      number: "625000001",
      url: "https://t.example/625000001",
    });
    expect(payload.reverseDelivery?.deliverable.label.publicFileUrl).toMatch(
      /^https:\/\/cdn\.shopify\.com\//,
    );
    const kept = fake.returns.get(SHOP, made.return?.id as string)?.reverseFulfillmentOrders[0]
      ?.deliveries[0];
    expect(new TextDecoder().decode(kept?.label?.bytes)).toBe("%PDF-1.4 label");
    expect(kept?.notifyCustomer).toBe(true);
    // Everything is on its way back: a second delivery of the same lines is refused.
    const twice = await attach({ rfo: rfo.id, lines, url: "https://app.example/good" });
    expect(twice.userErrors[0]?.field[2]).toBe("quantity");
    await fake.returns.webhooksSent();
    expect(sent.map((one) => one.topic)).toEqual([
      "returns/approve",
      "reverse_deliveries/attach_deliverable",
    ]);
  });

  it("refuses the returns documents to a token without the returns scopes", async () => {
    fake.setScopes(SHOP, ["read_orders", "write_fulfillments"]);
    const merchant = merchantReturns(fake, SHOP);
    await expect(merchant.create(ORDER)).rejects.toThrow(/ACCESS_DENIED/);
    const body = await adminCall(fake, SHOP, READ, { id: "gid://shopify/Return/1" });
    expect(body.errors?.[0]?.extensions?.code).toBe("ACCESS_DENIED");
  });

  it("closes an open return, reopens it, and closes it once every line is processed", async () => {
    const merchant = merchantReturns(fake, SHOP);
    const made = await merchant.create(ORDER);
    const id = made.return?.id as string;
    const closed = await merchant.close(id);
    expect(closed.return?.status).toBe("CLOSED");
    expect(fake.returns.get(SHOP, id)?.reverseFulfillmentOrders[0]?.status).toBe("CLOSED");
    expect((await merchant.close(id)).userErrors[0]?.code).toBe("INVALID_STATE");
    expect((await merchant.reopen(id)).return?.status).toBe("OPEN");
    expect(fake.returns.get(SHOP, id)?.reverseFulfillmentOrders).toHaveLength(1);
    expect((await merchant.processAll(id)).return?.status).toBe("CLOSED");
    expect((await merchant.processAll(id)).userErrors[0]?.code).toBe("INVALID_STATE");
    await fake.returns.webhooksSent();
    expect(sent.map((one) => one.topic)).toEqual([
      "returns/approve",
      "returns/close",
      "returns/reopen",
      "returns/process",
    ]);
  });
});
