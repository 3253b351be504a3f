// A batch as the admin routes show it: its state and counts, the time left
// (the estimate the run kept, less the time since), each order's outcome,
// and the orders that did not ship with their problems in the language
// asked for.
import type { Language } from "@shipbridge/core";

export interface BatchRowLike {
  id: string;
  key: string;
  state: string;
  phase: string;
  total: number;
  created: number;
  ordered: number;
  labelled: number;
  fulfilled: number;
  failed: number;
  remaining_ms: number | null;
  progress_at: Date | string | null;
  runs: number;
  finished_at: Date | string | null;
  pickups?: unknown;
  created_at: Date | string;
}

export interface BatchOrderRowLike {
  order_id: string;
  shipping_method_id?: string | null;
  state: string;
  shipment_key: string | null;
  package_id: number | null;
  service: string | null;
  fulfillment_id: string | null;
  fulfilled_by: string | null;
  code: string | null;
  messages: unknown;
  issues: unknown;
  retryable: boolean;
}

function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/** The estimate of the time left now, from the one kept at `progress_at`. */
function timeLeft(batch: BatchRowLike, now: number): number | null {
  if (batch.state === "done") return 0;
  // Queued (not started, or waiting for the resume job after a failed run): no estimate.
  if (batch.state === "queued") return null;
  if (batch.remaining_ms === null || batch.progress_at === null) return null;
  const since = now - new Date(batch.progress_at).getTime();
  return Math.max(0, batch.remaining_ms - since);
}

export function batchSummary(batch: BatchRowLike, now = Date.now()) {
  return {
    id: batch.id,
    key: batch.key,
    state: batch.state,
    phase: batch.phase,
    done: batch.state === "done",
    total: batch.total,
    created: batch.created,
    ordered: batch.ordered,
    labelled: batch.labelled,
    fulfilled: batch.fulfilled,
    failed: batch.failed,
    remaining_ms: timeLeft(batch, now),
    runs: batch.runs,
    created_at: iso(batch.created_at),
    finished_at: iso(batch.finished_at),
  };
}

export function batchView(
  batch: BatchRowLike,
  orders: readonly BatchOrderRowLike[],
  language: Language,
  now = Date.now(),
) {
  const failures = orders
    .filter((order) => order.state === "failed")
    .map((order) => {
      const messages = (order.messages ?? {}) as Partial<Record<Language, string>>;
      const issues = (order.issues ?? {}) as Partial<Record<Language, unknown[]>>;
      const other: Language = language === "pl_PL" ? "en_GB" : "pl_PL";
      return {
        order_id: order.order_id,
        shipping_method_id: order.shipping_method_id ?? null,
        code: order.code,
        message: messages[language] ?? messages[other] ?? null,
        issues: issues[language] ?? issues[other] ?? [],
        retryable: order.retryable,
      };
    });
  return {
    ...batchSummary(batch, now),
    pickups: batch.pickups ?? [],
    orders: orders.map((order) => ({
      order_id: order.order_id,
      shipping_method_id: order.shipping_method_id ?? null,
      state: order.state,
      package_id: order.package_id,
      service: order.service,
      fulfillment_id: order.fulfillment_id,
      fulfilled_by: order.fulfilled_by,
    })),
    failures,
  };
}
