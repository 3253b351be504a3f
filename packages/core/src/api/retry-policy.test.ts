// Tests of the retry arithmetic: reading Retry-After, and exponential backoff with full jitter.
import { describe, expect, it } from "vitest";
import {
  backoffDelay,
  DEFAULT_RETRY,
  fullJitter,
  parseRetryAfter,
  resolveRetryOptions,
} from "./retry-policy.ts";

describe("parseRetryAfter", () => {
  const now = Date.parse("2026-09-01T12:00:00Z");

  it("reads delay-seconds", () => {
    expect(parseRetryAfter("3", now)).toBe(3000);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
  });

  it("reads an HTTP date relative to now, never negative", () => {
    expect(parseRetryAfter("Tue, 01 Sep 2026 12:00:05 GMT", now)).toBe(5000);
    expect(parseRetryAfter("Tue, 01 Sep 2026 11:00:00 GMT", now)).toBe(0);
  });

  it("ignores what it cannot read", () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter("-1", now)).toBeUndefined();
  });
});

describe("backoff", () => {
  it("doubles from the base and stops at the cap", () => {
    const options = resolveRetryOptions({ baseDelayMs: 100, maxDelayMs: 500 });
    expect([1, 2, 3, 4, 5].map((n) => backoffDelay(n, options))).toEqual([100, 200, 400, 500, 500]);
  });

  it("full jitter stays between zero and the backoff", () => {
    for (let i = 0; i < 200; i++) {
      const wait = fullJitter(800);
      expect(wait).toBeGreaterThanOrEqual(0);
      expect(wait).toBeLessThanOrEqual(800);
    }
  });

  it("retries idempotent calls often enough by default that a 20% fault rate almost never fails one", () => {
    // A call fails only when its first attempt and every retry meet a fault.
    const failure = 0.2 ** (DEFAULT_RETRY.limit + 1);
    expect(failure).toBeLessThan(2e-5);
    // ...and the backoffs stay bounded: the sum of the capped waits before the last retry.
    let longest = 0;
    for (let attempt = 1; attempt <= DEFAULT_RETRY.limit; attempt += 1) {
      longest += backoffDelay(attempt, DEFAULT_RETRY);
    }
    expect(longest).toBeLessThanOrEqual(30_000);
  });

  it("rejects impossible settings with the option's name", () => {
    expect(() => resolveRetryOptions({ limit: -1 })).toThrow(/retry\.limit/);
    expect(() => resolveRetryOptions({ maxDelayMs: Number.NaN })).toThrow(
      expect.objectContaining({ code: "invalid_api_options", option: "retry.maxDelayMs" }),
    );
    expect(resolveRetryOptions(undefined)).toEqual(DEFAULT_RETRY);
  });
});
