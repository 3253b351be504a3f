// Crashes around the fulfilment, end to end: the instance that shipped the
// order dies before fulfillmentCreate and another instance on the same
// database finishes the job; or Shopify makes the fulfilment but the answer
// is lost. Either way: one package, one paid order command, one fulfilment.
// And an order cancelled between its package's record and the fulfilment is
// not fulfilled: its package is cancelled with the cancellation's command.
import type pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import type { ShopifyOrder } from "../mapping/shopify-order.ts";
import { cancelCommandId } from "../shipping/cancel-shipment.ts";
import { loadShipment } from "../store/shipments.ts";
import { eventually } from "../test-support/eventually.ts";
import { useHarness } from "../test-support/harness.ts";

const harness = useHarness();
const SHOP = "crash-shop.myshopify.com";
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

const deliver = (app: ShopifyApp, payload: ShopifyOrder) => harness.deliverPaid(app, SHOP, payload);

const until = eventually;

describe("a crash around the fulfilment", () => {
  it("another instance finishes after the first died between the order command and fulfillmentCreate", async () => {
    const placed = order(5101);
    harness.fake.failNext("FulfillmentCreate");
    const first = await harness.app();
    await deliver(first, placed);
    // The parcel is ordered and paid; the fulfilment failed, so the job will be retried.
    await until(
      async () => (await loadShipment(pool, SHOP, "5101"))?.status === "shipped",
      "the shipment",
    );
    await until(
      async () =>
        harness.fake.calls.some(
          (call) => call.shop === SHOP && call.name === "FulfillmentCreate" && call.status === 503,
        ),
      "the failed fulfilment",
    );
    await first.close();
    await harness.app();
    await until(
      async () => (await loadShipment(pool, SHOP, "5101"))?.status === "fulfilled",
      "the fulfilment",
    );
    expect(harness.fake.order(SHOP, "gid://shopify/Order/5101")?.fulfillments).toHaveLength(1);
    const ledger = await harness.ledger(SHOP, "5101");
    expect(ledger.packageIds).toHaveLength(1);
    expect(ledger.charges).toBe(1);
  });

  it("a fulfilment made but whose answer was lost is found, not made again", async () => {
    const placed = order(5102);
    harness.fake.failNext("FulfillmentCreate", { after: true });
    const app = await harness.app();
    await deliver(app, placed);
    await until(
      async () => (await loadShipment(pool, SHOP, "5102"))?.status === "fulfilled",
      "the fulfilment",
    );
    const fulfillments = harness.fake.order(SHOP, "gid://shopify/Order/5102")?.fulfillments ?? [];
    expect(fulfillments).toHaveLength(1);
    expect((await loadShipment(pool, SHOP, "5102"))?.fulfillmentId).toBe(fulfillments[0]?.id);
    const ledger = await harness.ledger(SHOP, "5102");
    expect(ledger.packageIds).toHaveLength(1);
    expect(ledger.charges).toBe(1);
  });

  it("an order Shopify cancelled before the fulfilment is not fulfilled; its package is cancelled", async () => {
    const placed = order(5103);
    const failed = () =>
      harness.fake.calls.filter(
        (call) => call.shop === SHOP && call.name === "FulfillmentCreate" && call.status === 503,
      ).length;
    const failedBefore = failed();
    harness.fake.failNext("FulfillmentCreate");
    const first = await harness.app();
    await deliver(first, placed);
    await until(async () => failed() > failedBefore, "the failed fulfilment");
    await first.close();
    // Cancelled in Shopify; its webhook has not arrived yet when the job runs again.
    const inShopify = harness.fake.order(SHOP, "gid://shopify/Order/5103");
    if (inShopify) inShopify.cancelledAt = new Date().toISOString();
    await harness.app();
    const row = await harness.settled(SHOP, "5103", [
      "cancelled",
      "cancelled_after_order",
      "fulfilled",
    ]);
    expect(row.status).toBe("cancelled");
    expect(inShopify?.fulfillments).toEqual([]);
    const service = await harness.serviceClient();
    expect((await service.packages.get(row.packageId as number)).state).toBe("canceled");
    const command = await service.cancelCommands.get(
      cancelCommandId(SHOP, "5103", harness.fulfillmentOrderIds(SHOP, "5103")[0]),
    );
    expect(command.successfully_canceled_packages).toEqual([
      expect.objectContaining({ package_id: row.packageId }),
    ]);
  });

  it("a package recorded on a cancelled row by a run that died before cancelling it is refunded", async () => {
    const placed = order(5104);
    const failed = () =>
      harness.fake.calls.filter(
        (call) => call.shop === SHOP && call.name === "FulfillmentCreate" && call.status === 503,
      ).length;
    const failedBefore = failed();
    harness.fake.failNext("FulfillmentCreate");
    const first = await harness.app();
    await deliver(first, placed);
    await until(async () => failed() > failedBefore, "the failed fulfilment");
    await first.close();
    // The cancellation marked the row first; the run recorded its package on the
    // cancelled row and died before its cancel command.
    await pool.query(
      "UPDATE shipbridge_shopify_shipments SET status = 'cancelled' WHERE shop = $1 AND order_id = $2",
      [SHOP, "5104"],
    );
    const inShopify = harness.fake.order(SHOP, "gid://shopify/Order/5104");
    if (inShopify) inShopify.cancelledAt = new Date().toISOString();
    const recorded = await loadShipment(pool, SHOP, "5104");
    expect(recorded?.packageId).toBeDefined();
    // The cancellation is delivered again after the restart.
    const second = await harness.app();
    const cancelled = { ...placed, cancelled_at: new Date().toISOString() };
    expect((await harness.deliver(second, SHOP, "orders/cancelled", cancelled)).status).toBe(200);
    const service = await harness.serviceClient();
    await until(
      async () => (await service.packages.get(recorded?.packageId as number)).state === "canceled",
      "the package's cancellation",
      300,
    );
    const command = await service.cancelCommands.get(
      cancelCommandId(SHOP, "5104", harness.fulfillmentOrderIds(SHOP, "5104")[0]),
    );
    expect(command.successfully_canceled_packages).toEqual([
      expect.objectContaining({ package_id: recorded?.packageId }),
    ]);
    expect((await loadShipment(pool, SHOP, "5104"))?.status).toBe("cancelled");
    expect(inShopify?.fulfillments).toEqual([]);
  }, 60_000);

  it("a cancellation processed while the fulfilment step waits cancels instead of fulfilling", async () => {
    const shop = "crash-cancel-shop.myshopify.com";
    const app = await harness.app();
    // Tokens that always need renewing: the fulfilment step's renewal is where it waits.
    harness.fake.setAccessTokenLifetime(60);
    await harness.ready(app, shop);
    // The first renewal reads the order before shipping; the second, held, is the fulfilment step's.
    const reading = harness.fake.holdNext("refresh_token");
    const placed = harness.order(shop, 5201);
    expect((await harness.deliver(app, shop, "orders/paid", placed)).status).toBe(200);
    await reading.reached;
    const hold = harness.fake.holdNext("refresh_token");
    reading.release();
    try {
      await hold.reached;
      harness.fake.setAccessTokenLifetime(3600);
      const shipped = await loadShipment(pool, shop, "5201");
      expect(shipped?.status).toBe("shipped");
      // The order is cancelled in Shopify and its cancellation arrives now (its
      // own read of the order waits for the same renewal); whichever step runs
      // first, the recorded package is cancelled at the service, not fulfilled.
      const cancelled = { ...placed, cancelled_at: new Date().toISOString() };
      harness.fake.updateOrder(shop, cancelled);
      expect((await harness.deliver(app, shop, "orders/cancelled", cancelled)).status).toBe(200);
    } finally {
      hold.release();
    }
    await harness.settled(shop, "5201", ["cancelled", "cancelled_after_order"]);
    await harness.waitForInbox(shop, "5201");
    const row = await loadShipment(pool, shop, "5201");
    expect(row?.status).toBe("cancelled");
    expect(row?.fulfillmentId).toBeUndefined();
    expect(harness.fake.order(shop, "gid://shopify/Order/5201")?.fulfillments).toEqual([]);
    expect(
      harness.fake.calls.filter((call) => call.shop === shop && call.name === "FulfillmentCreate"),
    ).toEqual([]);
    const service = await harness.serviceClient();
    expect((await service.packages.get(row?.packageId as number)).state).toBe("canceled");
    const ledger = await harness.ledger(shop, "5201");
    expect(ledger).toEqual({ packageIds: [row?.packageId], charges: 1 });
  });

  it("an order cancelled while a shipment that failed after paying waits to retry: refunded", async () => {
    const app = await harness.app();
    const placed = order(5301);
    // The order command succeeds (the package is paid), then reading the label keeps failing.
    await harness.sandbox.control("/faults", { status: 503, path: "/packages/*/label" });
    try {
      await deliver(app, placed);
      await until(async () => (await harness.ledger(SHOP, "5301")).charges === 1, "the charge");
      expect((await loadShipment(pool, SHOP, "5301"))?.packageId).toBeUndefined();
      // The cancellation comes while the shipment's job waits for its next try.
      const cancelled = { ...placed, cancelled_at: new Date().toISOString() };
      harness.fake.updateOrder(SHOP, cancelled);
      expect((await harness.deliver(app, SHOP, "orders/cancelled", cancelled)).status).toBe(200);
      await harness.settled(SHOP, "5301", ["cancelled", "cancelled_after_order"]);
    } finally {
      await harness.sandbox.control("/faults", undefined, "DELETE");
    }
    // The shipment's retry finds the paid package and cancels it: the charge is refunded.
    const [packageId] = (await harness.ledger(SHOP, "5301")).packageIds;
    const service = await harness.serviceClient();
    await until(
      async () => (await service.packages.get(packageId as number)).state === "canceled",
      "the package's cancellation",
      300,
    );
    const row = await loadShipment(pool, SHOP, "5301");
    expect(row?.status).toBe("cancelled");
    expect(row?.packageId).toBe(packageId);
    expect(harness.fake.order(SHOP, "gid://shopify/Order/5301")?.fulfillments).toEqual([]);
    const command = await service.cancelCommands.get(
      cancelCommandId(SHOP, "5301", harness.fulfillmentOrderIds(SHOP, "5301")[0]),
    );
    expect(command.successfully_canceled_packages).toEqual([
      expect.objectContaining({ package_id: packageId }),
    ]);
  }, 60_000);
});
