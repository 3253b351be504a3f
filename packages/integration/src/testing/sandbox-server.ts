// Test support for the clients' tests: runs the sandbox on free ports in this
// process, logs in with the demo user through the real OAuthClient, and
// drives the sandbox's test controls: its clock, fault injection and reset.
// Also a fetch that counts the requests it lets through to the real fetch.
import { type Clock, OAuthClient, type ShippingClientOptions } from "@shipbridge/core";

type Sleep = NonNullable<ShippingClientOptions["sleep"]>;

import { startSandbox } from "@shipbridge/sandbox";

export const DEMO = {
  clientId: "demo-client",
  clientSecret: "demo-secret",
  username: "demo@shipbridge.dev",
  password: "demo-password",
  companyId: "1001",
} as const;

export interface FaultRule {
  readonly status?: 429 | 500 | 502 | 503 | 504;
  readonly rate?: number;
  readonly path?: string;
  readonly method?: string;
  readonly retry_after?: number;
  readonly count?: number;
  readonly seed?: number;
  readonly after?: boolean;
  readonly latency_ms?: number;
}

/** A fault rule aimed at package creation (POST /packages) only. */
export function onPackageCreation(rule: Omit<FaultRule, "path" | "method">): FaultRule {
  return { ...rule, path: "/packages", method: "POST" };
}

export interface SandboxServer {
  readonly baseUrl: string;
  readonly accountUrl: string;
  /** POSTs (or GETs, without a body) a /_sandbox control and returns its JSON. */
  control(path: string, body?: unknown, method?: string): Promise<unknown>;
  advanceClock(seconds: number): Promise<void>;
  injectFaults(rule: FaultRule): Promise<void>;
  clearFaults(): Promise<void>;
  /** A logged-in OAuthClient of the demo user. */
  login(): Promise<OAuthClient>;
  close(): Promise<void>;
}

export async function startSandboxServer(): Promise<SandboxServer> {
  const running = await startSandbox({ port: 0, accountPort: 0 });
  const { baseUrl, accountUrl } = running;

  const control = (path: string, body?: unknown, method?: string) =>
    sandboxControl(baseUrl, path, body, method);

  return {
    baseUrl,
    accountUrl,
    control,
    advanceClock: async (seconds) => {
      await control("/clock/advance", { seconds });
    },
    injectFaults: async (rule) => {
      await control("/faults", rule);
    },
    clearFaults: async () => {
      await control("/faults", undefined, "DELETE");
    },
    login: async () => {
      const oauth = new OAuthClient({
        clientId: DEMO.clientId,
        clientSecret: DEMO.clientSecret,
        baseUrl,
        accountUrl,
      });
      await oauth.loginWithPassword({ username: DEMO.username, password: DEMO.password });
      return oauth;
    },
    close: () => running.close(),
  };
}

/**
 * Calls one of the sandbox's test controls (/_sandbox/...) and returns its
 * JSON: a POST when there is a body, a GET when not, unless a method is given.
 */
export async function sandboxControl(
  baseUrl: string,
  path: string,
  body?: unknown,
  method?: string,
): Promise<unknown> {
  const response = await fetch(`${baseUrl}/_sandbox${path}`, {
    method: method ?? (body === undefined ? "GET" : "POST"),
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`sandbox control ${path} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * A clock and a sleep that move together with the sandbox's test clock:
 * sleeping advances the sandbox instead of waiting, so pollers and deadlines
 * run in sandbox time.
 */
export function sandboxTime(sandbox: SandboxServer): { clock: Clock; sleep: Sleep } {
  let offsetMs = 0;
  return {
    clock: () => new Date(Date.now() + offsetMs),
    sleep: async (ms, signal) => {
      signal?.throwIfAborted();
      offsetMs += ms;
      await sandbox.advanceClock(ms / 1000);
      signal?.throwIfAborted();
    },
  };
}

/** A fetch that records every request it passes on to the real fetch. */
export function countingFetch(): { fetch: typeof globalThis.fetch; requests: string[] } {
  const requests: string[] = [];
  const counting: typeof globalThis.fetch = (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    return fetch(request);
  };
  return { fetch: counting, requests };
}
