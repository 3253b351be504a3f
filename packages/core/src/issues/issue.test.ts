// Tests of the Issue vocabulary's rendering helpers: the one-line summary in
// both languages and the service's 400 body.
import { describe, expect, it } from "vitest";
import { type Issue, summarizeIssues, toErrorResponseBody } from "./issue.ts";

const PHONE: Issue = {
  path: "receiver.phone",
  rule: "phone_invalid",
  message: "A Polish phone number has 9 digits.",
};
const WHOLE: Issue = { path: "", rule: "input_unreadable", message: "The input is not JSON." };

describe("summarizeIssues", () => {
  it("names each problem at its path, without the closing full stop", () => {
    expect(summarizeIssues([PHONE, WHOLE])).toBe(
      "2 problems: receiver.phone: A Polish phone number has 9 digits; The input is not JSON",
    );
  });

  it("counts in Polish plural forms", () => {
    const many = (n: number): Issue[] => Array.from({ length: n }, () => PHONE);
    expect(summarizeIssues(many(1), "pl_PL")).toMatch(/^1 problem: /);
    expect(summarizeIssues(many(4), "pl_PL")).toMatch(/^4 problemy: /);
    expect(summarizeIssues(many(13), "pl_PL")).toMatch(/^13 problemów: .*; i 3 więcej$/);
  });
});

describe("toErrorResponseBody", () => {
  it("keeps path and message only, as the service's 400 body does", () => {
    expect(toErrorResponseBody([PHONE])).toEqual({
      errors: [{ path: "receiver.phone", message: "A Polish phone number has 9 digits." }],
    });
  });
});
