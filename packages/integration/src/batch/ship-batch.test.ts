// shipBatch end to end against the sandbox over real HTTP, in sandbox time
// (sleeping moves the sandbox's clock): invalid orders beside valid ones, the
// chunks (counted with /_sandbox/stats), reruns after an abort at several
// points, shipOrder racing it on one order, a rerun while a crashed run's
// leases still last, and one chunk's order command failing under an
// injected fault. Every test checks the ledger: one package
// and one charge per order, whatever happened.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type BatchProgress,
  isValidationError,
  type ShipBatchOptions,
  type ShipBatchResult,
  type ShippingClient,
  SqliteTokenStore,
  type StoreOrderInput,
  shipBatch,
  shipOrder,
  shipOrderReference,
} from "@shipbridge/core";
import { chunkCommandId } from "@shipbridge/core/internal";
import { SENDER, sampleOrder } from "@shipbridge/core/testing";
import { afterAll, describe, expect, it } from "vitest";
import { orderLedger } from "../testing/order-ledger.ts";
import { DEMO, onPackageCreation, sandboxTime } from "../testing/sandbox-server.ts";
import { FAST_RETRY, useSandbox } from "../testing/shared-sandbox.ts";

const STORE = "shop-batch";
const sandbox = useSandbox({ clearFaultsAfterEach: true, client: { retry: FAST_RETRY } });

function options(batchId: string, more: Partial<ShipBatchOptions> = {}): ShipBatchOptions {
  return { storeId: STORE, sender: SENDER, batchId, ...more };
}

function orders(prefix: string, count: number): StoreOrderInput[] {
  return Array.from({ length: count }, (_, i) => sampleOrder({ id: `${prefix}-${i + 1}` }));
}

interface RestStats {
  packages: number;
  order_commands: number;
  charges: number;
}

async function restStats(): Promise<RestStats> {
  const stats = (await sandbox.control("/stats")) as { rest: RestStats };
  return stats.rest;
}

function delta(after: RestStats, before: RestStats): RestStats {
  return {
    packages: after.packages - before.packages,
    order_commands: after.order_commands - before.order_commands,
    charges: after.charges - before.charges,
  };
}

/** Every order: exactly one package under its reference, charged once. */
async function expectEachShippedOnce(orderIds: readonly string[]): Promise<number[]> {
  const client = sandbox.timedClient();
  const ids: number[] = [];
  for (const orderId of orderIds) {
    const ledger = await orderLedger(client, shipOrderReference(STORE, orderId));
    expect({ orderId, packages: ledger.ids.length, charges: ledger.charges }).toEqual({
      orderId,
      packages: 1,
      charges: 1,
    });
    ids.push(ledger.ids[0] as number);
  }
  return ids;
}

function shippedIds(result: ShipBatchResult): string[] {
  return result.shipped.map((shipment) => shipment.orderId);
}

