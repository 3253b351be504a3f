// The one validation error: it carries every problem of an input at once, each
// an Issue (field path, stable rule code, message in the caller's language).
// Warnings are Issues too, but are returned, never thrown.
import { isShipbridgeError, ShipbridgeError } from "../errors/shipbridge-error.ts";
import { type Issue, summarizeIssues, toErrorResponseBody } from "../issues/issue.ts";
import { DEFAULT_LANGUAGE, type Language } from "../issues/language.ts";

/** The stable code of ValidationError (snake_case keys equal to their values, like every *_CODES). */
export const VALIDATION_ERROR_CODES = {
  /** The input (an order, a package, a request, options) broke rules; `issues` lists each. */
  validation_failed: "validation_failed",
} as const;

export class ValidationError extends ShipbridgeError {
  readonly issues: readonly Issue[];

  constructor(issues: readonly Issue[], language: Language = DEFAULT_LANGUAGE) {
    super(VALIDATION_ERROR_CODES.validation_failed, summarizeIssues(issues, language));
    this.issues = Object.freeze([...issues]);
  }

  /** The body of the service's 400 answer: `{ errors: [{ path, message }] }`. */
  toResponseBody(): { errors: { path: string; message: string }[] } {
    return toErrorResponseBody(this.issues);
  }
}

/** True for a ValidationError, even one from another copy of this package. */
export function isValidationError(value: unknown): value is ValidationError {
  return (
    isShipbridgeError(value) &&
    value.code === VALIDATION_ERROR_CODES.validation_failed &&
    "issues" in value
  );
}
