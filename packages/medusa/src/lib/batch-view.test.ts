// The batch as the routes show it: the time left counts down from the
// estimate the run kept, is 0 once done and unknown before any estimate; a
// failed order's problem comes in the language asked for, or the other one
// when only that was kept.
import { describe, expect, it } from "vitest";
import { type BatchOrderRowLike, type BatchRowLike, batchView } from "./batch-view.ts";

const batch = (over: Partial<BatchRowLike> = {}): BatchRowLike => ({
  id: "sbbat_1",
  key: "day-1",
  state: "running",
  phase: "fulfilling",
  total: 3,
  created: 3,
  ordered: 3,
  labelled: 3,
  fulfilled: 1,
  failed: 1,
  remaining_ms: 5_000,
  progress_at: "2026-11-26T10:00:00.000Z",
  runs: 1,
  finished_at: null,
  created_at: "2026-11-26T09:59:00.000Z",
  ...over,
});

const row = (over: Partial<BatchOrderRowLike>): BatchOrderRowLike => ({
  order_id: "order_1",
  state: "fulfilled",
  shipment_key: null,
  package_id: null,
  service: null,
  fulfillment_id: null,
  fulfilled_by: null,
  code: null,
  messages: null,
  issues: null,
  retryable: false,
  ...over,
});

describe("batchView", () => {
  const at = (iso: string) => new Date(iso).getTime();

  it("counts the time left down from the kept estimate, never below 0", () => {
    expect(batchView(batch(), [], "en_GB", at("2026-11-26T10:00:02.000Z")).remaining_ms).toBe(
      3_000,
    );
    expect(batchView(batch(), [], "en_GB", at("2026-11-26T10:00:09.000Z")).remaining_ms).toBe(0);
    expect(batchView(batch({ remaining_ms: null }), [], "en_GB").remaining_ms).toBeNull();
    const done = batchView(
      batch({ state: "done", phase: "done", remaining_ms: null }),
      [],
      "en_GB",
    );
    expect(done).toMatchObject({ done: true, remaining_ms: 0 });
    // Back in the queue after a failed run: no estimate until a run takes it.
    const queued = batchView(
      batch({ state: "queued" }),
      [],
      "en_GB",
      at("2026-11-26T10:00:02.000Z"),
    );
    expect(queued.remaining_ms).toBeNull();
  });

  it("gives each failed order's problem in the language asked for", () => {
    const failed = row({
      order_id: "order_2",
      state: "failed",
      code: "validation_failed",
      messages: { en_GB: "phone bad", pl_PL: "zły telefon" },
      issues: {
        en_GB: [{ path: "order.shipping_address.phone", rule: "phone_invalid", message: "bad" }],
        pl_PL: [{ path: "order.shipping_address.phone", rule: "phone_invalid", message: "zły" }],
      },
    });
    const onlyEnglish = row({
      order_id: "order_3",
      state: "failed",
      code: "unexpected_state",
      messages: { en_GB: "service down" },
      retryable: true,
    });
    const view = batchView(batch(), [row({}), failed, onlyEnglish], "pl_PL");
    expect(view.orders.map((o) => o.state)).toEqual(["fulfilled", "failed", "failed"]);
    expect(view.failures).toEqual([
      {
        order_id: "order_2",
        shipping_method_id: null,
        code: "validation_failed",
        message: "zły telefon",
        issues: [{ path: "order.shipping_address.phone", rule: "phone_invalid", message: "zły" }],
        retryable: false,
      },
      {
        order_id: "order_3",
        shipping_method_id: null,
        code: "unexpected_state",
        message: "service down",
        issues: [],
        retryable: true,
      },
    ]);
  });
});
