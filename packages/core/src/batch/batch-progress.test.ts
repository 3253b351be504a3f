// shipBatch's progress: the counts as events arrive, and the estimate of the
// time left, on a clock the test moves.
import { describe, expect, it } from "vitest";
import { BatchProgressTracker } from "./batch-progress.ts";
import type { BatchProgress } from "./ship-batch-types.ts";

function tracker(chunkSizes: number[]) {
  let now = 0;
  const events: BatchProgress[] = [];
  const progress = new BatchProgressTracker(
    chunkSizes,
    (p) => events.push(p),
    () => now,
  );
  return {
    progress,
    events,
    at: (ms: number) => {
      now = ms;
    },
  };
}

describe("batch progress", () => {
  it("counts each step and ends with done", () => {
    const { progress, events } = tracker([2, 1]);
    progress.created("a", 0);
    progress.failed("b", 0, true);
    progress.created("c", 1);
    progress.ordered("a");
    progress.labelled("a");
    progress.ordered("c");
    progress.labelled("c");
    progress.done();
    expect(events.map((e) => [e.event, e.orderId])).toEqual([
      ["created", "a"],
      ["failed", "b"],
      ["created", "c"],
      ["ordered", "a"],
      ["labelled", "a"],
      ["ordered", "c"],
      ["labelled", "c"],
      ["done", undefined],
    ]);
    expect(events.at(-1)).toEqual({
      event: "done",
      total: 3,
      created: 2,
      ordered: 2,
      labelled: 2,
      failed: 1,
      remainingMs: 0,
    });
  });

  it("estimates the time left once a chunk is ordered, from the pace and the chunk's times", () => {
    const { progress, events, at } = tracker([2, 2, 2]);
    // Two orders created a second: chunk 0 by 1 s, sent.
    at(500);
    progress.created("a1", 0);
    at(1_000);
    progress.created("a2", 0);
    progress.chunkSent(0);
    expect(events.at(-1)?.remainingMs).toBeUndefined();
    // Chunk 0 is ordered 5 s after it was sent; 3 more orders created by then.
    at(2_000);
    progress.created("b1", 1);
    at(3_000);
    progress.created("b2", 1);
    progress.chunkSent(1);
    at(4_000);
    progress.created("c1", 2);
    at(6_000);
    progress.chunkFinal(0);
    progress.ordered("a1");
    // Chunk 0: labels expected 5 s after its order (as long as the order took) at 11 s;
    // chunk 1: sent at 3 s, ordered at 8 s, labelled at 13 s; chunk 2: one order to
    // create at 1.2 s an order (6 s for 5), sent at 7.2 s, labelled at 17.2 s.
    expect(events.at(-1)?.remainingMs).toBe(11_200);
    // A label seen ready 3 s after the order: later chunks are expected the same.
    at(9_000);
    progress.chunkLabelled(0);
    progress.labelled("a1");
    // Chunk 1: 8 s + 3 s = 11 s; chunk 2: 9 s + 1 × 1.8 s + 5 s + 3 s = 18.8 s.
    expect(events.at(-1)?.remainingMs).toBe(9_800);
  });

  it("ignores a callback that throws", () => {
    const progress = new BatchProgressTracker([1], () => {
      throw new Error("the page went away");
    });
    expect(() => progress.created("a", 0)).not.toThrow();
  });
});
