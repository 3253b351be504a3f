// Benchmark of the OAuth client's single flight: how many token requests the
// sandbox receives when 1,000 concurrent accessToken() calls meet an expired
// access token. The figure should be 1 (one refresh), counted at the sandbox.

import { OAuthClient } from "@shipbridge/core";
import { startSandbox } from "@shipbridge/sandbox";

const DAY_SECONDS = 24 * 60 * 60;

export interface OAuthBenchResult {
  readonly calls: number;
  /** Token requests the sandbox counted for the concurrent calls. */
  readonly tokenRequests: number;
  readonly distinctTokens: number;
}

async function control(
  baseUrl: string,
  path: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl}/_sandbox/${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`sandbox control ${path} answered ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

async function tokenRequests(baseUrl: string): Promise<number> {
  const stats = (await control(baseUrl, "stats")) as { token_requests: { total: number } };
  return stats.token_requests.total;
}

export async function runOAuthBench(
  options: { readonly calls?: number } = {},
): Promise<OAuthBenchResult> {
  const calls = options.calls ?? 1_000;
  const sandbox = await startSandbox({ port: 0, accountPort: 0 });
  try {
    let offsetMs = 0;
    const oauth = new OAuthClient({
      clientId: "demo-client",
      clientSecret: "demo-secret",
      baseUrl: sandbox.baseUrl,
      accountUrl: sandbox.accountUrl,
      clock: () => new Date(Date.now() + offsetMs),
    });
    await oauth.loginWithPassword({ username: "demo@shipbridge.dev", password: "demo-password" });
    const clock = (await control(sandbox.baseUrl, "clock/advance", {
      seconds: 31 * DAY_SECONDS,
    })) as {
      offset_seconds: number;
    };
    offsetMs = clock.offset_seconds * 1000;
    const before = await tokenRequests(sandbox.baseUrl);
    const tokens = await Promise.all(Array.from({ length: calls }, () => oauth.accessToken()));
    const after = await tokenRequests(sandbox.baseUrl);
    return { calls, tokenRequests: after - before, distinctTokens: new Set(tokens).size };
  } finally {
    await sandbox.close();
  }
}

export function formatOAuthBench(result: OAuthBenchResult): string[] {
  return [
    `token requests per ${result.calls.toLocaleString("en-US")} concurrent accessToken() calls (expired token): ${result.tokenRequests}`,
  ];
}

if (import.meta.main) {
  const result = await runOAuthBench();
  for (const line of formatOAuthBench(result)) console.log(line);
}
