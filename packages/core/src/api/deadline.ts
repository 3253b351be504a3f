// The overall time budget of one client call, retries and polling included,
// measured by the client's injectable clock, and the sleep the pollers wait
// with (injectable too, so tests can drive the sandbox's test clock instead
// of waiting). Both honour an AbortSignal.

import type { Clock } from "../clock.ts";
import { API_ERROR_CODES, TimeoutError } from "./api-error.ts";
import { ApiUsageError } from "./api-usage-error.ts";

/** Waits `ms` milliseconds, or rejects with the signal's reason when it is aborted. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const realSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });

/** The longest delay a timer can have. */
export const MAX_TIMER_MS = 2_147_483_647;

/** An absolute point in time, by the client's clock: a Date or epoch milliseconds. */
export type DeadlineInput = Date | number;

export class Deadline {
  readonly atMs: number;
  readonly #clock: Clock;

  constructor(at: DeadlineInput, clock: Clock) {
    this.atMs = typeof at === "number" ? at : at.getTime();
    if (!Number.isFinite(this.atMs)) {
      throw new ApiUsageError("deadline", "must be a valid date or epoch milliseconds");
    }
    this.#clock = clock;
  }

  static after(ms: number, clock: Clock): Deadline {
    return new Deadline(clock().getTime() + ms, clock);
  }

  remainingMs(): number {
    return Math.max(0, this.atMs - this.#clock().getTime());
  }

  get expired(): boolean {
    return this.remainingMs() <= 0;
  }

  /** The error for a call that ran out of its budget. */
  exceeded(method: string, path: string, what: string, cause?: unknown): TimeoutError {
    return new TimeoutError(
      API_ERROR_CODES.deadline_exceeded,
      `${what} did not finish before the deadline (${new Date(this.atMs).toISOString()}): ${method} ${path}`,
      { method, path, cause },
    );
  }

  /**
   * Waits for `work` (e.g. an access token), but no longer than the budget
   * left: past the deadline, rejects with the deadline error.
   */
  within<T>(work: Promise<T>, method: string, path: string, what: string): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(this.exceeded(method, path, what)),
        Math.min(MAX_TIMER_MS, this.remainingMs()),
      );
    });
    return Promise.race([work, late]).finally(() => clearTimeout(timer));
  }

  /** Throws the deadline error when the budget is spent, the signal's reason when aborted. */
  check(method: string, path: string, what: string, signal?: AbortSignal): void {
    signal?.throwIfAborted();
    if (this.expired) throw this.exceeded(method, path, what);
  }
}
