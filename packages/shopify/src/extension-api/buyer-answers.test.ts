// The buyer's route's reads: kept a minute, one read per order at a time,
// a bounded number per shop at once, orders not found never kept.
import { describe, expect, it } from "vitest";
import { BuyerAnswers, BuyerReadsBusy, KEEP_MS, MAX_READING } from "./buyer-answers.ts";

describe("the buyer's reads", () => {
  it("keep an answer a minute, read an order once at a time, and refuse too many at once", async () => {
    let now = 0;
    const answers = new BuyerAnswers<string>(() => now);
    let reads = 0;
    const read = (answer: string | undefined) => async () => {
      reads++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return answer;
    };
    expect(await Promise.all([1, 2, 3].map(() => answers.get("a", "1", read("x"))))).toEqual([
      "x",
      "x",
      "x",
    ]);
    expect(reads).toBe(1);
    now += KEEP_MS - 1;
    expect(await answers.get("a", "1", read("y"))).toBe("x");
    now += 1;
    expect(await answers.get("a", "1", read("y"))).toBe("y");
    expect(reads).toBe(2);

    // Not found: asked again next time.
    expect(await answers.get("a", "2", read(undefined))).toBeUndefined();
    expect(await answers.get("a", "2", read("z"))).toBe("z");

    const running = Array.from({ length: MAX_READING }, (_, n) =>
      answers.get("a", `busy-${n}`, read("b")),
    );
    await expect(answers.get("a", "one-more", read("b"))).rejects.toBeInstanceOf(BuyerReadsBusy);
    // Another shop is not held up by it.
    expect(await answers.get("b", "1", read("c"))).toBe("c");
    await Promise.all(running);
    expect(await answers.get("a", "one-more", read("d"))).toBe("d");
  });
});
