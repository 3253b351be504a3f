// Tests of ValidationError: issues, summaries in both languages and the 400
// body.
import { describe, expect, it } from "vitest";
import { isShipbridgeError, ShipbridgeError } from "../errors/shipbridge-error.ts";
import { type Issue, summarizeIssues, toErrorResponseBody } from "../issues/issue.ts";
import { isValidationError, VALIDATION_ERROR_CODES, ValidationError } from "./validation-error.ts";

const PHONE: Issue = {
  path: "receiver.phone",
  rule: "phone_invalid",
  message: "A Polish phone number has exactly 9 digits.",
};
const WEIGHT: Issue = {
  path: "parcels[0].weight",
  rule: "weight_invalid",
  message: "The weight must be positive.",
};

function issues(count: number): Issue[] {
  return Array.from({ length: count }, (_, index) => ({ ...PHONE, path: `p${index}` }));
}

describe("ValidationError", () => {
  it("is a ShipbridgeError with the code validation_failed", () => {
    const error = new ValidationError([PHONE]);
    expect(error).toBeInstanceOf(ShipbridgeError);
    expect(error).toBeInstanceOf(Error);
    expect(isShipbridgeError(error)).toBe(true);
    expect(isValidationError(error)).toBe(true);
    expect(error.code).toBe("validation_failed");
    expect(error.code).toBe(VALIDATION_ERROR_CODES.validation_failed);
    expect(VALIDATION_ERROR_CODES).toEqual({ validation_failed: "validation_failed" });
    expect(error.name).toBe("ValidationError");
  });

  it("carries every issue", () => {
    const error = new ValidationError([PHONE, WEIGHT]);
    expect(error.issues).toEqual([PHONE, WEIGHT]);
    expect(Object.isFrozen(error.issues)).toBe(true);
  });

  it("summarizes all issues in its message", () => {
    expect(new ValidationError([PHONE, WEIGHT]).message).toBe(
      "2 problems: receiver.phone: A Polish phone number has exactly 9 digits; parcels[0].weight: The weight must be positive",
    );
    expect(new ValidationError([PHONE]).message).toMatch(/^1 problem: /);
  });

  it("counts in Polish", () => {
    expect(summarizeIssues(issues(1), "pl_PL")).toMatch(/^1 problem: /);
    expect(summarizeIssues(issues(3), "pl_PL")).toMatch(/^3 problemy: /);
    expect(summarizeIssues(issues(5), "pl_PL")).toMatch(/^5 problemów: /);
    expect(summarizeIssues(issues(12), "pl_PL")).toMatch(/^12 problemów: /);
    expect(summarizeIssues(issues(22), "pl_PL")).toMatch(/^22 problemy: /);
  });

  it("lists the first ten issues and counts the rest", () => {
    expect(summarizeIssues(issues(13))).toMatch(/; and 3 more$/);
    expect(summarizeIssues(issues(13), "pl_PL")).toMatch(/; i 3 więcej$/);
  });

  it("maps to the service's 400 body", () => {
    const body = { errors: [{ path: "receiver.phone", message: PHONE.message }] };
    expect(new ValidationError([PHONE]).toResponseBody()).toEqual(body);
    expect(toErrorResponseBody([PHONE])).toEqual(body);
  });

  it("is told apart from other errors", () => {
    expect(isValidationError(new ShipbridgeError("other", "x"))).toBe(false);
    expect(isValidationError(new Error("x"))).toBe(false);
    expect(isValidationError({ code: "validation_failed", issues: [] })).toBe(false);
  });
});
