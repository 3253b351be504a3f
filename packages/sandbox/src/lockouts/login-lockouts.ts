// Resistance to password guessing, as an authorization server has it: wrong
// passwords are counted per user and per client within a window of the
// sandbox clock; past the limit the user (or client) is locked out for a
// while, whatever password it sends next. The password grant and the login
// page share the counts. In memory: POST /_sandbox/reset and
// DELETE /_sandbox/lockouts clear them.
import type { SandboxClock } from "../clock/sandbox-clock.ts";

/** Wrong passwords of one user within the window that lock it. */
export const USER_FAILURE_LIMIT = 5;
/** Wrong passwords sent by one client (over any users) within the window that lock it. */
export const CLIENT_FAILURE_LIMIT = 20;
export const FAILURE_WINDOW_SECONDS = 15 * 60;
export const LOCKOUT_SECONDS = 15 * 60;

export type LockoutKind = "user" | "client";

export interface Lockout {
  readonly kind: LockoutKind;
  readonly id: string;
  /** Whole seconds until it ends (at least 1). */
  readonly retryAfterSeconds: number;
}

interface Counter {
  /** Sandbox-clock instants (ms) of the failures within the window. */
  failures: number[];
  lockedUntil: number;
}

const LIMITS: Record<LockoutKind, number> = {
  user: USER_FAILURE_LIMIT,
  client: CLIENT_FAILURE_LIMIT,
};

export const LOCKOUT_MESSAGES: Record<LockoutKind, (seconds: number) => string> = {
  user: (s) => `Too many failed sign-ins for this user; try again in ${s} seconds.`,
  client: (s) => `Too many failed sign-ins from this application; try again in ${s} seconds.`,
};

export class LoginLockouts {
  readonly #clock: SandboxClock;
  readonly #counters = new Map<string, Counter>();

  constructor(clock: SandboxClock) {
    this.#clock = clock;
  }

  /** The lockout that refuses a sign-in of `username` through `clientId` now, if any. */
  check(username: string, clientId: string): Lockout | undefined {
    const now = this.#clock.nowMs();
    for (const [kind, id] of [
      ["user", username],
      ["client", clientId],
    ] as const) {
      const counter = this.#counters.get(`${kind}:${id}`);
      if (counter && counter.lockedUntil > now) {
        return { kind, id, retryAfterSeconds: Math.ceil((counter.lockedUntil - now) / 1000) };
      }
    }
    return undefined;
  }

  failed(username: string, clientId: string): void {
    const now = this.#clock.nowMs();
    this.#count("user", username, now);
    this.#count("client", clientId, now);
  }

  /** A right password clears the user's failures (the client's stay within their window). */
  succeeded(username: string): void {
    this.#counters.delete(`user:${username}`);
  }

  list(): Lockout[] {
    const now = this.#clock.nowMs();
    const locked: Lockout[] = [];
    for (const [key, counter] of this.#counters) {
      if (counter.lockedUntil <= now) continue;
      const kind = key.startsWith("user:") ? "user" : "client";
      locked.push({
        kind,
        id: key.slice(kind.length + 1),
        retryAfterSeconds: Math.ceil((counter.lockedUntil - now) / 1000),
      });
    }
    return locked;
  }

  clear(): void {
    this.#counters.clear();
  }

  #count(kind: LockoutKind, id: string, now: number): void {
    const key = `${kind}:${id}`;
    const counter = this.#counters.get(key) ?? { failures: [], lockedUntil: 0 };
    counter.failures = counter.failures.filter((at) => at > now - FAILURE_WINDOW_SECONDS * 1000);
    counter.failures.push(now);
    if (counter.failures.length >= LIMITS[kind]) {
      counter.lockedUntil = now + LOCKOUT_SECONDS * 1000;
      counter.failures = [];
    }
    this.#counters.set(key, counter);
  }
}
