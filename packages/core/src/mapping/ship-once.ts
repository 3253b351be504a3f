// Keeps two shipOrder runs for one order from working at the same time: the
// service accepts two packages with one user_reference_number, so two runs
// that both look, find nothing and create would ship the order twice.
//
// - In one process, runs for one (storeId, orderId) of one account (the
//   client's auth provider) share one flight: a call that arrives while
//   another runs waits for it and takes its result only when it asked for the
//   same thing (the same package, label and company); otherwise it waits, then
//   runs itself and finds everything done, or finds another order's package
//   (package_mismatch). Flights of different accounts never meet. If the shared run fails for a reason of its own (its signal, its
//   deadline, the network), the waiting call runs itself.
// - Across processes, an optional LeaseStore (any TokenStore: Sqlite,
//   Postgres) holds a lease per order while a run works. The holder renews
//   it every third of its time to live; a holder that cannot renew it in time
//   stops its run with lease_lost instead of racing whoever takes it over.
//   Others poll until they get the lease, then run and find the package and
//   the order command by their reference and uuid, as after a crash.
// - shipBatch takes part in both without waiting (claimFlight, tryLease). An
//   order whose lease another holder has is taken again once that lease is
//   free (awaitLease, at most the lease's time to live: a crashed holder's
//   runs out by then); one another run of this process holds, or whose
//   lease a live holder keeps, is left to shipOrder after its chunk.
// Waiting is bounded by the call's signal and deadline (measured in real time,
// like the lease).
import { Deadline, type DeadlineInput, realSleep } from "../api/deadline.ts";
import { systemClock } from "../clock.ts";
import type { LeaseStore } from "../oauth/lease-store.ts";
import { OrderLockError } from "./order-lock-error.ts";

/** How long a lease lasts without renewal; a crashed holder blocks others this long at most. */
export const ORDER_LEASE_TTL_MS = 30_000;
const POLL_MS = 200;

export interface OnceOptions {
  readonly signal?: AbortSignal | undefined;
  readonly deadline?: DeadlineInput | undefined;
}

interface Flight<T> {
  /** What the run was asked for beyond the order (e.g. the label format); equal means its result fits. */
  readonly share: string;
  readonly promise: Promise<T>;
}

/** The flights under way, per account (see clientAccount), then per key. */
const flightsByAccount = new WeakMap<object, Map<string, Flight<unknown>>>();

/**
 * Runs `run` unless a run for `key` of `account` is already under way in this
 * process, in which case it waits for that one (see the top of this file).
 * `share` is what the run was asked for: equal means its result fits. `keep(error)`
 * says whether another run's failure is this call's answer too (true) or
 * whether it should run itself (false).
 */
export async function singleFlight<T>(
  account: object,
  key: string,
  share: string,
  options: OnceOptions,
  keep: (error: unknown) => boolean,
  run: () => Promise<T>,
): Promise<T> {
  let flights = flightsByAccount.get(account);
  if (flights === undefined) {
    flights = new Map();
    flightsByAccount.set(account, flights);
  }
  for (;;) {
    const flight = flights.get(key) as Flight<T> | undefined;
    if (flight === undefined) {
      const promise = run();
      const entry: Flight<T> = { share, promise };
      flights.set(key, entry);
      const forget = () => {
        if (flights.get(key) === entry) flights.delete(key);
      };
      promise.then(forget, forget);
      return promise;
    }
    let result: T;
    try {
      result = await waitFor(flight.promise, options, key);
    } catch (error) {
      if (ownStop(options, error) || keep(error)) throw error;
      if (flights.get(key) === flight) flights.delete(key);
      continue;
    }
    if (flight.share === share) return result;
    if (flights.get(key) === flight) flights.delete(key);
  }
}

/**
 * Claims `key` of `account` for work of this process that is not one shipOrder
 * call (shipBatch's work on one order), unless a run for it is under way:
 * undefined when one is. Until `finish` is called, shipOrder calls for the key
 * wait, then run themselves (`share` never equals theirs) and find the work done.
 */
export function claimFlight(
  account: object,
  key: string,
  share: string,
): { finish: () => void } | undefined {
  let flights = flightsByAccount.get(account);
  if (flights === undefined) {
    flights = new Map();
    flightsByAccount.set(account, flights);
  }
  if (flights.has(key)) return undefined;
  let resolve: (value: unknown) => void = () => undefined;
  const promise = new Promise<unknown>((settle) => {
    resolve = settle;
  });
  const entry: Flight<unknown> = { share, promise };
  flights.set(key, entry);
  const own = flights;
  return {
    finish: () => {
      if (own.get(key) === entry) own.delete(key);
      resolve(undefined);
    },
  };
}

/** A lease this process holds and renews until it gives it back. */
export interface HeldLease {
  /** Aborts (with OrderLockError) when the lease could not be renewed in time. */
  readonly lost: AbortSignal;
  /** Stops renewing and gives the lease back (idempotent). */
  release(): Promise<void>;
}

/**
 * Runs `run` while holding the lease on `key` in `lock`, waiting for it as
 * long as the call's signal and deadline allow. `run` gets a signal that also
 * aborts when the lease is lost. `ttlMs` is the lease's time to live.
 */