describe("shipBatch", () => {
  it("ships the valid orders and reports each invalid one with its issues, holding up none", async () => {
    const before = await restStats();
    const good = orders("mixed", 5);
    const noPostcode = sampleOrder({
      id: "mixed-bad-postcode",
      shipping_address: { ...sampleOrder().shipping_address, postcode: "" },
    });
    const otherTown = sampleOrder({
      id: "mixed-other-town",
      shipping_address: { ...sampleOrder().shipping_address, postcode: "30-001" },
    });
    const events: BatchProgress[] = [];
    const result = await shipBatch(
      sandbox.timedClient(),
      [good[0], noPostcode, good[1], good[2], otherTown, good[3], good[4]] as StoreOrderInput[],
      options("mixed", { onProgress: (progress) => events.push(progress) }),
    );
    expect(shippedIds(result)).toEqual(["mixed-1", "mixed-2", "mixed-3", "mixed-4", "mixed-5"]);
    for (const shipment of result.shipped) {
      expect(shipment.trackingNumbers).toHaveLength(1);
      expect(shipment.trackingUrls).toHaveLength(1);
      expect(shipment.service).toBe("dpd");
      expect(shipment.labelled).toBe(true);
      expect(shipment.commandId).toBe(chunkCommandId(STORE, "mixed", 0, 0));
    }
    expect(result.failed.map((f) => [f.orderId, f.retryable])).toEqual([
      ["mixed-bad-postcode", false],
      ["mixed-other-town", false],
    ]);
    const [missing, mismatch] = result.failed;
    expect(isValidationError(missing?.error)).toBe(true);
    expect(isValidationError(mismatch?.error)).toBe(true);
    const rules = (failure: typeof missing) =>
      ((failure?.error ?? {}) as { issues?: { path: string; rule: string }[] }).issues?.map(
        (issue) => `${issue.path} ${issue.rule}`,
      );
    expect(rules(missing)?.some((rule) => rule.includes("postcode"))).toBe(true);
    expect(rules(mismatch)).toEqual(["order.shipping_address.postcode postcode_city_mismatch"]);
    // Labels are checked once per command, and the file is not kept.
    expect(result.commandIds).toEqual([chunkCommandId(STORE, "mixed", 0, 0)]);
    await expectEachShippedOnce(shippedIds(result));
    expect(delta(await restStats(), before)).toEqual({
      packages: 5,
      order_commands: 1,
      charges: 5,
    });
    // Progress: every order created, ordered and labelled or failed, "done" last.
    const last = events.at(-1);
    expect(last).toMatchObject({
      event: "done",
      total: 7,
      created: 5,
      ordered: 5,
      labelled: 5,
      failed: 2,
      remainingMs: 0,
    });
    expect(events.filter((e) => e.event === "failed").map((e) => e.orderId)).toEqual([
      "mixed-bad-postcode",
      "mixed-other-town",
    ]);
    expect(events.filter((e) => e.event === "labelled")).toHaveLength(5);
    expect(events.some((e) => e.event === "labelled" && e.remainingMs !== undefined)).toBe(true);
  });

  it("orders chunkSize packages per order command: 12 orders in chunks of 5 are 3 commands", async () => {
    const before = await restStats();
    const batch = orders("chunked", 12);
    const result = await shipBatch(
      sandbox.timedClient(),
      batch,
      options("chunked", { chunkSize: 5, concurrency: 4 }),
    );
    expect(result.failed).toEqual([]);
    expect(shippedIds(result)).toEqual(batch.map((order) => String(order.id)));
    const chunks = [0, 1, 2].map((chunk) => chunkCommandId(STORE, "chunked", chunk, 0));
    expect(result.commandIds.toSorted()).toEqual(chunks.toSorted());
    expect(result.shipped.map((shipment) => shipment.commandId)).toEqual([
      ...Array(5).fill(chunks[0]),
      ...Array(5).fill(chunks[1]),
      ...Array(2).fill(chunks[2]),
    ]);
    const client = sandbox.timedClient();
    for (const [index, chunk] of chunks.entries()) {
      const command = await client.orderCommands.get(chunk);
      expect(command.successfully_ordered_packages?.map((p) => p.package_id)).toEqual(
        result.shipped.slice(index * 5, index * 5 + 5).map((shipment) => shipment.packageId),
      );
      // The tracking numbers are the command's own.
      expect(command.successfully_ordered_packages?.map((p) => p.parcels?.[0]?.package_no)).toEqual(
        result.shipped.slice(index * 5, index * 5 + 5).map((s) => s.trackingNumbers[0]),
      );
    }
    await expectEachShippedOnce(shippedIds(result));
    expect(delta(await restStats(), before)).toEqual({
      packages: 12,
      order_commands: 3,
      charges: 12,
    });
  });

  it("polls a chunk's command when the service says, from the PUT's answer, and reads no other uuid", async () => {
    const { clock, sleep } = sandboxTime(sandbox);
    const log: string[] = [];
    const logging: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      const response = await fetch(request);
      const path = new URL(request.url).pathname;
      if (path.startsWith("/order-commands/") || path.endsWith("/label")) {
        const at = path.endsWith("/label") ? "label" : path.slice("/order-commands/".length);
        log.push(`${request.method} ${at} ${response.status}`);
      }
      return response;
    };
    const client = sandbox.client({
      clock,
      fetch: logging,
      sleep: (ms, signal) => {
        // What is left of a Retry-After when the client sleeps: the sandbox
        // clock's few milliseconds since the answer come off it, so round up.
        log.push(`sleep ${Math.ceil(ms / 100) * 100}`);
        return sleep(ms, signal);
      },
    });
    const result = await shipBatch(client, orders("polled", 3), options("polled"));
    expect(result.failed).toEqual([]);
    const chunk = chunkCommandId(STORE, "polled", 0, 0);
    // Looked up once, sent, then read when its Retry-After says (queueing: 2 s,
    // running: 3 s) until final; the next attempt's uuid is never read, as
    // every package of the chunk is ordered.
    expect(log.slice(0, log.indexOf("GET label 204"))).toEqual([
      `GET ${chunk} 404`,
      `PUT ${chunk} 202`,
      "sleep 2000",
      `GET ${chunk} 200`,
      "sleep 3000",
      `GET ${chunk} 200`,
    ]);
  });

  it("run again, finds every package and command and buys nothing", async () => {
    const batch = orders("again", 6);
    const first = await shipBatch(sandbox.timedClient(), batch, options("again", { chunkSize: 4 }));
    const before = await restStats();
    const second = await shipBatch(
      sandbox.timedClient(),
      batch,
      options("again", { chunkSize: 4 }),
    );
    expect(delta(await restStats(), before)).toEqual({
      packages: 0,
      order_commands: 0,
      charges: 0,
    });
    expect(second).toEqual(first);
  });
});

