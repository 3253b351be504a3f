// Test harness for the OAuth client against the sandbox over real HTTP: starts
// a sandbox on free ports for each test or for a whole file, follows its test
// clock, reads its token-request counts, injects faults, and plays the
// merchant's browser through the login and consent pages.
import type { Clock } from "@shipbridge/core";
import {
  authorizeInBrowser as completeAuthorizationPages,
  startSandbox,
} from "@shipbridge/sandbox";
import { freePort } from "@shipbridge/tooling/free-port";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { DEMO as DEMO_ACCOUNT, sandboxControl } from "./sandbox-server.ts";

/** The demo account, with the redirect address its client registered. */
export const DEMO = {
  ...DEMO_ACCOUNT,
  redirectUri: "http://127.0.0.1:3000/oauth/callback",
} as const;

export interface TestSandbox {
  readonly baseUrl: string;
  readonly accountUrl: string;
  close(): Promise<void>;
}

export async function startTestSandbox(config?: unknown): Promise<TestSandbox> {
  const options = { port: 0, accountPort: 0, ...(config === undefined ? {} : { config }) };
  const sandbox = await startSandbox(options as Parameters<typeof startSandbox>[0]);
  return {
    baseUrl: sandbox.baseUrl,
    accountUrl: sandbox.accountUrl,
    close: async () => {
      await sandbox.close();
    },
  };
}

/**
 * A sandbox and its followed clock, started before each test ("each") or
 * once before the file's tests ("all") and closed after them. The returned
 * objects read the sandbox that is current when they are used.
 */
export function useTestSandbox(lifetime: "each" | "all"): {
  sandbox: TestSandbox;
  time: SandboxTime;
} {
  let current: { sandbox: TestSandbox; time: SandboxTime } | undefined;
  const started = () => {
    if (current === undefined) throw new Error("the test sandbox is used outside its tests");
    return current;
  };
  (lifetime === "each" ? beforeEach : beforeAll)(async () => {
    const sandbox = await startTestSandbox();
    current = { sandbox, time: await followSandboxClock(sandbox.baseUrl) };
  });
  (lifetime === "each" ? afterEach : afterAll)(async () => {
    await current?.sandbox.close();
  });
  return {
    sandbox: {
      get baseUrl() {
        return started().sandbox.baseUrl;
      },
      get accountUrl() {
        return started().sandbox.accountUrl;
      },
      close: () => started().sandbox.close(),
    },
    time: {
      clock: () => started().time.clock(),
      offsetMs: () => started().time.offsetMs(),
      advance: (seconds) => started().time.advance(seconds),
    },
  };
}

/** The offset of the sandbox's test clock from real time, read from GET /_sandbox/clock. */
export async function sandboxClockOffsetMs(baseUrl: string): Promise<number> {
  const body = (await sandboxControl(baseUrl, "/clock")) as { offset_seconds?: unknown };
  if (typeof body.offset_seconds !== "number") {
    throw new Error(`GET /_sandbox/clock gave no offset_seconds: ${JSON.stringify(body)}`);
  }
  return Math.round(body.offset_seconds * 1000);
}

/** A Clock that follows the sandbox's test clock (real time plus its offset). */
export interface SandboxTime {
  readonly clock: Clock;
  /** The offset of the sandbox clock from real time, in milliseconds. */
  offsetMs(): number;
  /** Moves the sandbox clock forward and follows it. */
  advance(seconds: number): Promise<void>;
}

export async function followSandboxClock(baseUrl: string): Promise<SandboxTime> {
  let offset = await sandboxClockOffsetMs(baseUrl);
  return {
    clock: () => new Date(Date.now() + offset),
    offsetMs: () => offset,
    advance: async (seconds: number) => {
      await sandboxControl(baseUrl, "/clock/advance", { seconds });
      offset = await sandboxClockOffsetMs(baseUrl);
    },
  };
}

export interface TokenRequestCounts {
  total: number;
  by_grant: Record<string, number>;
  by_client: Record<string, number>;
  by_host?: Record<string, number>;
  by_status?: Record<string, number>;
}

export async function tokenRequestCounts(baseUrl: string): Promise<TokenRequestCounts> {
  const body = (await sandboxControl(baseUrl, "/stats")) as { token_requests: TokenRequestCounts };
  return body.token_requests;
}

export async function resetSandbox(baseUrl: string): Promise<void> {
  await sandboxControl(baseUrl, "/reset", {});
}

export async function injectFault(
  baseUrl: string,
  fault: {
    status?: number;
    latency_ms?: number;
    rate?: number;
    path?: string;
    host?: "base" | "account" | "any";
    retry_after?: number;
    count?: number;
    after?: boolean;
  },
): Promise<void> {
  await sandboxControl(baseUrl, "/faults", fault);
}

/** An http address on 127.0.0.1 where nothing listens (a port that was just freed). */
export async function closedPortUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}

/**
 * Plays the merchant at the sandbox's authorization pages: opens the address,
 * logs in, allows or denies, and returns the return address it is sent to.
 */
export function authorizeInBrowser(
  authorizationUrl: string,
  decision: "allow" | "deny",
  credentials: { username: string; password: string } = DEMO,
): Promise<string> {
  return completeAuthorizationPages(authorizationUrl, {
    username: credentials.username,
    password: credentials.password,
    decision,
  });
}
