// The one polling loop the client's pollers share (price calculation running
// in the background, order and cancel commands, labels not ready yet): ask,
// and while the answer says "not yet", wait and ask again, until the call's
// deadline. The wait is the one the answer asks for (its Retry-After), however
// long, up to the deadline (with a small floor, so that "0" never makes it ask
// without a pause); else a growing interval. A final answer is returned at
// once, without waiting. Waiting uses the injectable sleep and honours the
// AbortSignal.
import type { Deadline, Sleep } from "./deadline.ts";

export interface PollOptions {
  /** First wait between two asks when the service says nothing, in milliseconds. Default 1,000. */
  readonly intervalMs?: number;
  /**
   * Longest wait between two asks when the service says nothing, in
   * milliseconds. Default 10,000. A wait the service asks for (Retry-After)
   * is honoured whole, up to the call's deadline.
   */
  readonly maxIntervalMs?: number;
}

/** The shortest wait after an answer whose Retry-After asks for less (0 included). */
export const MIN_RETRY_AFTER_MS = 250;

export type PollStep<T> =
  | { readonly done: true; readonly value: T }
  | {
      readonly done: false;
      /** The wait the service asked for (its Retry-After), if any. */
      readonly waitMs?: number;
    };

export interface PollRun<T> {
  readonly ask: () => Promise<PollStep<T>>;
  /** An answer already read before polling (e.g. the PUT that started a command): waited on first. */
  readonly first?: PollStep<T>;
  readonly deadline: Deadline;
  readonly sleep: Sleep;
  readonly signal: AbortSignal | undefined;
  readonly options: PollOptions | undefined;
  /** For the deadline error: what was being waited for, and the request. */
  readonly what: string;
  readonly method: string;
  readonly path: string;
}

export const DEFAULT_POLL: Required<PollOptions> = { intervalMs: 1_000, maxIntervalMs: 10_000 };

export async function poll<T>(run: PollRun<T>): Promise<T> {
  const { intervalMs, maxIntervalMs } = { ...DEFAULT_POLL, ...run.options };
  let interval = intervalMs;
  let known = run.first;
  for (;;) {
    run.deadline.check(run.method, run.path, run.what, run.signal);
    const step = known ?? (await run.ask());
    known = undefined;
    if (step.done) return step.value;
    const wait = step.waitMs === undefined ? interval : Math.max(step.waitMs, MIN_RETRY_AFTER_MS);
    const remaining = run.deadline.remainingMs();
    if (remaining <= 0) throw run.deadline.exceeded(run.method, run.path, run.what);
    await run.sleep(Math.min(wait, remaining), run.signal);
    interval = Math.min(maxIntervalMs, Math.ceil(interval * 1.5));
  }
}