describe("shipBatch stopped by its signal, then run again", () => {
  /** A client whose fetch aborts `controller` once a request matching `when` has been answered. */
  function abortingClient(
    controller: AbortController,
    when: (method: string, path: string) => boolean,
  ): ShippingClient {
    const fetchThenAbort: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      const response = await fetch(request);
      const path = new URL(request.url).pathname;
      if (when(request.method, path)) controller.abort(new Error("the merchant stopped"));
      return response;
    };
    return sandbox.client({ ...sandboxTime(sandbox), fetch: fetchThenAbort });
  }

  /** The nth answer to a request matching `matches`. */
  const nth =
    (n: number, matches: (method: string, path: string) => boolean) =>
    (): ((method: string, path: string) => boolean) => {
      let seen = 0;
      return (method, path) => matches(method, path) && ++seen === n;
    };

  const points: [string, () => (method: string, path: string) => boolean][] = [
    ["after the third package is created", nth(3, (m, p) => m === "POST" && p === "/packages")],
    [
      "just after the first order command is sent",
      nth(1, (m, p) => m === "PUT" && p.startsWith("/order-commands/")),
    ],
    [
      "while a command is polled",
      nth(2, (m, p) => m === "GET" && p.startsWith("/order-commands/")),
    ],
    ["while the labels are awaited", nth(1, (m, p) => m === "GET" && p.endsWith("/label"))],
  ];

  it.each(points)("%s: the rerun ships every order once", async (name, when) => {
    const batchId = `abort-${points.findIndex(([n]) => n === name)}`;
    const batch = orders(batchId, 7);
    const before = await restStats();
    const controller = new AbortController();
    const stopped = shipBatch(
      abortingClient(controller, when()),
      batch,
      options(batchId, { chunkSize: 4, concurrency: 2, signal: controller.signal }),
    );
    await expect(stopped).rejects.toThrow("the merchant stopped");
    const result = await shipBatch(
      sandbox.timedClient(),
      batch,
      options(batchId, { chunkSize: 4 }),
    );
    expect(result.failed).toEqual([]);
    expect(shippedIds(result)).toEqual(batch.map((order) => String(order.id)));
    await expectEachShippedOnce(shippedIds(result));
    const spent = delta(await restStats(), before);
    expect({ packages: spent.packages, charges: spent.charges }).toEqual({
      packages: 7,
      charges: 7,
    });
    // One command per chunk: the rerun found the ones sent before it stopped.
    expect(spent.order_commands).toBe(2);
  });
});

describe("shipBatch and shipOrder on one order at the same moment, in one process", () => {
  it.each([
    ["shipOrder first", true],
    ["shipBatch first", false],
  ])("%s: one package, one charge, the same package in both results", async (name, orderFirst) => {
    const prefix = orderFirst ? "race-order-first" : "race-batch-first";
    const batch = orders(prefix, 4);
    const contested = batch[2] as StoreOrderInput;
    // Slow creations, so that both are at work on the order at once.
    await sandbox.injectFaults(onPackageCreation({ latency_ms: 150 }));
    const before = await restStats();
    const single = () =>
      shipOrder(sandbox.timedClient(), contested, { storeId: STORE, sender: SENDER });
    const many = () => shipBatch(sandbox.timedClient(), batch, options(prefix));
    const [one, all] = orderFirst
      ? await Promise.all([single(), many()])
      : await Promise.all([many(), single()]).then(([b, o]) => [o, b] as const);
    expect(all.failed).toEqual([]);
    const inBatch = all.shipped.find((shipment) => shipment.orderId === String(contested.id));
    expect(inBatch?.packageId).toBe(one.packageId);
    expect(inBatch?.trackingNumbers).toEqual(one.trackingNumbers);
    await expectEachShippedOnce(shippedIds(all));
    const spent = delta(await restStats(), before);
    expect({ packages: spent.packages, charges: spent.charges }).toEqual({
      packages: 4,
      charges: 4,
    });
    expect(name).toBeTruthy();
  });
});

