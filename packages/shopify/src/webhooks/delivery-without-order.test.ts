// A signed order delivery whose body names no order (an id that is neither
// an order's number nor its GID): read once, it is refused at once, without
// asking the shop's Admin API, retrying, listing or shipping anything.
import { beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import { eventually } from "../test-support/eventually.ts";
import { useHarness } from "../test-support/harness.ts";

const harness = useHarness();
const SHOP = "no-order.myshopify.com";
let app: ShopifyApp;

beforeAll(async () => {
  app = await harness.app({ jobRetryLimit: 1, jobRetryDelaySeconds: 1 });
  await harness.ready(app, SHOP);
}, 60_000);

describe("an order delivery that names no order", () => {
  it("is refused at once, asks Shopify nothing, and lists or ships nothing", async () => {
    const shopCalls = () =>
      harness.fake.calls.filter((call) => call.shop === SHOP && call.kind === "graphql").length;
    const before = shopCalls();
    const bodies = [
      ["orders/paid", { ...harness.order(SHOP, 7301), id: "7301 OR 1=1" }, "7301 OR 1=1"],
      [
        "orders/create",
        { ...harness.order(SHOP, 7302), id: "gid://shopify/Customer/7302" },
        "gid://shopify/Customer/7302",
      ],
      ["orders/updated", { ...harness.order(SHOP, 7303), id: "-7303" }, "-7303"],
    ] as const;
    for (const [topic, body] of bodies) {
      expect((await harness.deliver(app, SHOP, topic, body)).status).toBe(200);
    }
    await eventually(
      async () =>
        (await harness.count("shipbridge_shopify_inbox WHERE shop = $1 AND processed_at IS NULL", [
          SHOP,
        ])) === 0,
      "the deliveries to be processed",
    );
    expect(
      await harness.count(
        "shipbridge_shopify_inbox WHERE shop = $1 AND refused = 'unknown_order'",
        [SHOP],
      ),
    ).toBe(3);
    expect(shopCalls()).toBe(before);
    expect(await harness.count("shipbridge_shopify_shipments WHERE shop = $1", [SHOP])).toBe(0);
    expect(await app.merchant(SHOP).orders({ language: "en" })).toEqual([]);
    for (const [, , id] of bodies) {
      expect(await harness.ledger(SHOP, id)).toEqual({ packageIds: [], charges: 0 });
    }
  });
});
