// Path patterns of fault rules: prefixes by whole segments, `*` within one
// segment, `**` across segments, matched in linear time whatever the pattern.
import { describe, expect, it } from "vitest";
import { FaultRuleInputSchema, FaultRules, globMatches } from "./fault-rules.ts";

describe("globMatches", () => {
  it.each([
    ["/packages/*/label", "/packages/12/label", true],
    ["/packages/*/label", "/packages/12/13/label", false],
    ["/packages/**/label", "/packages/12/13/label", true],
    ["/packages/**", "/packages/", true],
    ["/**", "/anything/at/all", true],
    ["/pack*", "/packages", true],
    ["/pack*", "/packages/1", false],
    ["/*-command/*", "/cancel-command/abc", true],
    ["/a*b*c", "/aXbYc", true],
    ["/a*b*c", "/aXbY/c", false],
    ["/a**c", "/aX/Y/c", true],
    ["/packages/*", "/packages", false],
  ])("%s against %s is %s", (pattern, path, expected) => {
    expect(globMatches(pattern, path)).toBe(expected);
  });

  // A backtracking regular expression would run for hours on this; the test's
  // timeout is the bound, no wall-clock assertion needed.
  it("answers patterns that make a regular expression backtrack", { timeout: 10_000 }, () => {
    const pattern = `/${"**a".repeat(60)}b`;
    const path = `/${"a".repeat(4000)}`;
    const rules = new FaultRules();
    rules.add(FaultRuleInputSchema.parse({ status: 502, path: pattern }));
    for (let i = 0; i < 20; i++)
      expect(rules.decide({ method: "GET", path, host: "base" }).fault).toBeUndefined();
    expect(globMatches(pattern, path)).toBe(false);
    expect(globMatches(pattern, `${path}b`)).toBe(true);
  });

  it("bounds a pattern's length", () => {
    const result = FaultRuleInputSchema.safeParse({ status: 502, path: `/${"a".repeat(300)}` });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ["path"], code: "too_big" });
  });
});