describe("the command each shipment names", () => {
  /** Whether the command exists and ordered the package. */
  async function ordered(commandId: string, packageId: number): Promise<boolean> {
    const command = await sandbox.timedClient().orderCommands.get(commandId);
    return (command.successfully_ordered_packages ?? []).some((p) => p.package_id === packageId);
  }

  it("one batch run twice at once in one process: each shipment names the chunk command that ordered it", async () => {
    const batch = orders("twin", 6);
    await sandbox.injectFaults(onPackageCreation({ latency_ms: 100 }));
    const runs = await Promise.all([
      shipBatch(sandbox.timedClient(), batch, options("twin")),
      shipBatch(sandbox.timedClient(), batch, options("twin")),
    ]);
    const chunkCommands = [0, 1, 2].map((attempt) => chunkCommandId(STORE, "twin", 0, attempt));
    for (const run of runs) {
      expect(run.failed).toEqual([]);
      for (const shipment of run.shipped) {
        // Also an order the other run held, shipped here through shipOrder.
        expect(chunkCommands).toContain(shipment.commandId);
        expect(await ordered(shipment.commandId as string, shipment.packageId)).toBe(true);
        expect(run.commandIds).toContain(shipment.commandId);
      }
    }
    await expectEachShippedOnce(shippedIds(runs[0] as ShipBatchResult));
  });

  it("two batches sharing orders at once: a shipment names the command that ordered it, or none", async () => {
    await sandbox.injectFaults(onPackageCreation({ latency_ms: 100 }));
    const order = (i: number) => sampleOrder({ id: `overlap-${i}` });
    const [a, b] = await Promise.all([
      shipBatch(sandbox.timedClient(), [1, 2, 3, 4].map(order), options("overlap-a")),
      shipBatch(sandbox.timedClient(), [3, 4, 5, 6].map(order), options("overlap-b")),
    ]);
    const unnamed: string[] = [];
    for (const shipment of [...(a?.shipped ?? []), ...(b?.shipped ?? [])]) {
      if (shipment.commandId === undefined) unnamed.push(shipment.orderId);
      else expect(await ordered(shipment.commandId, shipment.packageId)).toBe(true);
    }
    // Orders 3 and 4 were each ordered by one batch's chunk; the other batch
    // found them ordered by a command it does not know, and says so.
    expect(unnamed.toSorted()).toEqual(["overlap-3", "overlap-4"]);
    await expectEachShippedOnce([1, 2, 3, 4, 5, 6].map((i) => `overlap-${i}`));
  });
});

describe("shipBatch run again while a crashed run's leases still last", () => {
  const dir = mkdtempSync(join(tmpdir(), "shipbridge-batch-leases-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("takes those orders once the leases run out and orders them under the chunk's next attempt", async () => {
    const lock = new SqliteTokenStore(join(dir, "lock.db"));
    try {
      const batch = orders("leased", 6);
      // The crashed run held the leases of the first four orders, as it takes
      // them; they run out a second from now (30 s after a real crash).
      for (const order of batch.slice(0, 4)) {
        const key = `shipbridge:ship-order:${STORE}:${String(order.id)}`;
        expect(lock.acquireLease(key, "the crashed run", 1_000)).toBe(true);
      }
      const before = await restStats();
      const result = await shipBatch(sandbox.timedClient(), batch, options("leased", { lock }));
      expect(result.failed).toEqual([]);
      expect(shippedIds(result)).toEqual(batch.map((order) => String(order.id)));
      const [first, next] = [0, 1].map((attempt) => chunkCommandId(STORE, "leased", 0, attempt));
      // The free orders go first; the four the leases held join them under
      // the chunk's next attempt, not one command each through shipOrder.
      expect(result.shipped.map((shipment) => shipment.commandId)).toEqual([
        next,
        next,
        next,
        next,
        first,
        first,
      ]);
      expect(result.commandIds).toEqual([first, next]);
      await expectEachShippedOnce(shippedIds(result));
      expect(delta(await restStats(), before)).toEqual({
        packages: 6,
        order_commands: 2,
        charges: 6,
      });
    } finally {
      lock.close();
    }
  });
});

