// The shipping day, measured: 200 orders of one store shipped with shipOrder
// eight at a time, then with shipBatch plus one merged labels file
// (batchLabels: one documents command), side by side against the sandbox
// with 50 ms of latency added to every answer and its real clock (an order
// command finishes 5 s after it is accepted, a label is ready 5 s later). Reports both times, the
// ratio (goal: at least 8× and under 30 s) and what each cost the service
// (order and documents commands, from /_sandbox/stats). Then memory: 2,000
// orders through shipBatch with the heap sampled as it goes, beside what
// their labels would weigh if they were held.
//
// The sandbox runs in its own process (its command line, from the sandbox
// package's source), so that it does not share this event loop.
//
//   pnpm bench                        everything of core, this included
//   node --conditions=@shipbridge/source bench/batch.bench.ts
//   BENCH_ORDERS=40 ...               fewer orders for a quick look
//   BENCH_SWEEP=1 ...                 also shipBatch at several concurrencies and chunk sizes
//                                     (how DEFAULT_BATCH_CONCURRENCY and DEFAULT_CHUNK_SIZE were chosen)
import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { ShippingClient } from "../src/api/index.ts";
import { FifoLimit } from "../src/batch/fifo-limit.ts";
import { shipBatch } from "../src/batch/index.ts";
import { batchLabels } from "../src/documents/batch-labels.ts";
import { SENDER, sampleOrder } from "../src/fixtures/index.ts";
import { shipOrder } from "../src/mapping/index.ts";
import { OAuthClient } from "../src/oauth/index.ts";

const ORDERS = Number(process.env["BENCH_ORDERS"] ?? 200);
const MEMORY_ORDERS = Number(process.env["BENCH_MEMORY_ORDERS"] ?? 2_000);
const LATENCY_MS = 50;
/** The goals of the issue: at least this many times faster, and under this many milliseconds. */
export const BATCH_SPEEDUP_TARGET = 8;
export const BATCH_TIME_TARGET_MS = 30_000;

interface Sandbox {
  readonly baseUrl: string;
  readonly accountUrl: string;
  readonly process: ChildProcess;
}

interface Stats {
  readonly packages: number;
  readonly order_commands: number;
  readonly documents_commands: number;
  readonly charges: number;
}

