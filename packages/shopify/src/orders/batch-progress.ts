// How far a batch is, as one bar and a time left: each order counts three
// steps (read and checked, its parcel bought, settled: fulfilled or shown
// with its problems), so the bar moves in every stage. The time left is
// the rate so far applied to what remains; while parcels are being bought,
// shipBatch's own estimate (which knows when the service will answer) is
// used when it is the longer.
import type { BatchRow } from "../store/batches.ts";

export interface BatchProgressView {
  /** Steps done and steps in all (three per order). */
  readonly value: number;
  readonly max: number;
  /** 0 to 100, whole. */
  readonly percent: number;
  /** Milliseconds left, once there is a rate to go by; 0 when done. */
  readonly remainingMs: number | undefined;
  readonly done: boolean;
}

export function batchProgress(batch: BatchRow, nowMs: number): BatchProgressView {
  const max = Math.max(1, batch.total * 3);
  const { outcomes } = batch;
  const settled =
    outcomes.fulfilled + outcomes.needs_attention + outcomes.skipped + outcomes.unknown_order;
  const value = Math.min(max, outcomes.read + outcomes.bought * 2 + settled * 3);
  const done = batch.status === "done";
  if (done) return { value: max, max, percent: 100, remainingMs: 0, done };
  const percent = Math.floor((value * 100) / max);
  if (batch.status !== "running" || batch.startedAt === undefined || value === 0) {
    return { value, max, percent, remainingMs: undefined, done };
  }
  const elapsed = Math.max(0, nowMs - batch.startedAt.getTime());
  const byRate = (elapsed * (max - value)) / value;
  const byService =
    batch.stage === "buying" && batch.remainingMs !== undefined
      ? Math.max(0, batch.remainingMs - Math.max(0, nowMs - batch.updatedAt.getTime()))
      : undefined;
  const remainingMs = Math.round(byService === undefined ? byRate : Math.max(byRate, byService));
  return { value, max, percent, remainingMs, done };
}