export async function withLease<T>(
  lock: LeaseStore | undefined,
  key: string,
  options: OnceOptions,
  run: (signal: AbortSignal | undefined) => Promise<T>,
  ttlMs = ORDER_LEASE_TTL_MS,
): Promise<T> {
  if (lock === undefined) return run(options.signal);
  const holder = crypto.randomUUID();
  const deadline =
    options.deadline === undefined ? undefined : new Deadline(options.deadline, systemClock);
  for (;;) {
    options.signal?.throwIfAborted();
    if (await lock.acquireLease(key, holder, ttlMs)) break;
    if (deadline?.expired) {
      throw deadline.exceeded("LEASE", key, "Waiting for another run of the order");
    }
    // A little jitter, so that waiters do not ask in lockstep.
    const pause = POLL_MS / 2 + Math.random() * POLL_MS;
    await realSleep(
      deadline === undefined ? pause : Math.min(pause, deadline.remainingMs()),
      options.signal,
    );
  }
  const lease = keepLease(lock, key, holder, ttlMs);
  const signal =
    options.signal === undefined ? lease.lost : AbortSignal.any([options.signal, lease.lost]);
  try {
    return await run(signal);
  } finally {
    await lease.release();
  }
}

/**
 * Takes the lease on `key` in `lock` if it is free, without waiting: the held
 * lease (renewed until released), or undefined when another holder has it.
 */
export async function tryLease(
  lock: LeaseStore,
  key: string,
  ttlMs = ORDER_LEASE_TTL_MS,
): Promise<HeldLease | undefined> {
  const holder = crypto.randomUUID();
  if (!(await lock.acquireLease(key, holder, ttlMs))) return undefined;
  return keepLease(lock, key, holder, ttlMs);
}

/**
 * Takes the lease on `key` in `lock` once it is free, asking again every
 * fifth of a second or so for at most `waitMs` and within the signal and
 * deadline: the held lease (renewed until released), or undefined when the
 * holder kept it all that time or the deadline came first. A run that
 * crashed holding the lease lets go of it within the lease's time to live
 * (the default `waitMs`), so past that the holder is a live run.
 */
export async function awaitLease(
  lock: LeaseStore,
  key: string,
  options: OnceOptions,
  waitMs = ORDER_LEASE_TTL_MS + POLL_MS,
  ttlMs = ORDER_LEASE_TTL_MS,
): Promise<HeldLease | undefined> {
  const holder = crypto.randomUUID();
  const deadline =
    options.deadline === undefined ? undefined : new Deadline(options.deadline, systemClock);
  const until = Date.now() + waitMs;
  for (;;) {
    options.signal?.throwIfAborted();
    if (await lock.acquireLease(key, holder, ttlMs)) return keepLease(lock, key, holder, ttlMs);
    const left = Math.min(until - Date.now(), deadline?.remainingMs() ?? Number.POSITIVE_INFINITY);
    if (left <= 0) return undefined;
    // A little jitter, so that waiters do not ask in lockstep.
    await realSleep(Math.min(POLL_MS / 2 + Math.random() * POLL_MS, left), options.signal);
  }
}

/** Renews a lease just taken every third of its time to live, until released. */
function keepLease(lock: LeaseStore, key: string, holder: string, ttlMs: number): HeldLease {
  const renewEveryMs = ttlMs / 3;
  const lost = new AbortController();
  let renewedAt = Date.now();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let beat: Promise<void> | undefined;
  let released: Promise<void> | undefined;
  const renew = async (): Promise<void> => {
    try {
      if (await lock.acquireLease(key, holder, ttlMs)) renewedAt = Date.now();
      else return lost.abort(new OrderLockError(key));
    } catch (error) {
      // The lease still lasts a while: try again on the next beat, give up before it runs out.
      if (Date.now() - renewedAt >= ttlMs - renewEveryMs / 2) {
        return lost.abort(new OrderLockError(key, error));
      }
    }
    schedule();
  };
  const schedule = () => {
    if (stopped) return;
    timer = unref(
      setTimeout(() => {
        beat = renew();
      }, renewEveryMs),
    );
  };
  schedule();
  const release = async (): Promise<void> => {
    stopped = true;
    clearTimeout(timer);
    // A renewal still under way must not take the lease again after it is given back.
    await beat;
    try {
      await lock.releaseLease(key, holder);
    } catch {
      // The lease runs out by itself.
    }
  };
  return {
    lost: lost.signal,
    release: () => {
      released ??= release();
      return released;
    },
  };
}

/** Waits for another run's result, or stops at this call's signal or deadline. */
function waitFor<T>(promise: Promise<T>, options: OnceOptions, key: string): Promise<T> {
  const { signal } = options;
  const deadline =
    options.deadline === undefined ? undefined : new Deadline(options.deadline, systemClock);
  if (signal === undefined && deadline === undefined) return promise;
  return new Promise<T>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const onAbort = () => finish(() => reject(signal?.reason));
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      settle();
    };
    if (signal?.aborted) return reject(signal.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
    if (deadline !== undefined) {
      timer = unref(
        setTimeout(
          () =>
            finish(() =>
              reject(deadline.exceeded("WAIT", key, "Waiting for another run of the order")),
            ),
          deadline.remainingMs(),
        ),
      );
    }
    promise.then(
      (value) => finish(() => resolve(value)),
      (error: unknown) => finish(() => reject(error)),
    );
  });
}

/** Whether the error is this call's own stop (its signal or its deadline), not the other run's. */
function ownStop(options: OnceOptions, error: unknown): boolean {
  if (options.signal?.aborted) return true;
  return (
    options.deadline !== undefined &&
    new Deadline(options.deadline, systemClock).expired &&
    (error as { code?: unknown } | null)?.code === "deadline_exceeded"
  );
}

function unref(timer: NodeJS.Timeout): NodeJS.Timeout {
  timer.unref?.();
  return timer;
}
