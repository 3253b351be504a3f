// One OS process of the multi-process refresh tests, run with
// `node --conditions=@shipbridge/source refresh-worker.ts '<json>'`. It opens
// the shared store (a SqliteTokenStore file, or a PostgresTokenStore when a
// connection string is given), prints "ready", waits for a line on stdin,
// then makes `calls` concurrent accessToken() calls and prints one JSON line:
// the distinct tokens it got and the error codes it met.
import { OAuthClient, SqliteTokenStore, type TokenStore } from "@shipbridge/core";
import { PostgresTokenStore } from "@shipbridge/core/postgres";

interface WorkerInput {
  file?: string;
  postgres?: string;
  key: string;
  baseUrl: string;
  accountUrl: string;
  clientId: string;
  clientSecret: string;
  clockOffsetMs: number;
  calls: number;
}

const input = JSON.parse(process.argv[2] ?? "{}") as WorkerInput;
const store: TokenStore & { close(): unknown } =
  input.postgres === undefined
    ? new SqliteTokenStore(input.file ?? "")
    : new PostgresTokenStore(input.postgres);
const oauth = new OAuthClient({
  clientId: input.clientId,
  clientSecret: input.clientSecret,
  baseUrl: input.baseUrl,
  accountUrl: input.accountUrl,
  store,
  key: input.key,
  clock: () => new Date(Date.now() + input.clockOffsetMs),
});

process.stdout.write("ready\n");
await new Promise<void>((resolve) => process.stdin.once("data", () => resolve()));

const results = await Promise.allSettled(
  Array.from({ length: input.calls }, () => oauth.accessToken()),
);
const tokens = new Set<string>();
const errors: string[] = [];
for (const result of results) {
  if (result.status === "fulfilled") tokens.add(result.value);
  else {
    const error = result.reason as { code?: string; message?: string };
    errors.push(`${error.code ?? "error"}: ${error.message ?? String(error)}`);
  }
}
process.stdout.write(`${JSON.stringify({ tokens: [...tokens], errors })}\n`);
await store.close();
process.stdin.pause();
