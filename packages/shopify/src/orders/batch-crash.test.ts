// A batch whose instance is killed (SIGKILL, in a process of its own) part
// way through, then taken over by another instance once the dead one's job
// stops beating: killed after an order command was accepted but before its
// answer came back, or while Shopify was making a fulfilment. Either way
// every order of the batch ends fulfilled once, with one package, one
// charge and one fulfilment, and the batch is done.
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import type { ShopifyAppConfig } from "../config/app-config.ts";
import { loadBatch } from "../store/batches.ts";
import { loadShipment } from "../store/shipments.ts";
import { eventually } from "../test-support/eventually.ts";
import { serveFakeShopify } from "../test-support/fake-shopify-bridge.ts";
import { APP_URL, KEYS, SERVICE, useHarness } from "../test-support/harness.ts";

const harness = useHarness();
const SHOP = "batch-crash-shop.myshopify.com";
/** A short heartbeat and upkeep pass, so a takeover takes seconds. */
const FAST = { jobHeartbeatSeconds: 10, superviseIntervalSeconds: 1 } as const;
const PROCESS = fileURLToPath(new URL("../test-support/app-process.ts", import.meta.url));
let installer: ShopifyApp;
let bridge: Awaited<ReturnType<typeof serveFakeShopify>>;
const children: ChildProcess[] = [];

beforeAll(async () => {
  installer = await harness.app({ runWorkers: false, ...FAST });
  await harness.ready(installer, SHOP, { shipOn: "manual" });
  bridge = await serveFakeShopify(harness.fake);
}, 60_000);

afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  await bridge?.close();
});

