// Test support: the one sandbox a test file shares. useSandbox() starts the
// sandbox before the file's tests and logs the demo user in,
// clears injected faults after each test when asked, stops the sandbox after
// the file, and makes ShippingClients of the demo user on it, either in real
// time or in sandbox time (sleeping moves the sandbox clock).

import type { OAuthClient } from "@shipbridge/core";
import { ShippingClient, type ShippingClientOptions } from "@shipbridge/core";
import { afterAll, afterEach, beforeAll } from "vitest";
import { type SandboxServer, sandboxTime, startSandboxServer } from "./sandbox-server.ts";

/** Retries short enough that tests under injected faults take milliseconds. */
export const FAST_RETRY = { limit: 8, baseDelayMs: 5, maxDelayMs: 50 } as const;

export type ClientDefaults = Partial<Omit<ShippingClientOptions, "baseUrl" | "auth">>;

export interface SharedSandboxOptions {
  /** Removes every injected fault rule after each test. */
  readonly clearFaultsAfterEach?: boolean;
  /** Options every client made by client() and timedClient() starts from. */
  readonly client?: ClientDefaults;
}

export interface SharedSandbox extends SandboxServer {
  /** The demo user's logged-in OAuthClient. */
  readonly oauth: OAuthClient;
  /** A client of the demo user, in real time. */
  client(options?: ClientDefaults): ShippingClient;
  /** A client of the demo user whose pollers move the sandbox clock instead of waiting. */
  timedClient(fetch?: typeof globalThis.fetch): ShippingClient;
}

export function useSandbox(options: SharedSandboxOptions = {}): SharedSandbox {
  let started: { sandbox: SandboxServer; oauth: OAuthClient } | undefined;

  beforeAll(async () => {
    const sandbox = await startSandboxServer();
    started = { sandbox, oauth: await sandbox.login() };
  });
  if (options.clearFaultsAfterEach) {
    afterEach(async () => {
      await current().sandbox.clearFaults();
    });
  }
  afterAll(async () => {
    await started?.sandbox.close();
  });

  function current(): { sandbox: SandboxServer; oauth: OAuthClient } {
    if (started === undefined) throw new Error("the shared sandbox is used outside its tests");
    return started;
  }

  function client(overrides: ClientDefaults = {}): ShippingClient {
    const { sandbox, oauth } = current();
    return new ShippingClient({
      baseUrl: sandbox.baseUrl,
      auth: oauth,
      ...options.client,
      ...overrides,
    });
  }

  return {
    get baseUrl() {
      return current().sandbox.baseUrl;
    },
    get accountUrl() {
      return current().sandbox.accountUrl;
    },
    get oauth() {
      return current().oauth;
    },
    control: (path, body, method) => current().sandbox.control(path, body, method),
    advanceClock: (seconds) => current().sandbox.advanceClock(seconds),
    injectFaults: (rule) => current().sandbox.injectFaults(rule),
    clearFaults: () => current().sandbox.clearFaults(),
    login: () => current().sandbox.login(),
    close: () => current().sandbox.close(),
    client,
    timedClient: (fetch) => {
      const { clock, sleep } = sandboxTime(current().sandbox);
      return client({ clock, sleep, fetch });
    },
  };
}
