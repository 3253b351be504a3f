// app/uninstalled while a batch's job waits to run again, end to end on a
// real PostgreSQL, the sandbox over HTTP and FakeShopify: the job is
// deleted with the shop's other queued jobs, and its batch is given up
// (done, its unsettled orders needing attention with why, in Polish and
// English), so nothing stays "running" forever; after installing again the
// same day, Retry fulfils the order with the parcel already paid for.
import { beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import { loadShipment } from "../store/shipments.ts";
import { eventually } from "../test-support/eventually.ts";
import { APP_URL, useHarness } from "../test-support/harness.ts";

const harness = useHarness();
const SHOP = "uninstall-batch-shop.myshopify.com";
let app: ShopifyApp;

beforeAll(async () => {
  // A retry far enough off for the uninstall to come first.
  app = await harness.app({ jobRetryDelaySeconds: 60 });
  await harness.ready(app, SHOP, { shipOn: "manual", language: "en_GB" });
}, 60_000);

const batchJobs = async (batchId: string) =>
  (
    await harness.pool.query(
      "SELECT state FROM pgboss.job WHERE name = 'shipbridge-shopify-batch' AND data->>'batchId' = $1",
      [batchId],
    )
  ).rows.map((row) => row.state as string);

describe("app/uninstalled while a batch waits for its retry", () => {
  it("gives the batch up, and Retry after installing again ships the order once", async () => {
    await harness.deliverPaid(app, SHOP, harness.order(SHOP, 8301));
    await harness.settled(SHOP, "8301", ["waiting"]);
    // Shopify refuses the fulfilment once: the parcel is paid, the job waits to run again.
    harness.fake.failNext("FulfillmentCreate", { count: 1 });
    const id = (await app.merchant(SHOP).shipBatch(["8301"]))?.id ?? "";
    await eventually(async () => (await batchJobs(id)).includes("retry"), "the retry", 600);
    expect((await harness.ledger(SHOP, "8301")).charges).toBe(1);

    await harness.deliver(app, SHOP, "app/uninstalled", {
      id: 1,
      domain: SHOP,
      myshopify_domain: SHOP,
    });
    await eventually(async () => (await batchJobs(id)).length === 0, "the job to go", 600);
    await eventually(
      async () => (await app.merchant(SHOP).batch(id))?.status === "done",
      "the batch given up",
    );
    const details = await app.merchant(SHOP).batch(id);
    expect(details?.orders.map((order) => [order.orderId, order.outcome])).toEqual([
      ["8301", "needs_attention"],
    ]);
    const row = await loadShipment(harness.pool, SHOP, "8301");
    expect(row?.status).toBe("needs_attention");
    expect(row?.issues).toEqual([expect.objectContaining({ path: "order", rule: "uninstalled" })]);
    expect(row?.issuesByLanguage?.pl_PL?.[0]?.message).toMatch(/odinstalowano/);
    expect(row?.issuesByLanguage?.en_GB?.[0]?.message).toMatch(/uninstalled/);

    // Installed again the same day: the order is offered, and Retry fulfils it once.
    const cookie = await harness.ready(app, SHOP, { shipOn: "manual", language: "en_GB" });
    const page = await (
      await app(new Request(`${APP_URL}/orders?shop=${SHOP}`, { headers: { cookie } }))
    ).text();
    expect(page).toContain('name="order_id" value="8301"');
    const batchPage = await (
      await app(
        new Request(`${APP_URL}/orders/batches/${id}?shop=${SHOP}`, { headers: { cookie } }),
      )
    ).text();
    expect(batchPage).not.toContain('http-equiv="refresh"');
    await app.merchant(SHOP).ship("8301");
    await harness.settled(SHOP, "8301", ["fulfilled"]);
    expect((await harness.ledger(SHOP, "8301")).charges).toBe(1);
    expect(harness.fake.order(SHOP, "gid://shopify/Order/8301")?.fulfillments).toHaveLength(1);
  }, 120_000);
});