/** An app instance with workers in a process of its own; resolves once its workers run. */
async function startProcess(retry: { limit: number; baseDelayMs: number; maxDelayMs: number }) {
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
      client: { retry },
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

async function kill(child: ChildProcess): Promise<void> {
  const ended = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await ended;
}

/** Orders placed and paid, waiting for the merchant (an instance that then stops heard of them). */
async function waiting(ids: number[]) {
  const heard = await harness.app(FAST);
  for (const id of ids) {
    await harness.deliverPaid(heard, SHOP, harness.order(SHOP, id));
    await harness.settled(SHOP, String(id), ["waiting"]);
  }
  await heard.close();
}

async function shippedOnce(orderId: string) {
  const row = await loadShipment(harness.pool, SHOP, orderId);
  expect(row?.status).toBe("fulfilled");
  expect(await harness.ledger(SHOP, orderId)).toEqual({
    packageIds: [row?.packageId],
    charges: 1,
  });
  expect(harness.fake.order(SHOP, `gid://shopify/Order/${orderId}`)?.fulfillments).toHaveLength(1);
}

async function batchDone(id: string) {
  await eventually(
    async () => (await loadBatch(harness.pool, SHOP, id))?.status === "done",
    `batch ${id}`,
    1_200,
  );
  // pg-boss completes the job once its handler has returned, a moment after
  // the batch is done: wait for the job to settle before reading it.
  const job = async () =>
    (
      await harness.pool.query(
        "SELECT state, retry_count FROM pgboss.job WHERE name = 'shipbridge-shopify-batch' AND data->>'batchId' = $1",
        [id],
      )
    ).rows;
  await eventually(
    async () => (await job()).every((row: { state: string }) => row.state !== "active"),
    `batch ${id}'s job settled`,
    1_200,
  );
  // The dead instance's run was failed and run again by the live one.
  expect(await job()).toEqual([{ state: "completed", retry_count: 1 }]);
}

describe("a batch whose instance is killed part way", () => {
  it("after its order command was accepted, before the answer came: resumed, bought once", async () => {
    const ids = [9501, 9502, 9503];
    await waiting(ids);
    // The service accepts the batch's order command but its answer is lost; the
    // killed instance would have asked again only after 20 s.
    await harness.sandbox.control("/faults", {
      status: 503,
      after: true,
      method: "PUT",
      path: "/order-commands/*",
      count: 1,
    });
    const child = await startProcess({ limit: 3, baseDelayMs: 20_000, maxDelayMs: 20_000 });
    const before = (await harness.sandbox.control("/stats")) as {
      rest: { order_commands: number };
    };
    const batch = await installer.merchant(SHOP).shipBatch(ids.map(String));
    const id = batch?.id ?? "";
    await eventually(
      async () => {
        const { faults } = (await harness.sandbox.control("/faults")) as {
          faults: { fired: number }[];
        };
        return faults.some((fault) => fault.fired > 0);
      },
      "the lost answer",
      300,
    );
    await kill(child);
    await harness.sandbox.control("/faults", undefined, "DELETE");
    const commands = (await harness.sandbox.control("/stats")) as {
      rest: { order_commands: number };
    };
    // The service holds the command the dead instance sent; nothing was fulfilled.
    expect(commands.rest.order_commands).toBe(before.rest.order_commands + 1);
    for (const orderId of ids) {
      expect(harness.fake.order(SHOP, `gid://shopify/Order/${orderId}`)?.fulfillments).toEqual([]);
    }

    const live = await harness.app(FAST);
    await batchDone(id);
    for (const orderId of ids) await shippedOnce(String(orderId));
    // The command the dead instance sent was found, not sent again.
    const after = (await harness.sandbox.control("/stats")) as { rest: { order_commands: number } };
    expect(after.rest.order_commands).toBe(commands.rest.order_commands);
    await live.close();
  }, 180_000);

  it("while Shopify was making a fulfilment: resumed, each order fulfilled once", async () => {
    const ids = [9601, 9602, 9603];
    await waiting(ids);
    const hold = harness.fake.holdNext("FulfillmentCreate");
    const child = await startProcess({ limit: 8, baseDelayMs: 5, maxDelayMs: 50 });
    const batch = await installer.merchant(SHOP).shipBatch(ids.map(String));
    const id = batch?.id ?? "";
    try {
      await hold.reached;
      await kill(child);
    } finally {
      // Shopify makes the fulfilment all the same; its answer goes nowhere.
      hold.release();
    }
    expect((await loadBatch(harness.pool, SHOP, id))?.status).toBe("running");

    const live = await harness.app(FAST);
    await batchDone(id);
    for (const orderId of ids) await shippedOnce(String(orderId));
    await live.close();
  }, 180_000);

  it("on its last try, orders the service could not take need attention; Retry ships them once", async () => {
    const ids = [9651, 9652];
    await waiting(ids);
    // Batch jobs get no retry from now on; the service refuses every order command.
    const live = await harness.app({ ...FAST, jobRetryLimit: 0 });
    const fault = (await harness.sandbox.control("/faults", {
      status: 503,
      method: "PUT",
      path: "/order-commands/*",
    })) as { id: string };
    let id = "";
    try {
      id = (await installer.merchant(SHOP).shipBatch(ids.map(String)))?.id ?? "";
      await eventually(
        async () => (await loadBatch(harness.pool, SHOP, id))?.status === "done",
        `batch ${id}`,
        600,
      );
    } finally {
      await harness.sandbox.control(`/faults/${fault.id}`, undefined, "DELETE");
    }
    const details = await live.merchant(SHOP).batch(id, { language: "en" });
    expect(details?.counts).toMatchObject({ needs_attention: 2, fulfilled: 0 });
    for (const orderId of ids) {
      const row = await loadShipment(harness.pool, SHOP, String(orderId));
      expect(row?.status).toBe("needs_attention");
      // The batch's own last try said why (not the dead-letter queue's worker_lost).
      expect(row?.issues).toHaveLength(1);
      expect(row?.issues[0]).toMatchObject({
        path: "order",
        message: expect.stringMatching(/^Wysyłka nie powiodła się 1 raz/),
      });
      expect(row?.issues[0]?.rule).not.toBe("worker_lost");
      expect((await harness.ledger(SHOP, String(orderId))).charges).toBe(0);
    }
    // The merchant retries each once the service is back: one package, one charge.
    for (const orderId of ids) await live.merchant(SHOP).ship(String(orderId));
    for (const orderId of ids) {
      await harness.settled(SHOP, String(orderId), ["fulfilled"], 300);
      await shippedOnce(String(orderId));
    }
    await live.close();
  }, 180_000);
});
