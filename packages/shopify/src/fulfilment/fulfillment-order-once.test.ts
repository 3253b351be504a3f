// Once only, keyed on fulfillment orders: an order of two fulfillment orders
// (two locations) is two packages, two charges and two fulfilments, never
// more: under ten deliveries raced over two app instances; when the
// instance shipping it is killed (SIGKILL, in a process of its own) while
// Shopify makes the first fulfilment, and another instance takes the job
// over; and in a batch, which buys per fulfillment order too.

import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import type { ShopifyAppConfig } from "../config/app-config.ts";
import { batchPackages, loadBatch } from "../store/batches.ts";
import { loadOrderShipments } from "../store/shipments.ts";
import { eventually } from "../test-support/eventually.ts";
import { serveFakeShopify } from "../test-support/fake-shopify-bridge.ts";
import { APP_URL, KEYS, SERVICE, useHarness } from "../test-support/harness.ts";

const harness = useHarness();
const SHOP = "fo-once-shop.myshopify.com";
const MANUAL = "fo-once-manual.myshopify.com";
/** A short heartbeat and upkeep pass, so a takeover takes seconds. */
const FAST = { jobHeartbeatSeconds: 10, superviseIntervalSeconds: 1 } as const;
const PROCESS = fileURLToPath(new URL("../test-support/app-process.ts", import.meta.url));
const WAREHOUSE = {
  id: "gid://shopify/Location/2",
  name: "Warehouse Gdynia",
  address: { address1: "ul. Portowa 7", city: "Gdynia", zip: "81-337", countryCode: "PL" },
};
const TWO_LOCATIONS = {
  fulfillmentOrders: [{ lineItemIds: [1] }, { lineItemIds: [2], location: WAREHOUSE }],
};
let installer: ShopifyApp;
let bridge: Awaited<ReturnType<typeof serveFakeShopify>>;
const children: ChildProcess[] = [];

beforeAll(async () => {
  installer = await harness.app({ runWorkers: false, ...FAST });
  await harness.ready(installer, SHOP);
  await harness.ready(installer, MANUAL, { shipOn: "manual" });
  bridge = await serveFakeShopify(harness.fake);
}, 60_000);

afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  await bridge?.close();
});

/** Two packages, two charges, two fulfilments: each of exactly its fulfillment order's lines. */
async function shippedOncePerFulfillmentOrder(shop: string, orderId: string) {
  const rows = await loadOrderShipments(harness.pool, shop, orderId);
  expect(rows.map((row) => row.status)).toEqual(["fulfilled", "fulfilled"]);
  const ledger = await harness.ledger(shop, orderId);
  expect(ledger.packageIds.sort()).toEqual(rows.map((row) => row.packageId).sort());
  expect(ledger.charges).toBe(2);
  const fake = harness.fake.order(shop, `gid://shopify/Order/${orderId}`);
  expect(fake?.fulfillments).toHaveLength(2);
  const byFulfillmentOrder = (fake?.fulfillmentOrders ?? []).map((fo) =>
    fo.lineItems.map((line) => line.id),
  );
  expect(fake?.fulfillments.map((f) => f.lineItems.map((line) => line.id))).toEqual(
    expect.arrayContaining(byFulfillmentOrder),
  );
  expect(new Set(rows.map((row) => row.fulfillmentId)).size).toBe(2);
}

async function startProcess(): Promise<ChildProcess> {
  const config: ShopifyAppConfig = {
    ...KEYS,
    appUrl: APP_URL,
    databaseUrl: harness.databaseUrl,
    pollingIntervalSeconds: 0.5,
    ...FAST,
    shipping: {
      baseUrl: harness.sandbox.baseUrl,
      accountUrl: harness.sandbox.accountUrl,
      ...SERVICE,
      client: { retry: { limit: 8, baseDelayMs: 5, maxDelayMs: 50 } },
    },
  };
  const child = spawn(process.execPath, ["--conditions=@shipbridge/source", PROCESS], {
    env: {
      ...process.env,
      APP_CONFIG: JSON.stringify(config),
      FAKE_SHOPIFY_BRIDGE: bridge.url,
      SANDBOX_CLOCK: "advance",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stderr?.on("data", (chunk) => {
    output += String(chunk);
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk) => {
      if (String(chunk).includes("ready")) resolve();
    });
    child.on("exit", (code) => reject(new Error(`the app process ended (${code}): ${output}`)));
  });
  return child;
}

describe("one package per fulfillment order", () => {
  it("ten deliveries over two instances: two packages, two charges, two fulfilments", async () => {
    const [appA, appB] = [await harness.app(FAST), await harness.app(FAST)];
    try {
      const order = harness.order(SHOP, 9701, {}, TWO_LOCATIONS);
      const retried = randomUUID();
      const ids = [...Array(5).fill(retried), ...Array.from({ length: 5 }, () => randomUUID())];
      const responses = await Promise.all(
        ids.map((webhookId, index) =>
          harness.deliver(index % 2 === 0 ? appA : appB, SHOP, "orders/paid", order, { webhookId }),
        ),
      );
      expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
      await harness.settled(SHOP, "9701", ["fulfilled", "needs_attention"], 600);
      await harness.waitForInbox(SHOP, "9701");
      await shippedOncePerFulfillmentOrder(SHOP, "9701");
    } finally {
      await Promise.all([appA.close(), appB.close()]);
    }
  }, 180_000);

  it("the instance killed while Shopify makes the first fulfilment: taken over, each once", async () => {
    const order = harness.order(SHOP, 9702, {}, TWO_LOCATIONS);
    const hold = harness.fake.holdNext("FulfillmentCreate");
    const child = await startProcess();
    await harness.deliverPaid(installer, SHOP, order);
    try {
      await hold.reached;
      const ended = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await ended;
    } finally {
      // Shopify makes the fulfilment all the same; its answer goes nowhere.
      hold.release();
    }
    // One parcel was bought and its fulfilment made; the other not yet.
    expect((await harness.ledger(SHOP, "9702")).charges).toBe(1);
    expect(harness.fake.order(SHOP, "gid://shopify/Order/9702")?.fulfillments).toHaveLength(1);

    const live = await harness.app(FAST);
    try {
      await harness.settled(SHOP, "9702", ["fulfilled"], 1_200);
      await harness.waitForInbox(SHOP, "9702");
      await shippedOncePerFulfillmentOrder(SHOP, "9702");
    } finally {
      await live.close();
    }
  }, 180_000);

  it("a batch buys one parcel per fulfillment order, and its documents cover both", async () => {
    const heard = await harness.app(FAST);
    try {
      await harness.deliverPaid(heard, MANUAL, harness.order(MANUAL, 9703, {}, TWO_LOCATIONS));
      await harness.settled(MANUAL, "9703", ["waiting"]);
      const batch = await heard.merchant(MANUAL).shipBatch(["9703"]);
      const id = batch?.id ?? "";
      await eventually(
        async () => (await loadBatch(harness.pool, MANUAL, id))?.status === "done",
        `batch ${id}`,
        1_200,
      );
      await shippedOncePerFulfillmentOrder(MANUAL, "9703");
      const packages = await batchPackages(harness.pool, MANUAL, id);
      expect(packages.map((entry) => entry.packageId).sort()).toEqual(
        (await harness.ledger(MANUAL, "9703")).packageIds.sort(),
      );
      const details = await heard.merchant(MANUAL).batch(id, { language: "en" });
      expect(details?.counts).toMatchObject({ fulfilled: 1 });
    } finally {
      await heard.close();
    }
  }, 180_000);
});
