// The argument checks core's own functions share: every problem collected at
// its path, in the caller's language, thrown once as one ValidationError.
import { describe, expect, it } from "vitest";
import { ArgumentIssues } from "./argument-issues.ts";
import { isValidationError } from "./validation-error.ts";

function thrown(check: (issues: ArgumentIssues) => void, options?: unknown) {
  const issues = new ArgumentIssues(options);
  check(issues);
  try {
    issues.throwIfAny();
  } catch (error) {
    if (isValidationError(error)) return error;
    throw error;
  }
  return undefined;
}

describe("ArgumentIssues", () => {
  it("keeps a list of package ids without repeats, in their first order", () => {
    const issues = new ArgumentIssues({});
    expect(issues.packageIds([3, 1, 3, 2], "packageIds", 5)).toEqual([3, 1, 2]);
    expect(issues.issues).toEqual([]);
  });

  it("names every bad id, an empty list and one too long", () => {
    const error = thrown((issues) => {
      issues.packageIds([1, -2, "3", 4.5], "packageIds", 10);
      issues.packageIds([], "more", 10);
      issues.packageIds([1, 2, 3], "most", 2);
      issues.packageIds("1,2", "text", 2);
    });
    expect(error?.issues.map((i) => [i.path, i.rule])).toEqual([
      ["packageIds[1]", "invalid_type"],
      ["packageIds[2]", "invalid_type"],
      ["packageIds[3]", "invalid_type"],
      ["more", "too_small"],
      ["most", "too_big"],
      ["text", "invalid_type"],
    ]);
  });

  it("checks the per-call options and writes in the options' language", () => {
    const options = {
      language: "pl_PL",
      signal: "stop",
      deadline: new Date(Number.NaN),
      companyId: 0,
    };
    const error = thrown((issues) => {
      issues.callOptions(options);
      issues.text(undefined, "options.key");
    }, options);
    expect(error?.issues.map((i) => [i.path, i.message])).toEqual([
      ["options.signal", "Oczekiwano wartości typu: AbortSignal (np. z AbortController)."],
      ["options.deadline", "Oczekiwano wartości typu: data (obiekt Date)."],
      ["options.companyId", "Oczekiwano wartości typu: tekst."],
      ["options.key", "To pole jest wymagane."],
    ]);
  });

  it("asks for options when they are required, and throws nothing when all is well", () => {
    expect(thrown((issues) => issues.options(undefined, true))?.issues[0]).toMatchObject({
      path: "options",
      rule: "required",
    });
    expect(thrown((issues) => issues.options({}, true))).toBeUndefined();
  });
});
