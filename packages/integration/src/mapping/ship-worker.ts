// One OS process of the concurrent shipOrder tests, run with
// `node --conditions=@shipbridge/source ship-worker.ts '<json>'`. It logs the
// demo user in, opens the shared lock (a SqliteTokenStore file, or a
// PostgresTokenStore when a connection string is given; none with `noLock`),
// prints "ready",
// waits for a line on stdin, ships the order once and prints one JSON line:
// the package id and steps, or the error's code and message.
import { OAuthClient, ShippingClient, SqliteTokenStore, shipOrder } from "@shipbridge/core";
import { PostgresTokenStore } from "@shipbridge/core/postgres";
import { SENDER, sampleOrder } from "@shipbridge/core/testing";
import { sandboxControl } from "../testing/sandbox-server.ts";

interface WorkerInput {
  /** Ship without a lock: shows what the lock prevents. */
  noLock?: boolean;
  file?: string;
  postgres?: string;
  baseUrl: string;
  accountUrl: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  storeId: string;
  orderId: string;
}

const input = JSON.parse(process.argv[2] ?? "{}") as WorkerInput;
const lock = input.noLock
  ? undefined
  : input.postgres === undefined
    ? new SqliteTokenStore(input.file ?? "")
    : new PostgresTokenStore(input.postgres);
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
  clock: () => new Date(Date.now() + offsetMs),
  sleep: async (ms) => {
    offsetMs += ms;
    await sandboxControl(input.baseUrl, "/clock/advance", { seconds: ms / 1000 });
  },
});
// Open the lock's storage now, so that both processes start the race ready.
await lock?.acquireLease("warm-up", String(process.pid), 0);

process.stdout.write("ready\n");
await new Promise<void>((resolve) => process.stdin.once("data", () => resolve()));

try {
  const result = await shipOrder(client, sampleOrder({ id: input.orderId }), {
    storeId: input.storeId,
    sender: SENDER,
    ...(lock === undefined ? {} : { lock }),
  });
  process.stdout.write(`${JSON.stringify({ packageId: result.packageId, steps: result.steps })}\n`);
} catch (error) {
  const { code, message } = error as { code?: string; message?: string };
  process.stdout.write(`${JSON.stringify({ error: `${code ?? "error"}: ${message}` })}\n`);
} finally {
  await lock?.close();
  process.stdin.pause();
}
