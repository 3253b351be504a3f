// The cache of verified signatures stays within its bound, oldest out first.
import { describe, expect, it } from "vitest";
import { VerifiedTokens } from "./verified-tokens.ts";

describe("VerifiedTokens", () => {
  it("keeps at most its bound, dropping the oldest", () => {
    const cache = new VerifiedTokens(3);
    for (let i = 1; i <= 5; i++) cache.add(`token-${i}`, { jti: `jti-${i}`, exp: 100 + i });
    expect(cache.size).toBe(3);
    expect(cache.get("token-1")).toBeUndefined();
    expect(cache.get("token-2")).toBeUndefined();
    expect(cache.get("token-5")).toEqual({ jti: "jti-5", exp: 105 });
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
