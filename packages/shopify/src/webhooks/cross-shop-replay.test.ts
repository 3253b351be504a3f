// Every shop's webhooks are signed with the same app secret, so a signed
// order body captured from one shop can be replayed under another shop's
// X-Shopify-Shop-Domain. Shipping confirms the order from the shop's own
// Admin API first: a replay buys no parcel and lists nothing in the other
// shop, and what ships is what the Admin API says, not what the body says.
import { beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import { WEBHOOK_QUEUE } from "../queue/jobs.ts";
import { eventually } from "../test-support/eventually.ts";
import { useHarness } from "../test-support/harness.ts";

const harness = useHarness();
const SHOP_A = "replay-a.myshopify.com";
const SHOP_B = "replay-b.myshopify.com";
let app: ShopifyApp;

beforeAll(async () => {
  app = await harness.app();
  await harness.ready(app, SHOP_A);
  await harness.ready(app, SHOP_B);
}, 60_000);

/** Every package the shipping account holds, and every order command it was charged for. */
async function accountLedger(): Promise<{ packages: number; charges: number }> {
  const client = await harness.serviceClient();
  const { packages } = await client.packages.list({});
  const { messages } = await client.messages.list({ type: "order", limit: 500 });
  return { packages: packages.length, charges: messages.length };
}

describe("a signed order body replayed under another shop", () => {
  it("buys no parcel and lists nothing in that shop, and is refused once, not retried", async () => {
    // Shop A's order: it exists in A's Admin API only.
    const order = harness.order(SHOP_A, 6601);
    // Its only mention of shop A is in a URL.
    const named = {
      ...harness.order(SHOP_A, 6602),
      order_status_url: `https://${SHOP_A}/6602/orders/abc/authenticate?key=k`,
    };
    const before = await accountLedger();
    for (const body of [order, named]) {
      expect((await harness.deliver(app, SHOP_B, "orders/paid", body)).status).toBe(200);
    }
    // Nor is it marked cancelled there by its cancellation's body.
    const cancelled = { ...named, cancelled_at: "2026-11-20T10:00:00Z" };
    expect((await harness.deliver(app, SHOP_B, "orders/cancelled", cancelled)).status).toBe(200);
    // Nor listed there by the bodies that ship nothing: a cancelled order's
    // creation, an unpaid order's orders/paid, an update of an order with no row.
    const replays = [
      ["orders/create", { ...harness.order(SHOP_A, 6604), cancelled_at: "2026-11-20T10:00:00Z" }],
      ["orders/paid", harness.order(SHOP_A, 6605, { financial_status: "pending" })],
      ["orders/updated", harness.order(SHOP_A, 6606)],
    ] as const;
    for (const [topic, body] of replays) {
      expect((await harness.deliver(app, SHOP_B, topic, body)).status).toBe(200);
    }
    for (const id of ["6601", "6602", "6604", "6605", "6606"]) {
      await harness.waitForInbox(SHOP_B, id);
    }

    expect(await accountLedger()).toEqual(before);
    for (const id of ["6601", "6602", "6604", "6605", "6606"]) {
      expect(await harness.ledger(SHOP_B, id)).toEqual({ packageIds: [], charges: 0 });
    }
    // B's order list does not show A's orders, shipped or otherwise.
    const listed = await app.merchant(SHOP_B).orders({ language: "en" });
    expect(listed.map((entry) => entry.orderId)).toEqual([]);
    // Recorded as refused (the shop does not know the order), its job done, not retried.
    expect(
      await harness.count(
        "shipbridge_shopify_inbox WHERE shop = $1 AND refused = 'unknown_order'",
        [SHOP_B],
      ),
    ).toBe(6);
    // B keeps nothing of A's customer: a refused body is blanked to the order's id.
    expect(
      await harness.count("shipbridge_shopify_inbox WHERE shop = $1 AND payload - 'id' <> '{}'", [
        SHOP_B,
      ]),
    ).toBe(0);
    // pg-boss marks a job completed just after its handler returns.
    await eventually(
      async () =>
        (await harness.count(
          `pgboss.job AS job JOIN shipbridge_shopify_inbox AS inbox
             ON inbox.webhook_id = job.data->>'webhookId'
           WHERE job.name = $1 AND inbox.shop = $2 AND job.state <> 'completed'`,
          [WEBHOOK_QUEUE, SHOP_B],
        )) === 0,
      "every job of shop B completed",
    );
    // Nor can the merchant of B ship it by hand; Retry says it was refused as not B's.
    await expect(app.merchant(SHOP_B).ship("6601")).rejects.toMatchObject({
      code: "unknown_order",
      message: expect.stringContaining("refused"),
    });

    // Delivered to its own shop, the same body ships once.
    await harness.deliverPaid(app, SHOP_A, order);
    expect((await harness.settled(SHOP_A, "6601", ["fulfilled", "needs_attention"])).status).toBe(
      "fulfilled",
    );
    expect((await harness.ledger(SHOP_A, "6601")).charges).toBe(1);
  });

  it("ships what the shop's Admin API says, not what the body says", async () => {
    const order = harness.order(SHOP_A, 6603);
    // An older body, with another address than the order has in Shopify now.
    const stale = {
      ...order,
      shipping_address: { ...order.shipping_address, address1: "ul. Stara 1", city: "Sopot" },
    };
    await harness.deliverPaid(app, SHOP_A, stale);
    const row = await harness.settled(SHOP_A, "6603", ["fulfilled", "needs_attention"]);
    expect(row.status).toBe("fulfilled");
    const client = await harness.serviceClient();
    const shipped = await client.packages.get(row.packageId as number);
    expect(shipped.receiver?.street).toContain("Długa 5");
    expect(shipped.receiver?.city).toBe("Gdańsk");
  });
});

describe("what a body says of cancellation and payment", () => {
  it("a shipped order is not cancelled by a body the Admin API contradicts", async () => {
    const order = harness.order(SHOP_A, 6607);
    await harness.deliverPaid(app, SHOP_A, order);
    const row = await harness.settled(SHOP_A, "6607", ["fulfilled", "needs_attention"]);
    expect(row.status).toBe("fulfilled");
    // A cancellation's body, but Shopify holds the order uncancelled.
    const claim = { ...order, cancelled_at: "2026-11-20T10:00:00Z" };
    expect((await harness.deliver(app, SHOP_A, "orders/cancelled", claim)).status).toBe(200);
    await harness.waitForInbox(SHOP_A, "6607");
    expect(
      (await harness.settled(SHOP_A, "6607", ["fulfilled", "cancelled_after_order"])).status,
    ).toBe("fulfilled");
    const client = await harness.serviceClient();
    const { messages } = await client.messages.list({ type: "cancel", limit: 500 });
    expect(
      messages.filter((message) => JSON.stringify(message).includes(String(row.packageId))),
    ).toEqual([]);
  });

  it("an orders/paid body saying paid ships nothing while Shopify says the order is unpaid", async () => {
    // Shopify holds the order pending; the body claims it paid.
    const order = harness.order(SHOP_A, 6608, { financial_status: "pending" });
    await harness.deliverPaid(app, SHOP_A, { ...order, financial_status: "paid" });
    await harness.waitForInbox(SHOP_A, "6608");
    expect(await harness.ledger(SHOP_A, "6608")).toEqual({ packageIds: [], charges: 0 });
    expect(
      await harness.count("shipbridge_shopify_shipments WHERE shop = $1 AND order_id = '6608'", [
        SHOP_A,
      ]),
    ).toBe(0);
  });
});
