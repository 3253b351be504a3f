// One OS process of the shipBatch tests across processes, run with
// `node --conditions=@shipbridge/source batch-worker.ts '<json>'`. It logs the
// demo user in and opens the shared lock (a SqliteTokenStore file, a
// PostgresTokenStore when a connection string is given, none otherwise).
// With `race`, it prints "ready" and waits for a line on stdin, so that
// several start at the same moment; then it ships the batch, printing one
// "progress <event>" line per progress event (a test may kill it at any of
// them), and at the end one JSON line: the orders shipped (with their package
// ids) and failed (with their error codes).
import { OAuthClient, ShippingClient, SqliteTokenStore, shipBatch } from "@shipbridge/core";
import { PostgresTokenStore } from "@shipbridge/core/postgres";
import { SENDER, sampleOrder } from "@shipbridge/core/testing";
import { sandboxControl } from "../testing/sandbox-server.ts";

interface WorkerInput {
  race?: boolean;
  file?: string;
  postgres?: string;
  baseUrl: string;
  accountUrl: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  storeId: string;
  batchId: string;
  orderIds: string[];
  chunkSize?: number;
}

const input = JSON.parse(process.argv[2] ?? "{}") as WorkerInput;
const lock =
  input.postgres !== undefined
    ? new PostgresTokenStore(input.postgres)
    : input.file !== undefined
      ? new SqliteTokenStore(input.file)
      : undefined;
const oauth = new OAuthClient({
  clientId: input.clientId,
  clientSecret: input.clientSecret,
  baseUrl: input.baseUrl,
  accountUrl: input.accountUrl,
});
await oauth.loginWithPassword({ username: input.username, password: input.password });
// Pollers move the sandbox's test clock instead of waiting.
let offsetMs = 0;
const client = new ShippingClient({
  baseUrl: input.baseUrl,
  auth: oauth,
  retry: { limit: 8, baseDelayMs: 5, maxDelayMs: 50 },
  clock: () => new Date(Date.now() + offsetMs),
  sleep: async (ms) => {
    offsetMs += ms;
    await sandboxControl(input.baseUrl, "/clock/advance", { seconds: ms / 1000 });
  },
});
// Open the lock's storage now, so that every process starts the race ready.
await lock?.acquireLease("warm-up", String(process.pid), 0);

if (input.race) {
  process.stdout.write("ready\n");
  await new Promise<void>((resolve) => process.stdin.once("data", () => resolve()));
}

try {
  const result = await shipBatch(
    client,
    input.orderIds.map((id) => sampleOrder({ id })),
    {
      storeId: input.storeId,
      batchId: input.batchId,
      sender: SENDER,
      ...(input.chunkSize === undefined ? {} : { chunkSize: input.chunkSize }),
      ...(lock === undefined ? {} : { lock }),
      onProgress: (progress) => process.stdout.write(`progress ${progress.event}\n`),
    },
  );
  const shipped = result.shipped.map((s) => ({ orderId: s.orderId, packageId: s.packageId }));
  const failed = result.failed.map((f) => ({ orderId: f.orderId, code: f.error.code }));
  process.stdout.write(`${JSON.stringify({ shipped, failed })}\n`);
} catch (error) {
  const { code, message } = error as { code?: string; message?: string };
  process.stdout.write(`${JSON.stringify({ error: `${code ?? "error"}: ${message}` })}\n`);
} finally {
  await lock?.close();
  process.stdin.pause();
}
