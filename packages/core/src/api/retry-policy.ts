// When a request may be repeated and how long to wait first. Exponential
// backoff with full jitter (a random wait between zero and the backoff), or
// exactly what the service asked for in Retry-After (seconds or an HTTP date).
// Which requests are safe to repeat is decided per request by the caller:
// reads, PUTs of commands with a client-chosen uuid, and the validating POSTs.
import { ApiUsageError } from "./api-usage-error.ts";

export interface RetryOptions {
  /**
   * Retries after the first attempt (idempotent calls only). Default 6: with 20% of answers
   * failing, a call then fails about once in 78,000 (0.2^7) instead of once in 3,000 (0.2^5 with
   * 4), and the backoffs before the last retry add up to at most 18.9 s, within the call deadline.
   */
  readonly limit?: number;
  /** The first backoff in milliseconds; it doubles on every retry. Default 300. */
  readonly baseDelayMs?: number;
  /** The longest backoff in milliseconds. Default 10,000. */
  readonly maxDelayMs?: number;
  /** The longest Retry-After the client waits for, in milliseconds; longer asks fail at once. Default 60,000. */
  readonly maxRetryAfterMs?: number;
}

export interface ResolvedRetryOptions {
  readonly limit: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  readonly maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: ResolvedRetryOptions = {
  limit: 6,
  baseDelayMs: 300,
  maxDelayMs: 10_000,
  maxRetryAfterMs: 60_000,
};

export function resolveRetryOptions(options: RetryOptions | undefined): ResolvedRetryOptions {
  const resolved = { ...DEFAULT_RETRY, ...options };
  for (const [name, value] of Object.entries(resolved)) {
    if (!Number.isFinite(value) || value < 0) {
      throw new ApiUsageError(
        `retry.${name}`,
        `must be a finite number >= 0, got ${String(value)}`,
      );
    }
  }
  return { ...resolved, limit: Math.floor(resolved.limit) };
}

/** The backoff before retry number `attempt` (1-based), before jitter, capped. */
export function backoffDelay(attempt: number, options: ResolvedRetryOptions): number {
  return Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1));
}

/** Full jitter: a uniformly random wait between zero and the backoff. */
export function fullJitter(delayMs: number): number {
  return Math.random() * delayMs;
}

const DELAY_SECONDS = /^\d+$/;
/** HTTP dates start with the day's name (IMF-fixdate, RFC 850, asctime). */
const HTTP_DATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)/;

/**
 * The wait a Retry-After header asks for, in milliseconds from `nowMs`:
 * delay-seconds or an HTTP date. Undefined when absent or unreadable.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  nowMs: number,
): number | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  if (DELAY_SECONDS.test(trimmed)) return Number(trimmed) * 1000;
  if (!HTTP_DATE.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}
