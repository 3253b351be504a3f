// A batch's progress only moves forward, end to end on a real PostgreSQL,
// the sandbox over HTTP and FakeShopify: a run that is retried (Shopify
// refused two fulfilments once) reads its bought orders again without
// taking them back to "read", so the bar never goes back; and the orders
// page names the stage a running batch is in.
import { beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import { loadBatch } from "../store/batches.ts";
import { eventually } from "../test-support/eventually.ts";
import { APP_URL, useHarness } from "../test-support/harness.ts";
import { shopBatch } from "./batch-view.ts";

const harness = useHarness();
const SHOP = "batch-progress-shop.myshopify.com";
let app: ShopifyApp;
let cookie: string;

beforeAll(async () => {
  app = await harness.app({ jobRetryDelaySeconds: 3 });
  cookie = await harness.ready(app, SHOP, { shipOn: "manual", language: "en_GB" });
}, 60_000);

describe("a batch's progress", () => {
  it("never goes back when a retried run reads its bought orders again", async () => {
    const ids = ["8601", "8602", "8603"];
    for (const id of ids) {
      await harness.deliverPaid(app, SHOP, harness.order(SHOP, Number(id)));
      await harness.settled(SHOP, id, ["waiting"]);
    }
    // Shopify refuses two fulfilments once: the run ends with two orders bought, and runs again.
    harness.fake.failNext("FulfillmentCreate", { count: 2 });
    const id = (await app.merchant(SHOP).shipBatch(ids))?.id ?? "";
    const values: number[] = [];
    const look = async () => {
      const batch = await loadBatch(harness.pool, SHOP, id);
      if (!batch) throw new Error("no batch");
      values.push(shopBatch(batch, Date.now()).progress.value);
      return batch;
    };
    await eventually(
      async () => {
        const { outcomes } = await look();
        return outcomes.bought === 2 && outcomes.fulfilled === 1;
      },
      "the first run's end",
      600,
    );
    // The next run reads the two bought orders again; Shopify holds one of the reads.
    const hold = harness.fake.holdNext("ShopOrder");
    try {
      await hold.reached;
      await eventually(async () => {
        const batch = await look();
        return batch.runs === 2 && batch.read === 1;
      }, "the second run to read one order");
      const batch = await look();
      expect(batch.stage).toBe("reading");
      expect(batch.outcomes).toMatchObject({ read: 0, bought: 2, fulfilled: 1 });
      // The orders page names the stage the batch is in.
      const page = await (
        await app(new Request(`${APP_URL}/orders?shop=${SHOP}`, { headers: { cookie } }))
      ).text();
      const item = new RegExp(`<li><a href="/orders/batches/${id}[^"]*">[^<]*</a>: ([^<]*)</li>`);
      expect(item.exec(page)?.[1]).toBe("3 orders, Reading the orders from Shopify");
    } finally {
      hold.release();
    }
    await eventually(async () => (await look()).status === "done", "the batch", 600);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect((await look()).outcomes.fulfilled).toBe(3);
  });
});