describe("shipBatch when one chunk's order command fails", () => {
  it("goes on with the other chunks while one chunk's command is answered slowly", async () => {
    const batch = orders("slow", 6);
    const slow = chunkCommandId(STORE, "slow", 0, 0);
    await sandbox.injectFaults({
      latency_ms: 1_500,
      path: `/order-commands/${slow}`,
      method: "PUT",
    });
    const answered: string[] = [];
    const recording: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      const response = await fetch(request);
      const path = new URL(request.url).pathname;
      if (request.method === "PUT" && path.startsWith("/order-commands/")) answered.push(path);
      return response;
    };
    const result = await shipBatch(
      sandbox.client({ ...sandboxTime(sandbox), fetch: recording }),
      batch,
      options("slow", { chunkSize: 3 }),
    );
    expect(result.failed).toEqual([]);
    // Chunk 1 was sent and answered while chunk 0's command was still on its way.
    expect(answered).toEqual([
      `/order-commands/${chunkCommandId(STORE, "slow", 1, 0)}`,
      `/order-commands/${slow}`,
    ]);
    await expectEachShippedOnce(shippedIds(result));
  });

  it("ships the other chunks, reports that chunk's orders as retryable, and a rerun ships them once", async () => {
    const batch = orders("fault", 9);
    const failing = chunkCommandId(STORE, "fault", 1, 0);
    await sandbox.injectFaults({ status: 503, path: `/order-commands/${failing}`, method: "PUT" });
    const before = await restStats();
    const first = await shipBatch(sandbox.timedClient(), batch, options("fault", { chunkSize: 3 }));
    expect(shippedIds(first)).toEqual([
      "fault-1",
      "fault-2",
      "fault-3",
      "fault-7",
      "fault-8",
      "fault-9",
    ]);
    expect(first.failed.map((f) => [f.orderId, f.retryable, f.error.code])).toEqual([
      ["fault-4", true, "service_unavailable"],
      ["fault-5", true, "service_unavailable"],
      ["fault-6", true, "service_unavailable"],
    ]);
    await sandbox.clearFaults();
    const second = await shipBatch(
      sandbox.timedClient(),
      batch,
      options("fault", { chunkSize: 3 }),
    );
    expect(second.failed).toEqual([]);
    expect(shippedIds(second)).toEqual(batch.map((order) => String(order.id)));
    // The chunk that failed is sent under its own first uuid, which was never used.
    expect(second.shipped.slice(3, 6).map((s) => s.commandId)).toEqual(Array(3).fill(failing));
    await expectEachShippedOnce(shippedIds(second));
    expect(delta(await restStats(), before)).toEqual({
      packages: 9,
      order_commands: 3,
      charges: 9,
    });
  });
});

describe("shipBatch with a storeId already used under another account", () => {
  it("fails the chunk's orders with the conflict after one look, not retryable, and sends it once", async () => {
    // The merchant's own account ships the batch; then the same store and
    // batch id run for the merchant's company, whose account the service
    // keeps apart: the chunk's uuid is taken there and unknown here.
    const own = await shipBatch(sandbox.timedClient(), orders("account", 1), options("account"));
    expect(own.failed).toEqual([]);
    const before = await restStats();
    const controller = new AbortController();
    const sent: string[] = [];
    const counting: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      const path = new URL(request.url).pathname;
      if (path.startsWith("/order-commands/")) sent.push(request.method);
      // A loop would send it without end: stop it, so that the test fails instead of hanging.
      if (sent.length > 20) controller.abort(new Error("the chunk is sent again and again"));
      return fetch(request);
    };
    const company = await shipBatch(
      sandbox.client({ ...sandboxTime(sandbox), fetch: counting }),
      [sampleOrder({ id: "account-company-1" })],
      options("account", { companyId: DEMO.companyId, signal: controller.signal }),
    );
    expect(company.shipped).toEqual([]);
    expect(company.failed.map((f) => [f.orderId, f.error.code, f.retryable])).toEqual([
      ["account-company-1", "conflict", false],
    ]);
    // Looked up, sent, refused, looked up once more.
    expect(sent).toEqual(["GET", "PUT", "GET"]);
    expect(delta(await restStats(), before)).toMatchObject({ order_commands: 0, charges: 0 });
  });
});