async function startSandbox(): Promise<Sandbox> {
  const cli = new URL("../../sandbox/src/cli.ts", import.meta.url).pathname;
  const child = spawn(
    process.execPath,
    ["--conditions=@shipbridge/source", cli, "--port", "0", "--json", "--quiet"],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  for await (const line of lines) {
    const ready = JSON.parse(line) as { base_url: string; account_url: string };
    return { baseUrl: ready.base_url, accountUrl: ready.account_url, process: child };
  }
  throw new Error("the sandbox ended before it was ready");
}

async function control(sandbox: Sandbox, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${sandbox.baseUrl}/_sandbox${path}`, {
    method: body === undefined ? "GET" : "POST",
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function stats(sandbox: Sandbox): Promise<Stats> {
  return ((await control(sandbox, "/stats")) as { rest: Stats }).rest;
}

function spent(after: Stats, before: Stats): Stats {
  return {
    packages: after.packages - before.packages,
    order_commands: after.order_commands - before.order_commands,
    documents_commands: after.documents_commands - before.documents_commands,
    charges: after.charges - before.charges,
  };
}

function orders(prefix: string, count: number) {
  return Array.from({ length: count }, (_, i) => sampleOrder({ id: `${prefix}-${i + 1}` }));
}

/** shipOrder for every order, eight at a time, as a store without batches ships a day. */
async function eightAtATime(client: ShippingClient, storeId: string): Promise<number> {
  const limit = new FifoLimit(8);
  const started = performance.now();
  await Promise.all(
    orders("day", ORDERS).map((order) =>
      limit.run(() => shipOrder(client, order, { storeId, sender: SENDER })),
    ),
  );
  return performance.now() - started;
}

async function batchWithLabels(
  client: ShippingClient,
  storeId: string,
  tuning: { concurrency?: number; chunkSize?: number } = {},
): Promise<{ ms: number; shipped: number; failed: number; file: { bytes: number; pdf: boolean } }> {
  const started = performance.now();
  const result = await shipBatch(client, orders("day", ORDERS), {
    storeId,
    sender: SENDER,
    batchId: "day",
    ...tuning,
  });
  // One documents command, one A6 PDF of every label.
  const document = await batchLabels(
    client,
    result.shipped.map((shipment) => shipment.packageId),
    { key: `${storeId}:day:labels:a6`, pageFormat: "a6" },
  );
  const file = {
    bytes: document.body.byteLength,
    pdf: new TextDecoder().decode(document.body.subarray(0, 5)) === "%PDF-",
  };
  return {
    ms: performance.now() - started,
    shipped: result.shipped.length,
    failed: result.failed.length,
    file,
  };
}

/** A full garbage collection, so that the heap measured is what is still held. */
const collect = (() => {
  setFlagsFromString("--expose-gc");
  // Unused bytecode is not flushed as time passes, so that it does not pass for memory given back.
  setFlagsFromString("--no-flush-bytecode");
  return runInNewContext("gc") as () => void;
})();

function retained(): number {
  collect();
  return process.memoryUsage().heapUsed;
}

/**
 * 2,000 orders through shipBatch, the heap measured after a full collection
 * each time another tenth of them is labelled: what the batch holds as it
 * goes, which stays flat when no label is held (its result, a few hundred
 * bytes an order, is all that grows).
 */
async function memory(client: ShippingClient, storeId: string) {
  // What one label weighs, to say what holding them all would cost.
  const one = await shipOrder(client, sampleOrder({ id: "label-size" }), {
    storeId,
    sender: SENDER,
  });
  const label = one.label.bytes.byteLength;
  // A small batch first, so that code, caches and connections are warm before the baseline.
  await shipBatch(client, orders("warm", 20), { storeId, sender: SENDER, batchId: "warm" });
  const batch = orders("memory", MEMORY_ORDERS);
  retained();
  const baseline = retained();
  const samples: number[] = [];
  const every = Math.max(1, Math.floor(MEMORY_ORDERS / 10));
  const started = performance.now();
  const result = await shipBatch(client, batch, {
    storeId,
    sender: SENDER,
    batchId: "memory",
    onProgress: (progress) => {
      if (progress.event === "labelled" && progress.labelled % every === 0) {
        samples.push(retained() - baseline);
      }
    },
  });
  const ms = performance.now() - started;
  const held = retained() - baseline;
  return {
    orders: MEMORY_ORDERS,
    shipped: result.shipped.length,
    seconds: ms / 1000,
    samplesMb: samples.map((bytes) => bytes / 2 ** 20),
    resultKbPerOrder: held / 1024 / MEMORY_ORDERS,
    labelKb: label / 1024,
    labelsHeldMb: (label * MEMORY_ORDERS) / 2 ** 20,
  };
}

const sandbox = await startSandbox();
try {
  const oauth = new OAuthClient({
    clientId: "demo-client",
    clientSecret: "demo-secret",
    baseUrl: sandbox.baseUrl,
    accountUrl: sandbox.accountUrl,
  });
  await oauth.loginWithPassword({ username: "demo@shipbridge.dev", password: "demo-password" });
  const client = new ShippingClient({ baseUrl: sandbox.baseUrl, auth: oauth });
  await control(sandbox, "/faults", { latency_ms: LATENCY_MS });

  console.log(`${ORDERS} orders, ${LATENCY_MS} ms of latency on every answer, real clock`);
  let before = await stats(sandbox);
  const oneByOneMs = await eightAtATime(client, "bench-orders");
  const oneByOne = spent(await stats(sandbox), before);
  console.log(
    `shipOrder, 8 at a time: ${(oneByOneMs / 1000).toFixed(1)} s (${(oneByOneMs / ORDERS / 1000).toFixed(2)} s an order), ${oneByOne.order_commands} order commands, ${oneByOne.charges} charges`,
  );

  before = await stats(sandbox);
  const batch = await batchWithLabels(client, "bench-batch");
  const batchCost = spent(await stats(sandbox), before);
  console.log(
    `shipBatch + merged labels: ${(batch.ms / 1000).toFixed(1)} s, ${batch.shipped} shipped, ${batch.failed} failed, ${batchCost.order_commands} order commands, ${batchCost.documents_commands} documents command, ${batchCost.charges} charges, labels file ${(batch.file.bytes / 1024).toFixed(0)} KiB${batch.file.pdf ? " (PDF)" : " (NOT a PDF)"}`,
  );
  const ratio = oneByOneMs / batch.ms;
  const fast = ratio >= BATCH_SPEEDUP_TARGET && batch.ms < BATCH_TIME_TARGET_MS;
  console.log(
    `ratio: ${ratio.toFixed(1)}x (goal: >= ${BATCH_SPEEDUP_TARGET}x and < ${BATCH_TIME_TARGET_MS / 1000} s) ${fast ? "ok" : "MISSED"}`,
  );

  if (process.env["BENCH_SWEEP"]) {
    for (const tuning of [
      { concurrency: 4 },
      { concurrency: 8 },
      { concurrency: 16 },
      { concurrency: 32 },
      { chunkSize: 25 },
      { chunkSize: 50 },
      { chunkSize: 100 },
    ]) {
      const store = `bench-sweep-${tuning.concurrency ?? "c"}-${tuning.chunkSize ?? "s"}`;
      const run = await batchWithLabels(client, store, tuning);
      console.log(`  shipBatch ${JSON.stringify(tuning)}: ${(run.ms / 1000).toFixed(1)} s`);
    }
  }

  // Memory does not depend on latency: the fault is removed so the run is shorter.
  await fetch(`${sandbox.baseUrl}/_sandbox/faults`, { method: "DELETE" });
  const heap = await memory(client, "bench-memory");
  console.log(
    `memory: ${heap.shipped}/${heap.orders} orders in ${heap.seconds.toFixed(1)} s; heap held over the start after each tenth labelled (MiB): ${heap.samplesMb.map((mb) => mb.toFixed(1)).join(", ")}; the result at the end: ${heap.resultKbPerOrder.toFixed(2)} KiB an order; their labels, held, would add ${heap.labelsHeldMb.toFixed(1)} MiB (${heap.labelKb.toFixed(1)} KiB each here, more from a real carrier)`,
  );
  if (!fast || !batch.file.pdf || batch.shipped !== ORDERS) process.exitCode = 1;
} finally {
  sandbox.process.kill("SIGTERM");
}
