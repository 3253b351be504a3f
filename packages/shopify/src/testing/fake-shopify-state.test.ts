// A FakeShopify restored from another's snapshot answers as the first one
// would: the same orders and fulfilment orders, the issued access token still
// valid, and new ids not reusing old ones.
import "@shopify/shopify-api/adapters/web-api";
import { ApiVersion, Session, shopifyApi } from "@shopify/shopify-api";
import { afterAll, describe, expect, it } from "vitest";
import { ORDER_FULFILLMENT_STATE } from "../admin/documents.ts";
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
});
