// Retries against the sandbox's fault injection: idempotent calls survive
// 20% of 502/429 answers; a package creation whose answer is lost is
// reconciled by user_reference_number instead of being duplicated; a
// creation without one stops with outcome_unknown; a 401 is answered with
// one token renewal and one retry.

import {
  API_ERROR_CODES,
  AuthenticationError,
  isOutcomeUnknownError,
  RateLimitError,
  ServiceError,
  ShippingClient,
  TimeoutError,
} from "@shipbridge/core";
import { describe, expect, it } from "vitest";
import { packageV2 } from "../testing/packages.ts";
import { countingFetch, onPackageCreation } from "../testing/sandbox-server.ts";
import { FAST_RETRY, useSandbox } from "../testing/shared-sandbox.ts";

const sandbox = useSandbox({ clearFaultsAfterEach: true, client: { retry: FAST_RETRY } });

describe("idempotent calls under injected faults", () => {
  it("a batch of 100 idempotent calls of ten kinds all succeed with 20% 502 and 429", async () => {
    const client = sandbox.client();
    const created = await client.packages.create(packageV2("faults-read-1"));
    const id = created.package.package_id;
    const command = "6f1c2d6e-3b7a-4c59-9e8f-0a1b2c3d4e5f";
    await client.orderCommands.put(command, { packages: [{ id }] });
    await sandbox.injectFaults({ status: 502, rate: 0.2, seed: 7 });
    await sandbox.injectFaults({ status: 429, rate: 0.2, retry_after: 0, seed: 11 });
    const { fetch, requests } = countingFetch();
    const counted = sandbox.client({
      // About 36% of requests meet a fault; 12 retries make a failed call (13 faults
      // in a row, about 2 in a million) practically impossible, so the test cannot flake.
      retry: { ...FAST_RETRY, limit: 12 },
      poll: { intervalMs: 5 },
      fetch,
    });
    const { service: _carrier, user_reference_number: _ref, ...quoted } = packageV2();
    const kinds: (() => Promise<unknown>)[] = [
      () => counted.packages.get(id),
      () => counted.countries(),
      () => counted.packages.list({ user_reference_number: "faults-read-1" }),
      () => counted.packages.validate(packageV2()),
      () => counted.orderCommands.put(command, { packages: [{ id }] }),
      () => counted.orderCommands.get(command),
      () => counted.packages.tracking(id),
      () => counted.account.services(),
      () => counted.points.map({ location: { search_phrase: "Warszawa" } }),
      () => counted.packages.calculatePrice({ package: quoted, services: { service: ["dpd"] } }),
    ];
    const calls = Array.from({ length: 100 }, (_, i) =>
      (kinds[i % kinds.length] as () => Promise<unknown>)(),
    );
    const results = await Promise.allSettled(calls);
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    // Some answers were faults, so more requests were sent than calls made.
    expect(requests.length).toBeGreaterThan(100);
    const stats = (await sandbox.control("/stats")) as { faults_injected: number };
    expect(stats.faults_injected).toBeGreaterThan(0);
  });

  it("50 idempotent calls all succeed with the client's default retry settings at a combined 20% 502/429 rate", async () => {
    const setup = sandbox.client();
    const created = await setup.packages.create(packageV2("faults-default-1"));
    const id = created.package.package_id;
    const command = "9b2e4c1a-7d3f-4e8b-a6c5-1f0e9d8c7b6a";
    await setup.orderCommands.put(command, { packages: [{ id }] });
    // Rules are tried in order and the first that fires answers: 10% + 90% x 1/9 = 20% of requests.
    await sandbox.injectFaults({ status: 502, rate: 0.1, seed: 21 });
    await sandbox.injectFaults({ status: 429, rate: 1 / 9, retry_after: 0, seed: 22 });
    const { fetch, requests } = countingFetch();
    // No retry option at all: DEFAULT_RETRY, as a store gets it.
    const client = new ShippingClient({ baseUrl: sandbox.baseUrl, auth: sandbox.oauth, fetch });
    const kinds: (() => Promise<unknown>)[] = [
      () => client.packages.get(id),
      () => client.countries(),
      () => client.packages.list({ user_reference_number: "faults-default-1" }),
      () => client.orderCommands.put(command, { packages: [{ id }] }),
      () => client.orderCommands.get(command),
    ];
    const results: PromiseSettledResult<unknown>[] = [];
    // Ten at a time, so the backoffs overlap and the test takes seconds, not minutes.
    for (let batch = 0; batch < 5; batch += 1) {
      const calls = kinds.flatMap((call) => [call(), call()]);
      results.push(...(await Promise.allSettled(calls)));
    }
    expect(results).toHaveLength(50);
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    expect(requests.length).toBeGreaterThan(50);
    const stats = (await sandbox.control("/stats")) as { faults_injected: number };
    expect(stats.faults_injected).toBeGreaterThanOrEqual(requests.length - 50);
  }, 120_000);

  it("gives up after the retry limit with the last answer's class", async () => {
    const client = sandbox.client({
      retry: { limit: 2, baseDelayMs: 1 },
    });
    await sandbox.injectFaults({ status: 503, rate: 1, path: "/configuration" });
    await expect(client.countries()).rejects.toBeInstanceOf(ServiceError);
  });

  it("fails at once when Retry-After is beyond the deadline", async () => {
    const client = sandbox.client();
    await sandbox.injectFaults({ status: 429, rate: 1, retry_after: 3600, path: "/configuration" });
    const error = await client.countries().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(3600);
  });
});

