// The polling loop's waits, on a fake clock that the sleep moves: the wait
// the service asks for (Retry-After) is honoured whole, however long, up to
// the deadline; a Retry-After of 0 is not a reason to ask without pause; the
// client's own growing interval applies only when the service says nothing.
import { describe, expect, it } from "vitest";
import { Deadline } from "./deadline.ts";
import { DEFAULT_POLL, MIN_RETRY_AFTER_MS, type PollOptions, type PollStep, poll } from "./poll.ts";

/** The sleeps of one poll whose asks answer "not yet" with these waits (undefined: no Retry-After), then done. */
async function sleeps(
  waits: readonly (number | undefined)[],
  { budgetMs = 600_000, options }: { budgetMs?: number; options?: PollOptions } = {},
): Promise<{ slept: number[]; asked: number; error?: unknown }> {
  let now = 0;
  const clock = () => new Date(now);
  const slept: number[] = [];
  let asked = 0;
  const answer = (): PollStep<string> => {
    const waitMs = waits[asked++];
    if (asked > waits.length) return { done: true, value: "final" };
    return waitMs === undefined ? { done: false } : { done: false, waitMs };
  };
  try {
    await poll({
      ask: async () => answer(),
      deadline: new Deadline(budgetMs, clock),
      sleep: async (ms) => {
        slept.push(ms);
        now += ms;
      },
      signal: undefined,
      options,
      what: "The command",
      method: "GET",
      path: "/order-commands/x",
    });
  } catch (error) {
    return { slept, asked, error };
  }
  return { slept, asked };
}

describe("poll", () => {
  it("waits as long as the service's Retry-After says, also past the longest interval", async () => {
    expect((await sleeps([30_000, 30_000])).slept).toEqual([30_000, 30_000]);
    expect(30_000).toBeGreaterThan(DEFAULT_POLL.maxIntervalMs);
  });

  it("never asks again without a pause when the service says 0", async () => {
    const { slept } = await sleeps([0, 0, 0]);
    expect(slept).toEqual([MIN_RETRY_AFTER_MS, MIN_RETRY_AFTER_MS, MIN_RETRY_AFTER_MS]);
    expect(MIN_RETRY_AFTER_MS).toBeGreaterThan(0);
  });

  it("grows its own interval up to the longest when the service says nothing", async () => {
    const { slept } = await sleeps([undefined, undefined, undefined, undefined], {
      options: { intervalMs: 4_000, maxIntervalMs: 8_000 },
    });
    expect(slept).toEqual([4_000, 6_000, 8_000, 8_000]);
  });

  it("waits no longer than the deadline, then stops with deadline_exceeded", async () => {
    const { slept, asked, error } = await sleeps([30_000, 30_000], { budgetMs: 12_000 });
    expect(slept).toEqual([12_000]);
    expect(asked).toBe(1);
    expect((error as { code?: string }).code).toBe("deadline_exceeded");
  });

  it("starts from an answer already read: waits first, and is done at once when it is final", async () => {
    let now = 0;
    const clock = () => new Date(now);
    const slept: number[] = [];
    const asks: number[] = [];
    const run = (first: PollStep<string>) =>
      poll({
        ask: async () => {
          asks.push(now);
          return { done: true, value: "asked" };
        },
        first,
        deadline: new Deadline(600_000, clock),
        sleep: async (ms) => {
          slept.push(ms);
          now += ms;
        },
        signal: undefined,
        options: undefined,
        what: "The command",
        method: "GET",
        path: "/order-commands/x",
      });
    expect(await run({ done: false, waitMs: 2_000 })).toBe("asked");
    expect({ slept, asks }).toEqual({ slept: [2_000], asks: [2_000] });
    expect(await run({ done: true, value: "in hand" })).toBe("in hand");
    expect(asks).toHaveLength(1);
  });
});
