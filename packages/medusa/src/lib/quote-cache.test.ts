import { describe, expect, it } from "vitest";
import { QuoteCache } from "./quote-cache.ts";

describe("QuoteCache", () => {
  it("asks once for identical concurrent questions and keeps the answer", async () => {
    let now = 0;
    const cache = new QuoteCache<number>(1000, () => now);
    let asked = 0;
    const ask = async () => {
      asked += 1;
      return 42;
    };
    const answers = await Promise.all([cache.get("a", ask), cache.get("a", ask)]);
    expect(answers).toEqual([42, 42]);
    expect(await cache.get("a", ask)).toBe(42);
    expect(asked).toBe(1);
    now = 1000;
    await cache.get("a", ask);
    expect(asked).toBe(2);
    expect(cache.misses).toBe(2);
  });

  it("does not keep a failure", async () => {
    const cache = new QuoteCache<number>(1000, () => 0);
    await expect(cache.get("a", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("a", async () => 7)).toBe(7);
  });
});