describe("timeouts", () => {
  it("an idempotent call that timed out is sent again", async () => {
    const { fetch, requests } = countingFetch();
    const client = sandbox.client({
      // Long enough for the second attempt on a busy machine; the first never answers in time.
      timeoutMs: 1_000,
      fetch,
    });
    await sandbox.injectFaults({ latency_ms: 10_000, path: "/configuration", count: 1 });
    const countries = await client.countries();
    expect(countries.list).toContain("PL");
    expect(requests).toHaveLength(2);
  });

  it("without retries left, a TimeoutError with code timeout", async () => {
    const client = sandbox.client({
      retry: { limit: 0 },
      timeoutMs: 200,
    });
    await sandbox.injectFaults({ latency_ms: 1_000, path: "/configuration", count: 1 });
    const error = await client.countries().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).code).toBe(API_ERROR_CODES.timeout);
  });
});

describe("POST /packages is never blindly retried", () => {
  it("reconciles lost answers by user_reference_number: exactly one package", async () => {
    const client = sandbox.client();
    await sandbox.injectFaults(onPackageCreation({ status: 502, rate: 1, after: true, count: 1 }));
    const result = await client.packages.create(packageV2("lost-answer-1"));
    expect(result.reconciled).toBe(true);
    const list = await client.packages.list({ user_reference_number: "lost-answer-1" });
    expect(list.packages).toHaveLength(1);
    expect(list.packages[0]?.package_id).toBe(result.package.package_id);
  });

  it("creates again when the failed attempt left nothing behind", async () => {
    const client = sandbox.client();
    await sandbox.injectFaults(onPackageCreation({ status: 502, rate: 1, count: 1 }));
    const result = await client.packages.create(packageV2("not-created-1"));
    expect(result.reconciled).toBe(false);
    const list = await client.packages.list({ user_reference_number: "not-created-1" });
    expect(list.packages).toHaveLength(1);
  });

  it("a batch of creates under 20% lost answers makes no duplicate", async () => {
    const client = sandbox.client();
    await sandbox.injectFaults(onPackageCreation({ status: 502, rate: 0.2, after: true, seed: 3 }));
    const references = Array.from({ length: 20 }, (_, i) => `batch-${i}`);
    const results = await Promise.all(references.map((r) => client.packages.create(packageV2(r))));
    expect(results.some((r) => r.reconciled)).toBe(true);
    await sandbox.clearFaults();
    for (const reference of references) {
      const list = await client.packages.list({ user_reference_number: reference });
      expect(list.packages, reference).toHaveLength(1);
    }
  });

  it("a 429 is waited out and sent again, even without user_reference_number", async () => {
    const { fetch, requests } = countingFetch();
    const client = sandbox.client({ fetch });
    await sandbox.injectFaults(
      onPackageCreation({ status: 429, rate: 1, retry_after: 0, count: 1 }),
    );
    const result = await client.packages.create(packageV2());
    expect(result.reconciled).toBe(false);
    expect(result.package.package_id).toBeGreaterThan(0);
    expect(requests.filter((r) => r === "POST /packages")).toHaveLength(2);
  });

  it("a 429 asking for a wait past the deadline is reported as it is, not as an unknown outcome", async () => {
    const { fetch, requests } = countingFetch();
    const client = sandbox.timedClient(fetch);
    await sandbox.injectFaults(
      onPackageCreation({ status: 429, rate: 1, retry_after: 3600, count: 1 }),
    );
    const error = await client.packages.create(packageV2("rate-limited-1")).catch((e) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(3600);
    expect(requests.filter((r) => r.startsWith("POST /packages"))).toHaveLength(1);
    const list = await client.packages.list({ user_reference_number: "rate-limited-1" });
    expect(list.packages).toEqual([]);
  });

  it("without user_reference_number: not sent again, outcome_unknown", async () => {
    const { fetch, requests } = countingFetch();
    const client = sandbox.client({ fetch });
    await sandbox.injectFaults(onPackageCreation({ status: 502, rate: 1, after: true, count: 1 }));
    const error = await client.packages.create(packageV2()).catch((e: unknown) => e);
    expect(isOutcomeUnknownError(error)).toBe(true);
    expect((error as { code: string }).code).toBe(API_ERROR_CODES.outcome_unknown);
    expect(requests.filter((r) => r.startsWith("POST /packages"))).toHaveLength(1);
  });
});

describe("401", () => {
  it("a 401 after the last allowed retry still gets its renewal and retry, and never leaks ky's internals", async () => {
    const own = await sandbox.login();
    await new ShippingClient({ baseUrl: sandbox.baseUrl, auth: own }).countries();
    // 21 more logins of the same user evict the client's token (20 sessions).
    for (let i = 0; i < 21; i++) await sandbox.login();
    // The first attempt meets a 502 and uses the one retry allowed; that retry meets the 401.
    await sandbox.injectFaults({ status: 502, rate: 1, path: "/configuration", count: 1 });
    const { fetch, requests } = countingFetch();
    const client = new ShippingClient({
      baseUrl: sandbox.baseUrl,
      auth: own,
      retry: { limit: 1, baseDelayMs: 1 },
      fetch,
    });
    const countries = await client.countries();
    expect(countries.list).toContain("PL");
    expect(requests.filter((r) => r.includes("allowed-countries"))).toHaveLength(3);
  });

  it("renews the token once and retries", async () => {
    const own = await sandbox.login();
    const client = new ShippingClient({ baseUrl: sandbox.baseUrl, auth: own });
    await client.countries();
    // 21 more logins of the same user evict the client's token (20 sessions).
    for (let i = 0; i < 21; i++) await sandbox.login();
    const { fetch, requests } = countingFetch();
    const counted = new ShippingClient({ baseUrl: sandbox.baseUrl, auth: own, fetch });
    const countries = await counted.countries();
    expect(countries.list).toContain("PL");
    expect(requests.filter((r) => r.includes("allowed-countries"))).toHaveLength(2);
  });

  it("renews the token of a package creation once and creates exactly one package", async () => {
    const own = await sandbox.login();
    await new ShippingClient({ baseUrl: sandbox.baseUrl, auth: own }).countries();
    for (let i = 0; i < 21; i++) await sandbox.login();
    const { fetch, requests } = countingFetch();
    const client = new ShippingClient({ baseUrl: sandbox.baseUrl, auth: own, fetch });
    const result = await client.packages.create(packageV2("renewed-create-1"));
    expect(result.reconciled).toBe(false);
    expect(requests.filter((r) => r === "POST /packages")).toHaveLength(2);
    const list = await client.packages.list({ user_reference_number: "renewed-create-1" });
    expect(list.packages).toHaveLength(1);
  });

  it("a renewed token that is refused too ends the call: one renewal, two requests", async () => {
    const asked: (string | undefined)[] = [];
    const auth = {
      accessToken: async (options?: { rejected?: string | undefined }) => {
        asked.push(options?.rejected);
        return options?.rejected === undefined ? "unknown-token-1" : "unknown-token-2";
      },
    };
    const { fetch, requests } = countingFetch();
    const client = new ShippingClient({ baseUrl: sandbox.baseUrl, auth, fetch });
    const error = await client.countries().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).status).toBe(401);
    // The refusal's JSON body is kept, parsed, as for every other status.
    expect((error as AuthenticationError).body).toEqual(expect.any(Object));
    expect(asked).toEqual([undefined, "unknown-token-1"]);
    expect(requests).toHaveLength(2);
  });

  it("an access token that never comes ends the call at its deadline, sending nothing", async () => {
    const { fetch, requests } = countingFetch();
    const client = new ShippingClient({
      baseUrl: sandbox.baseUrl,
      auth: { accessToken: () => new Promise<string>(() => {}) },
      fetch,
    });
    const error = await client.countries({ deadline: Date.now() + 50 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).code).toBe(API_ERROR_CODES.deadline_exceeded);
    expect(requests).toEqual([]);
  });
});
