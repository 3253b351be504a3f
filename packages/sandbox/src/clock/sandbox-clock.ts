// The sandbox's test clock: real time plus an offset that only moves forward,
// through POST /_sandbox/clock/advance. A sandbox may start its clock at a
// chosen instant (startSandbox's clockStart, the CLI's --clock-start), from
// where it runs on with real time, or stands still (freezeClock, the CLI's
// --freeze-clock) until advanced. Everything time-bound in the sandbox
// (code and token expiry, refresh limits, date-bound rules, label readiness,
// tracking progress) asks this clock. The offset is kept in the database, so a
// sandbox started with --data keeps its time across restarts, and held in
// memory (written through on every change), as now() runs on every request.
import type { SandboxDatabase } from "../state/database.ts";

const OFFSET_KEY = "clock_offset_ms";

export class SandboxClock {
  readonly #db: SandboxDatabase;
  readonly #realNow: () => number;
  /** Whether the clock stands still between advances (its base is the start instant). */
  readonly frozen: boolean;
  #offsetMs: number;

  /** `frozen` stops the clock at the instant of construction; it then moves only by advance(). */
  constructor(db: SandboxDatabase, options: { frozen?: boolean; realNow?: () => number } = {}) {
    this.#db = db;
    const realNow = options.realNow ?? Date.now;
    const startedAt = realNow();
    this.frozen = options.frozen ?? false;
    this.#realNow = this.frozen ? () => startedAt : realNow;
    this.#offsetMs = Number(db.getMeta(OFFSET_KEY) ?? "0");
  }

  get offsetMs(): number {
    return this.#offsetMs;
  }

  #setOffset(offsetMs: number): void {
    this.#db.setMeta(OFFSET_KEY, String(offsetMs));
    this.#offsetMs = offsetMs;
  }

  nowMs(): number {
    return this.#realNow() + this.offsetMs;
  }

  now(): Date {
    return new Date(this.nowMs());
  }

  /** Seconds since the epoch, as JWT `iat`/`exp` count them. */
  nowSeconds(): number {
    return Math.floor(this.nowMs() / 1000);
  }

  /**
   * Sets where the clock reads at start. New state (no clock kept yet) starts
   * at `at`, or at real time without it. State that already has a clock (a
   * data file) keeps it, since the clock never moves back; a later `at` moves
   * it forward.
   */
  start(at?: Date): void {
    const stored = this.#db.getMeta(OFFSET_KEY);
    if (stored === undefined) {
      this.#setOffset(at === undefined ? 0 : at.getTime() - this.#realNow());
      return;
    }
    if (at !== undefined && at.getTime() > this.nowMs()) {
      this.#setOffset(at.getTime() - this.#realNow());
    }
  }

  advance(seconds: number): void {
    if (!Number.isFinite(seconds) || seconds < 0) {
      throw new RangeError("the clock only moves forward: seconds must be a finite number >= 0");
    }
    this.#setOffset(this.#offsetMs + Math.round(seconds * 1000));
  }
}
