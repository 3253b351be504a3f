// The limit on shipBatch's concurrent work: never more than its limit at once,
// started in the order given.
import { expect, it } from "vitest";
import { FifoLimit } from "./fifo-limit.ts";

it("runs at most `limit` tasks at once, in the order they were given", async () => {
  const limit = new FifoLimit(3);
  let running = 0;
  let most = 0;
  const started: number[] = [];
  const tasks = Array.from({ length: 10 }, (_, index) =>
    limit.run(async () => {
      started.push(index);
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5 + ((index * 7) % 4)));
      running--;
      if (index === 4) throw new Error("task 4 fails");
      return index;
    }),
  );
  const results = await Promise.allSettled(tasks);
  expect(most).toBe(3);
  expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  expect(results.filter((r) => r.status === "rejected")).toHaveLength(1);
  // A failed task frees its place like any other.
  expect(await limit.run(async () => "after")).toBe("after");
});
