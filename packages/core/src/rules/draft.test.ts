// Tests of the helpers that read not-yet-validated input.
import { describe, expect, it } from "vitest";
import { asRecord, copyRecord, hasOwn, isRequested } from "./draft.ts";

describe("draft helpers", () => {
  it("reads plain objects only", () => {
    const plain = { a: 1 };
    const bare = Object.create(null) as Record<string, unknown>;
    expect(asRecord(plain)).toBe(plain);
    expect(asRecord(bare)).toBe(bare);
    for (const value of [null, undefined, [], new Date(), new Map(), "x", 1, () => 1]) {
      expect(asRecord(value)).toBeUndefined();
    }
  });

  it("copies plain objects shallowly and leaves other values alone", () => {
    const inner = { b: 2 };
    const source = { a: inner };
    const copy = copyRecord(source) as typeof source;
    expect(copy).toEqual(source);
    expect(copy).not.toBe(source);
    expect(copy.a).toBe(inner);
    const date = new Date();
    expect(copyRecord(date)).toBe(date);
  });

  it("tells requested flags from absent ones", () => {
    for (const value of [true, "13:00", { from: "13:00" }, 1])
      expect(isRequested(value)).toBe(true);
    for (const value of [undefined, null, false, ""]) expect(isRequested(value)).toBe(false);
  });

  it("looks at own properties only", () => {
    const inherited = Object.create({ rod: true }) as Record<string, unknown>;
    expect(hasOwn(inherited, "rod")).toBe(false);
    expect(hasOwn({ rod: false }, "rod")).toBe(true);
  });
});
