// An instance killed while it runs a webhook job (its process or machine
// gone, so nothing fails the job): the job's heartbeat stops, and another
// instance, or this one restarted, takes the job over within the heartbeat
// and one upkeep pass instead of pg-boss's 15-minute expiry. One package, one
// charge, one fulfilment. A job that merely runs long keeps beating, and is
// never taken from the instance running it.
import type pg from "pg";
import { PgBoss } from "pg-boss";
import { beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import { numericId } from "../mapping/fulfillment-orders.ts";
import type { ShopifyOrder } from "../mapping/shopify-order.ts";
import { WEBHOOK_QUEUE } from "../queue/jobs.ts";
import { beginShipment, loadShipment } from "../store/shipments.ts";
import { eventually } from "../test-support/eventually.ts";
import { useHarness } from "../test-support/harness.ts";

const harness = useHarness();
/** A short heartbeat and upkeep pass, so a test waits seconds, not a minute. */
const FAST = { jobHeartbeatSeconds: 10, superviseIntervalSeconds: 1 } as const;
const SHOP = "takeover-shop.myshopify.com";
let pool: pg.Pool;
let installer: ShopifyApp;

beforeAll(async () => {
  installer = await harness.app({ runWorkers: false, ...FAST });
  await harness.ready(installer, SHOP);
  pool = harness.pool;
}, 60_000);

function order(id: number): ShopifyOrder {
  return harness.order(SHOP, id);
}

describe("an instance that dies holding a job", () => {
  it("is relieved of it once its heartbeat stops: another instance ships the order once", async () => {
    await harness.deliverPaid(installer, SHOP, order(5401));
    const id = await claimAndDie();
    expect((await jobOf(id))?.heartbeatSeconds).toBe(10);

    const live = await harness.app(FAST);
    try {
      // The takeover is over when the job is: the order is fulfilled a moment
      // before, as pg-boss completes a job only once its handler has returned.
      await eventually(async () => ended(await jobOf(id)), "the takeover", 1_200);
      expect(await jobOf(id)).toMatchObject({ state: "completed", retryCount: 1 });
      expect((await loadShipment(pool, SHOP, "5401"))?.status).toBe("fulfilled");
      expect(await harness.ledger(SHOP, "5401")).toEqual({
        packageIds: [expect.any(Number)],
        charges: 1,
      });
      expect(harness.fake.order(SHOP, "gid://shopify/Order/5401")?.fulfillments).toHaveLength(1);
    } finally {
      await live.close();
    }
  }, 180_000);

  it("keeps a job that runs longer than the heartbeat with the instance running it", async () => {
    const app = await harness.app(FAST);
    try {
      // Shopify holds the fulfilment for 14 s: longer than the heartbeat, so only
      // the beats sent while the job waits keep it with this instance.
      const hold = harness.fake.holdNext("FulfillmentCreate");
      try {
        await harness.deliverPaid(app, SHOP, order(5402));
        await hold.reached;
        await new Promise((resolve) => setTimeout(resolve, 14_000));
      } finally {
        hold.release();
      }
      await eventually(async () => {
        const jobs = await jobsOfOrder("5402");
        return jobs.length > 0 && jobs.every(ended);
      }, "the slow fulfilment's job");
      expect((await loadShipment(pool, SHOP, "5402"))?.status).toBe("fulfilled");
      const jobs = await jobsOfOrder("5402");
      expect(jobs).toEqual([{ state: "completed", retryCount: 0, heartbeatSeconds: 10 }]);
      expect(await harness.ledger(SHOP, "5402")).toEqual({
        packageIds: [expect.any(Number)],
        charges: 1,
      });
    } finally {
      await app.close();
    }
  }, 90_000);

  it("on the last try, puts the order on needs attention; Retry then ships it once", async () => {
    // Queued with no retries left after the first try.
    const lastTry = await harness.app({ runWorkers: false, jobRetryLimit: 0, ...FAST });
    const placed = order(5403);
    await harness.deliverPaid(lastTry, SHOP, placed);
    await lastTry.close();
    await claimAndDie();
    // The dead run had got as far as its first step: the order is being shipped.
    await beginShipment(pool, {
      shop: SHOP,
      orderId: "5403",
      fulfillmentOrderId: numericId(
        harness.fake.order(SHOP, "gid://shopify/Order/5403")?.fulfillmentOrders[0]?.id ?? "",
      ),
      orderGid: "gid://shopify/Order/5403",
      orderName: "#5403",
    });

    const live = await harness.app(FAST);
    try {
      const row = await harness.settled(SHOP, "5403", ["needs_attention", "fulfilled"], 600);
      expect(row.status).toBe("needs_attention");
      expect(row.issues).toEqual([expect.objectContaining({ path: "order", rule: "worker_lost" })]);
      expect(await harness.ledger(SHOP, "5403")).toEqual({ packageIds: [], charges: 0 });

      await live.merchant(SHOP).ship("5403");
      expect((await harness.settled(SHOP, "5403", ["fulfilled"], 300)).status).toBe("fulfilled");
      expect(await harness.ledger(SHOP, "5403")).toEqual({
        packageIds: [expect.any(Number)],
        charges: 1,
      });
    } finally {
      await live.close();
    }
  }, 180_000);

  it("on the last try, an order recorded shipped but not fulfilled needs attention with Retry", async () => {
    const lastTry = await harness.app({ runWorkers: false, jobRetryLimit: 0, ...FAST });
    const placed = order(5404);
    await harness.deliverPaid(lastTry, SHOP, placed);
    await lastTry.close();
    await claimAndDie();
    // The dead run had recorded its shipment, not yet Shopify's fulfilment.
    await beginShipment(pool, {
      shop: SHOP,
      orderId: "5404",
      fulfillmentOrderId: numericId(
        harness.fake.order(SHOP, "gid://shopify/Order/5404")?.fulfillmentOrders[0]?.id ?? "",
      ),
      orderGid: "gid://shopify/Order/5404",
      orderName: "#5404",
    });
    await pool.query(
      "UPDATE shipbridge_shopify_shipments SET status = 'shipped' WHERE shop = $1 AND order_id = $2",
      [SHOP, "5404"],
    );

    const live = await harness.app(FAST);
    try {
      const row = await harness.settled(SHOP, "5404", ["needs_attention", "fulfilled"], 600);
      expect(row.status).toBe("needs_attention");
      expect(row.issues).toEqual([expect.objectContaining({ path: "order", rule: "worker_lost" })]);

      await live.merchant(SHOP).ship("5404");
      expect((await harness.settled(SHOP, "5404", ["fulfilled"], 300)).status).toBe("fulfilled");
      expect(harness.fake.order(SHOP, "gid://shopify/Order/5404")?.fulfillments).toHaveLength(1);
      expect((await harness.ledger(SHOP, "5404")).charges).toBe(1);
    } finally {
      await live.close();
    }
  }, 180_000);
});

/** Claims the next webhook job as an instance that then dies: active, and nobody beats for it. */
async function claimAndDie(): Promise<string> {
  const dead = new PgBoss({ connectionString: harness.databaseUrl, supervise: false });
  dead.on("error", () => {});
  await dead.start();
  const [claimed] = await dead.fetch(WEBHOOK_QUEUE);
  await dead.stop({ graceful: false, close: true });
  expect(claimed).toBeDefined();
  return claimed?.id as string;
}

type JobRow = { state: string; retryCount: number; heartbeatSeconds: number | null };

/** Whether the job has run its course: completed, or failed or cancelled for good. */
function ended(job: JobRow | undefined): boolean {
  return job !== undefined && ["completed", "failed", "cancelled"].includes(job.state);
}

function jobRow(row: Record<string, unknown>): JobRow {
  return {
    state: row["state"] as string,
    retryCount: row["retry_count"] as number,
    heartbeatSeconds: row["heartbeat_seconds"] as number | null,
  };
}

async function jobOf(id: string): Promise<JobRow | undefined> {
  const { rows } = await pool.query(
    "SELECT state, retry_count, heartbeat_seconds FROM pgboss.job WHERE name = $1 AND id = $2",
    [WEBHOOK_QUEUE, id],
  );
  return rows[0] ? jobRow(rows[0]) : undefined;
}

async function jobsOfOrder(orderId: string): Promise<JobRow[]> {
  const { rows } = await pool.query(
    `SELECT job.state, job.retry_count, job.heartbeat_seconds FROM pgboss.job AS job
     JOIN shipbridge_shopify_inbox AS inbox ON inbox.webhook_id = job.data->>'webhookId'
     WHERE job.name = $1 AND inbox.shop = $2 AND inbox.payload->>'id' = $3`,
    [WEBHOOK_QUEUE, SHOP, orderId],
  );
  return rows.map(jobRow);
}
