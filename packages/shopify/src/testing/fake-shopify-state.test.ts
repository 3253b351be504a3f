// A FakeShopify restored from another's snapshot answers as the first one
// would: the same orders and fulfilment orders, returns with their labels,
// the issued access token still valid, and new ids not reusing old ones.
import "@shopify/shopify-api/adapters/web-api";
import { ApiVersion, Session, shopifyApi } from "@shopify/shopify-api";
import { afterAll, describe, expect, it } from "vitest";
import { ORDER_FULFILLMENT_STATE } from "../admin/documents.ts";
import { adminCall, merchantReturns } from "../test-support/merchant-returns.ts";
import { FakeShopify } from "./fake-shopify.ts";
import { sampleShopifyOrder } from "./orders.ts";
import { routeShopifyFetch } from "./route-shopify-fetch.ts";

const SHOP = "snapshot-test.myshopify.com";
const keys = { apiKey: "test-key", apiSecretKey: "test-secret" };
const scopes = ["read_orders", "read_merchant_managed_fulfillment_orders"];

const shopify = shopifyApi({
  ...keys,
  scopes,
  hostName: "app.example.com",
  apiVersion: ApiVersion.October26,
  isEmbeddedApp: false,
  logger: { level: 0 },
});

const client = (accessToken: string) =>
  new shopify.clients.Graphql({
    session: new Session({
      id: `offline_${SHOP}`,
      shop: SHOP,
      state: "",
      isOnline: false,
      accessToken,
    }),
  });

describe("FakeShopify snapshots", () => {
  const first = new FakeShopify(keys);
  first.addShop(SHOP, scopes);
  const order = first.addOrder(SHOP, sampleShopifyOrder());
  const token = first.issueAccessToken(SHOP);
  const snapshot = first.snapshot();

  const second = new FakeShopify(keys);
  second.restore(snapshot);
  const undo = routeShopifyFetch(second);
  afterAll(undo);

  it("keeps the orders and the issued access tokens", async () => {
    const { data } = await client(token).request(ORDER_FULFILLMENT_STATE, {
      variables: { id: order.id },
    });
    expect(data.order.name).toBe("#1001");
    expect(data.order.fulfillmentOrders.nodes[0].status).toBe("OPEN");
    expect(second.order(SHOP, order.id)?.fulfillmentOrders[0]?.id).toBe(
      order.fulfillmentOrders[0]?.id,
    );
  });

  it("gives new ids after the restored ones", () => {
    const next = second.addOrder(
      SHOP,
      sampleShopifyOrder({ id: 2, admin_graphql_api_id: undefined }),
    );
    const restoredIds = order.fulfillmentOrders.map((fo) => fo.id);
    expect(restoredIds).not.toContain(next.fulfillmentOrders[0]?.id);
  });

  it("refuses a snapshot of an unknown version", () => {
    expect(() => new FakeShopify(keys).restore(JSON.stringify({ version: 99 }))).toThrow(
      /version 99/,
    );
  });

  it("keeps the returns, their labels, and gives new return ids after the restored ones", async () => {
    const shop = "snapshot-returns.myshopify.com";
    const one = new FakeShopify(keys);
    one.addShop(shop, [
      ...scopes,
      "write_fulfillments",
      "write_merchant_managed_fulfillment_orders",
      "read_returns",
      "write_returns",
    ]);
    one.returns.fetchLabel = async () =>
      new Response(new TextEncoder().encode("%PDF-kept"), {
        headers: { "content-type": "application/pdf" },
      });
    const placed = one.addOrder(
      shop,
      sampleShopifyOrder({ id: 3, admin_graphql_api_id: undefined }),
    );
    const fo = placed.fulfillmentOrders[0];
    await adminCall(one, shop, FULFIL, {
      fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo?.id }] },
    });
    const made = await merchantReturns(one, shop).create(placed.id);
    const returnId = made.return?.id as string;
    const rfo = one.returns.get(shop, returnId)?.reverseFulfillmentOrders[0];
    await adminCall(one, shop, ATTACH, {
      rfo: rfo?.id,
      lines: rfo?.lineItems.map((line) => ({
        reverseFulfillmentOrderLineItemId: line.id,
        quantity: line.totalQuantity,
      })),
    });

    const two = new FakeShopify(keys);
    two.restore(one.snapshot());
    const kept = two.returns.get(shop, returnId);
    expect(kept?.status).toBe("OPEN");
    expect(kept?.lines).toEqual(one.returns.get(shop, returnId)?.lines);
    const label = kept?.reverseFulfillmentOrders[0]?.deliveries[0]?.label;
    expect(new TextDecoder().decode(label?.bytes)).toBe("%PDF-kept");
    expect(two.returns.fulfillmentLines(shop, placed.id)).toEqual(
      one.returns.fulfillmentLines(shop, placed.id),
    );
    // Cancelled, its lines can be returned again, under an id never given before.
    const again = await merchantReturns(two, shop).cancel(returnId);
    expect(again.return?.status).toBe("CANCELED");
    const next = await merchantReturns(two, shop).create(placed.id);
    expect(next.return?.id).not.toBe(returnId);
    expect(Number(next.return?.id.split("/").pop())).toBeGreaterThan(
      Number(returnId.split("/").pop()),
    );
  });
});

const FULFIL = `mutation Fulfil($fulfillment: FulfillmentInput!) {
  fulfillmentCreate(fulfillment: $fulfillment) { fulfillment { id } userErrors { message } } }`;

const ATTACH = `mutation Attach($rfo: ID!, $lines: [ReverseDeliveryLineItemInput!]!) {
  reverseDeliveryCreateWithShipping(reverseFulfillmentOrderId: $rfo, reverseDeliveryLineItems: $lines,
    labelInput: { fileUrl: "https://labels.example/1.pdf" }, notifyCustomer: true) {
    reverseDelivery { id } userErrors { field message code } } }`;
