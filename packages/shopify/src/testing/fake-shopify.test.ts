// The fake answers @shopify/shopify-api's own GraphQL client as Shopify
// would: real response shapes, GraphQL errors for what the schema or the
// scopes refuse, 401 for an unknown or expired token.
import "@shopify/shopify-api/adapters/web-api";
import { ApiVersion, GraphqlQueryError, Session, shopifyApi } from "@shopify/shopify-api";
import { afterAll, describe, expect, it } from "vitest";
import { FULFILLMENT_CREATE, ORDER_FULFILLMENT_STATE } from "../admin/documents.ts";
import { loadShopOrder } from "../admin/load-shop-order.ts";
import { toStoreOrder } from "../mapping/to-store-order.ts";
import { FakeShopify } from "./fake-shopify.ts";
import { sampleShopifyOrder } from "./orders.ts";
import { routeShopifyFetch } from "./route-shopify-fetch.ts";

const SHOP = "fake-test.myshopify.com";
const keys = { apiKey: "test-key", apiSecretKey: "test-secret" };
let now = Date.now();
const fake = new FakeShopify({ ...keys, now: () => now });
const undo = routeShopifyFetch(fake);
afterAll(undo);

const shopify = shopifyApi({
  ...keys,
  scopes: ["read_orders"],
  hostName: "app.example.com",
  apiVersion: ApiVersion.October26,
  isEmbeddedApp: false,
  logger: { level: 0 },
});

function client(accessToken: string) {
  const session = new Session({
    id: `offline_${SHOP}`,
    shop: SHOP,
    state: "",
    isOnline: false,
    accessToken,
  });
  return new shopify.clients.Graphql({ session });
}

describe("FakeShopify", () => {
  fake.addShop(SHOP, [
    "read_orders",
    "read_merchant_managed_fulfillment_orders",
    "write_merchant_managed_fulfillment_orders",
  ]);
  const order = fake.addOrder(SHOP, sampleShopifyOrder());

  it("answers a query the app sends, in the real response shape", async () => {
    const { data } = await client(fake.issueAccessToken(SHOP)).request(ORDER_FULFILLMENT_STATE, {
      variables: { id: order.id },
    });
    expect(data.order.name).toBe("#1001");
    expect(data.order.fulfillments).toEqual([]);
    const [fulfillmentOrder] = data.order.fulfillmentOrders.nodes;
    expect(fulfillmentOrder.status).toBe("OPEN");
    expect(fulfillmentOrder.deliveryMethod).toEqual({
      methodType: "SHIPPING",
      serviceCode: "shipbridge:dpd",
    });
    // The gift card needs no shipping, so it has no line to fulfil.
    expect(
      fulfillmentOrder.lineItems.nodes.map(
        (line: { remainingQuantity: number }) => line.remainingQuantity,
      ),
    ).toEqual([3, 1]);
  });

  it("answers the order shipping needs from its state, as the shop holds it now", async () => {
    const session = new Session({
      id: `offline_${SHOP}`,
      shop: SHOP,
      state: "",
      isOnline: false,
      accessToken: fake.issueAccessToken(SHOP),
    });
    const read = await loadShopOrder(shopify, session, "5500000001");
    const options = { defaultService: "inpost" };
    // The same StoreOrder as the webhook's body maps to, but for the customer's
    // own record (read_customers is not asked for; the address names the receiver).
    const { customer: _, ...expected } = toStoreOrder(sampleShopifyOrder(), options);
    expect(read?.whole).toBe(true);
    const { customer, ...mapped } = toStoreOrder(read?.order ?? { id: 0 }, options);
    expect(mapped).toEqual(expected);
    expect(customer).toEqual({ email: "anna@example.com" });
    expect(read?.order.financial_status).toBe("paid");
    // A change in Shopify is what the next read answers; another shop's order is unknown.
    fake.updateOrder(
      SHOP,
      sampleShopifyOrder({ financial_status: "refunded", cancelled_at: "2026-11-20T10:00:00Z" }),
    );
    const changed = await loadShopOrder(shopify, session, "gid://shopify/Order/5500000001");
    expect([changed?.order.financial_status, changed?.order.cancelled_at]).toEqual([
      "refunded",
      "2026-11-20T10:00:00Z",
    ]);
    expect(await loadShopOrder(shopify, session, "1")).toBeUndefined();
    // More lines than one read holds: read, but not whole, so it is not shipped.
    const lines = Array.from({ length: 101 }, (_, index) => ({
      id: 100 + index,
      sku: `SKU-${index}`,
      name: `Item ${index}`,
      quantity: 1,
      current_quantity: 1,
      grams: 100,
      price: "1.00",
      requires_shipping: true,
    }));
    fake.addOrder(
      SHOP,
      sampleShopifyOrder({ id: 77, admin_graphql_api_id: undefined, line_items: lines }),
    );
    const large = await loadShopOrder(shopify, session, "77");
    expect([large?.whole, large?.order.line_items?.length]).toEqual([false, 100]);
    fake.updateOrder(SHOP, sampleShopifyOrder());
    order.cancelledAt = null;
  });

  it("fulfils with tracking once; a second fulfilment of the same lines is refused", async () => {
    const graphql = client(fake.issueAccessToken(SHOP));
    const [fulfillmentOrder] = order.fulfillmentOrders;
    const variables = {
      fulfillment: {
        lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fulfillmentOrder?.id }],
        trackingInfo: { company: "DPD", number: "123", url: "https://t.example/123" },
        notifyCustomer: true,
      },
    };
    const first = await graphql.request(FULFILLMENT_CREATE, { variables });
    expect(first.data.fulfillmentCreate.userErrors).toEqual([]);
    expect(first.data.fulfillmentCreate.fulfillment.trackingInfo).toEqual([
      { company: "DPD", number: "123", url: "https://t.example/123" },
    ]);
    expect(order.fulfillmentOrders[0]?.status).toBe("CLOSED");
    const second = await graphql.request(FULFILLMENT_CREATE, { variables });
    expect(second.data.fulfillmentCreate.userErrors[0].message).toMatch(
      /unfulfillable status= closed/,
    );
    expect(order.fulfillments).toHaveLength(1);
  });

  it("refuses an unknown field and a scope the token lacks, as GraphQL errors", async () => {
    const graphql = client(fake.issueAccessToken(SHOP));
    await expect(graphql.request("{ shop { id secretSauce } }")).rejects.toThrow(GraphqlQueryError);
    await expect(graphql.request("{ shop { id secretSauce } }")).rejects.toThrow(
      /Cannot query field "secretSauce"/,
    );
    await expect(
      graphql.request(
        `mutation { carrierServiceCreate(input: { name: "x", callbackUrl: "https://a.example/r", supportsServiceDiscovery: true, active: true }) { userErrors { message } } }`,
      ),
    ).rejects.toThrow(/Access denied for carrierServiceCreate field/);
  });

  it("answers 401 to an unknown token and to one that expired", async () => {
    await expect(client("shpat_forged").request("{ shop { id } }")).rejects.toThrow(
      /401|Invalid API key/,
    );
    const token = fake.issueAccessToken(SHOP);
    now += 3600 * 1000;
    await expect(client(token).request("{ shop { id } }")).rejects.toThrow(/401|Invalid API key/);
  });
});
