// The reconcile job with more unfinished shipments than one pass reads: each
// pass takes those checked longest ago (never checked first), so every
// shipment gets its turn instead of the same oldest ones every time.
import { beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import { useHarness } from "../test-support/harness.ts";

const harness = useHarness();
const SHOP = "reconcile-shop.myshopify.com";
const ORDERS = ["9401", "9402", "9403"];
let app: ShopifyApp;

beforeAll(async () => {
  app = await harness.app({ trackingReconcileBatch: 2 });
  await harness.ready(app, SHOP);
  // No pushes: only the reconcile job reads tracking here.
  await (await harness.serviceClient()).account.deleteTrackingWebhook();
  for (const id of ORDERS) {
    const order = harness.order(SHOP, Number(id));
    expect((await harness.deliver(app, SHOP, "orders/paid", order)).status).toBe(200);
    await harness.settled(SHOP, id, ["fulfilled"]);
  }
}, 60_000);

async function checks(): Promise<Map<string, { at: Date | null; state: string | null }>> {
  const { rows } = await harness.pool.query(
    `SELECT order_id, tracking_checked_at, tracking_state FROM shipbridge_shopify_shipments
     WHERE shop = $1 ORDER BY order_id`,
    [SHOP],
  );
  return new Map(
    rows.map((row) => [row.order_id, { at: row.tracking_checked_at, state: row.tracking_state }]),
  );
}

describe("the tracking reconcile job", () => {
  it("gives every unfinished shipment its turn, even when the first ones keep failing", async () => {
    // Picked up by the courier: every shipment has news, none is finished.
    await harness.sandbox.control("/clock/advance", { seconds: 3 * 3600 });
    const rows = await Promise.all(ORDERS.map((id) => harness.settled(SHOP, id, ["fulfilled"])));
    // The service cannot answer for the two oldest shipments.
    for (const row of rows.slice(0, 2)) {
      await harness.sandbox.control("/faults", {
        status: 503,
        path: `/packages/${row.packageId}/tracking`,
      });
    }
    try {
      expect(await app.reconcileTracking()).toBe(0);
      const first = await checks();
      expect(ORDERS.map((id) => first.get(id)?.at !== null)).toEqual([true, true, false]);
      // The next pass goes on with the third instead of the same failing two.
      expect(await app.reconcileTracking()).toBeGreaterThan(0);
      const second = await checks();
      expect(ORDERS.map((id) => second.get(id)?.state)).toEqual([null, null, "collected"]);
    } finally {
      await harness.sandbox.control("/faults", undefined, "DELETE");
    }
    // Once the service answers again, the shipment checked longest ago comes first
    // (the second, then the first, which the second pass also tried).
    expect(await app.reconcileTracking()).toBeGreaterThan(0);
    let now = await checks();
    const state = (id: string) => now.get(id)?.state ?? null;
    expect(ORDERS.map(state)).toEqual([null, "collected", "collected"]);
    expect(await app.reconcileTracking()).toBeGreaterThan(0);
    now = await checks();
    expect(ORDERS.map(state)).toEqual(["collected", "collected", "collected"]);
  });
});
