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
import type { ShopifyOrder } from "../mapping/shopify-order.ts";
import { loadShipment } from "../store/shipments.ts";
import { eventually } from "../test-support/eventually.ts";
import { useHarness } from "../test-support/harness.ts";
import { WEBHOOK_QUEUE } from "./jobs.ts";

const harness = useHarness();
const SHOP = "takeover-shop.myshopify.com";
let pool: pg.Pool;
let installer: ShopifyApp;

beforeAll(async () => {
  installer = await harness.app({ runWorkers: false });
  await harness.ready(installer, SHOP);
  pool = harness.pool;
}, 60_000);

function order(id: number): ShopifyOrder {
  return harness.order(SHOP, id);
}

async function deliver(app: ShopifyApp, payload: ShopifyOrder) {
  expect((await harness.deliver(app, SHOP, "orders/paid", payload)).status).toBe(200);
}

const until = eventually;

describe("an instance that dies holding a job", () => {
  it("is relieved of it once its heartbeat stops: another instance ships the order once", async () => {
    const placed = order(5401);
    // Queued by an instance that runs no workers, then claimed by one that dies at once:
    // the job is active, and nobody beats for it.
    await deliver(installer, placed);
    const dead = new PgBoss({ connectionString: harness.databaseUrl, supervise: false });
    dead.on("error", () => {});
    await dead.start();
    const [claimed] = await dead.fetch(WEBHOOK_QUEUE);
    await dead.stop({ graceful: false, close: true });
    expect(claimed).toBeDefined();
    const id = claimed?.id as string;

    const live = await harness.app({ jobHeartbeatSeconds: 10, superviseIntervalSeconds: 1 });
    await until(
      async () => (await loadShipment(pool, SHOP, "5401"))?.status === "fulfilled",
      "the takeover",
      1_200,
    );
    const job = await jobOf(id);
    expect(job?.state).toBe("completed");
    expect(job?.retryCount).toBe(1);
    expect(await harness.ledger(SHOP, "5401")).toEqual({
      packageIds: [expect.any(Number)],
      charges: 1,
    });
    expect(harness.fake.order(SHOP, "gid://shopify/Order/5401")?.fulfillments).toHaveLength(1);
    await live.close();
  }, 180_000);

  it("keeps a job that runs longer than the heartbeat with the instance running it", async () => {
    const app = await harness.app({ jobHeartbeatSeconds: 10, superviseIntervalSeconds: 1 });
    // Shopify holds the fulfilment for 14 s: longer than the heartbeat, so only
    // the beats sent while the job waits keep it with this instance.
    const hold = harness.fake.holdNext("FulfillmentCreate");
    try {
      await deliver(app, order(5402));
      await hold.reached;
      await new Promise((resolve) => setTimeout(resolve, 14_000));
    } finally {
      hold.release();
    }
    await until(
      async () => (await loadShipment(pool, SHOP, "5402"))?.status === "fulfilled",
      "the slow fulfilment",
    );
    const [job] = (await jobsOfOrder("5402")).filter((entry) => entry.state === "completed");
    expect(job?.retryCount).toBe(0);
    expect(await harness.ledger(SHOP, "5402")).toEqual({
      packageIds: [expect.any(Number)],
      charges: 1,
    });
    await app.close();
  }, 90_000);
});

async function jobOf(id: string) {
  const { rows } = await pool.query(
    "SELECT state, retry_count FROM pgboss.job WHERE name = $1 AND id = $2",
    [WEBHOOK_QUEUE, id],
  );
  return rows[0]
    ? { state: rows[0].state as string, retryCount: rows[0].retry_count as number }
    : undefined;
}

async function jobsOfOrder(orderId: string) {
  const { rows } = await pool.query(
    `SELECT job.state, job.retry_count FROM pgboss.job AS job
     JOIN shipbridge_shopify_inbox AS inbox ON inbox.webhook_id = job.data->>'webhookId'
     WHERE job.name = $1 AND inbox.shop = $2 AND inbox.payload->>'id' = $3`,
    [WEBHOOK_QUEUE, SHOP, orderId],
  );
  return rows.map((row) => ({ state: row.state as string, retryCount: row.retry_count as number }));
}
