// A cancelled return whose parcel could not be given back at once: the
// service down for longer than the queue retries a returns/cancel leaves the
// return needing attention (in English and Polish), never paid unseen, and
// the returns pass gives the parcel back once the service answers again.
import { beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import { loadReturn } from "../store/returns.ts";
import { eventually } from "../test-support/eventually.ts";
import { useHarness } from "../test-support/harness.ts";
import { merchantReturns } from "../test-support/merchant-returns.ts";

const harness = useHarness();
const SHOP = "returns-cancel.myshopify.com";
let app: ShopifyApp;

beforeAll(async () => {
  app = await harness.app({ jobRetryLimit: 1, jobRetryDelaySeconds: 1 });
  await harness.ready(app, SHOP);
  harness.fake.returns.onWebhook = (shop, topic, payload) =>
    harness.deliver(app, shop, topic, payload);
  harness.fake.returns.fetchLabel = (url) => app(new Request(url));
}, 60_000);

/** A return of an order shipped and fulfilled by the app, its parcel attached. */
async function attachedReturn(
  orderNumber: number,
): Promise<{ returnId: string; packageId: number }> {
  await harness.deliverPaid(app, SHOP, harness.order(SHOP, orderNumber));
  expect(
    (await harness.settled(SHOP, String(orderNumber), ["fulfilled", "needs_attention"])).status,
  ).toBe("fulfilled");
  const made = await merchantReturns(harness.fake, SHOP).create(
    `gid://shopify/Order/${orderNumber}`,
  );
  const returnId = made.return?.id as string;
  await eventually(
    async () => (await loadReturn(harness.pool, SHOP, returnId))?.status === "attached",
    "the return's parcel to be attached",
  );
  const row = await loadReturn(harness.pool, SHOP, returnId);
  return { returnId, packageId: row?.packageId as number };
}

describe("a return's cancellation given up on", () => {
  it("needs attention in English and Polish, and the returns pass gives the parcel back later", async () => {
    const { returnId, packageId } = await attachedReturn(8401);
    await harness.sandbox.control("/faults", { status: 503, path: "/cancel-command/*" });
    await merchantReturns(harness.fake, SHOP).cancel(returnId);
    await harness.fake.returns.webhooksSent();
    // Both tries fail: the merchant is told, the parcel is not left paid unseen.
    await eventually(
      async () => (await loadReturn(harness.pool, SHOP, returnId))?.status === "needs_attention",
      "the return to need attention",
      600,
    );
    const row = await loadReturn(harness.pool, SHOP, returnId);
    expect(row?.issues?.en_GB?.[0]).toMatchObject({ rule: "cancellation_unconfirmed" });
    expect(row?.issues?.pl_PL?.[0]?.message).toMatch(/paczk/);
    const client = await harness.serviceClient();
    expect((await client.packages.get(packageId)).state).not.toBe("canceled");
    // The service is back: the returns pass reads the return in Shopify and cancels its parcel.
    await harness.sandbox.control("/faults", undefined, "DELETE");
    await app.reconcileReturns();
    expect((await loadReturn(harness.pool, SHOP, returnId))?.status).toBe("cancelled");
    expect((await client.packages.get(packageId)).state).toBe("canceled");
  }, 120_000);
});

describe("a return closed", () => {
  it("before the customer hands the parcel in gives the parcel back", async () => {
    const { returnId, packageId } = await attachedReturn(8402);
    await merchantReturns(harness.fake, SHOP).close(returnId);
    await harness.fake.returns.webhooksSent();
    await eventually(
      async () => (await loadReturn(harness.pool, SHOP, returnId))?.status === "cancelled",
      "the closed return's parcel to be given back",
    );
    const client = await harness.serviceClient();
    expect((await client.packages.get(packageId)).state).toBe("canceled");
  });

  it("once processed whole, after the hand-in, keeps its parcel and keeps following it", async () => {
    const { returnId, packageId } = await attachedReturn(8403);
    // The customer hands it in; the courier collects it.
    await harness.sandbox.control("/clock/advance", { seconds: 3 * 3600 });
    await merchantReturns(harness.fake, SHOP).processAll(returnId);
    expect(harness.fake.returns.get(SHOP, returnId)?.status).toBe("CLOSED");
    await harness.fake.returns.webhooksSent();
    await harness.waitForInbox(SHOP, returnId.slice(returnId.lastIndexOf("/") + 1));
    expect((await loadReturn(harness.pool, SHOP, returnId))?.status).toBe("attached");
    const client = await harness.serviceClient();
    expect((await client.packages.get(packageId)).state).not.toBe("canceled");
  });
});

describe("a return's purchase given up on", () => {
  it("is listed for the merchant in English and Polish, and Retry attaches its parcel once", async () => {
    await harness.deliverPaid(app, SHOP, harness.order(SHOP, 8404));
    expect((await harness.settled(SHOP, "8404", ["fulfilled", "needs_attention"])).status).toBe(
      "fulfilled",
    );
    // The service refuses to order for longer than the queue retries.
    await harness.sandbox.control("/faults", { status: 503, path: "/order-commands/*" });
    const made = await merchantReturns(harness.fake, SHOP).create("gid://shopify/Order/8404");
    const returnId = made.return?.id as string;
    await eventually(
      async () => (await loadReturn(harness.pool, SHOP, returnId))?.status === "needs_attention",
      "the return to need attention",
      600,
    );
    await harness.sandbox.control("/faults", undefined, "DELETE");
    const merchant = app.merchant(SHOP);
    const [listed] = (await merchant.returns({ needsAttention: true, language: "pl" })).filter(
      (one) => one.returnId === returnId,
    );
    expect(listed?.issues[0]).toMatchObject({
      rule: "gave_up",
      message: expect.stringMatching(/Ponów/),
    });
    const english = await merchant.returns({ needsAttention: true, language: "en" });
    expect(english.find((one) => one.returnId === returnId)?.issues[0]?.message).toMatch(/Retry/);

    expect(await merchant.retryReturn(returnId)).toBe("attached");
    expect(await merchant.retryReturn(returnId)).toBe("attached");
    const row = await loadReturn(harness.pool, SHOP, returnId);
    expect(row?.issues).toBeUndefined();
    expect(
      harness.fake.returns.get(SHOP, returnId)?.reverseFulfillmentOrders[0]?.deliveries,
    ).toHaveLength(1);
    expect(
      (await merchant.returns({ needsAttention: true })).map((one) => one.returnId),
    ).not.toContain(returnId);
  }, 120_000);
});

describe("a return attached, its answer lost, then given up on", () => {
  it("is found attached on Retry, not taken for someone else's label", async () => {
    await harness.deliverPaid(app, SHOP, harness.order(SHOP, 8405));
    expect((await harness.settled(SHOP, "8405", ["fulfilled", "needs_attention"])).status).toBe(
      "fulfilled",
    );
    const hold = harness.fake.holdNext("AttachReturnLabel");
    const made = await merchantReturns(harness.fake, SHOP).create("gid://shopify/Order/8405");
    const returnId = made.return?.id as string;
    await hold.reached;
    // The attach is made but its answer is lost; the next try cannot read the return.
    harness.fake.failNext("AttachReturnLabel", { after: true });
    harness.fake.failNext("ShopReturn");
    hold.release();
    await eventually(
      async () => (await loadReturn(harness.pool, SHOP, returnId))?.status === "needs_attention",
      "the return to need attention",
      600,
    );
    expect((await loadReturn(harness.pool, SHOP, returnId))?.issues?.en_GB?.[0]?.rule).toBe(
      "gave_up",
    );
    expect(await app.merchant(SHOP).retryReturn(returnId)).toBe("attached");
    const row = await loadReturn(harness.pool, SHOP, returnId);
    expect(row?.issues).toBeUndefined();
    const deliveries = harness.fake.returns.get(SHOP, returnId)?.reverseFulfillmentOrders[0]
      ?.deliveries;
    expect(deliveries).toHaveLength(1);
    expect(row?.reverseDeliveryId).toBe(deliveries?.[0]?.id);
  }, 120_000);
});
