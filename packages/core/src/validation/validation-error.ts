// The one validation error: it carries every problem of an input at once, each
// with the field path, the stable rule code and a message in the caller's
// language. Warnings have the same shape but are returned, never thrown.
import { isShipbridgeError, ShipbridgeError } from "../errors/shipbridge-error.ts";
import { DEFAULT_LANGUAGE, type Language } from "../issues/language.ts";
import type { RuleCode } from "../issues/rule-codes.ts";

export const VALIDATION_FAILED = "validation_failed";

/** One problem: where (`receiver.phone`, `parcels[0].weight`), which rule, and what to do. */
export interface ValidationIssue {
  readonly path: string;
  readonly rule: RuleCode;
  readonly message: string;
}

/** Something the merchant should know that does not stop the request. */
export interface ValidationWarning {
  readonly path: string;
  readonly rule: RuleCode;
  readonly message: string;
}

const SUMMARY_LIMIT = 10;

function countPl(count: number): string {
  const tens = count % 100;
  const units = count % 10;
  if (count === 1) return "1 problem";
  if (units >= 2 && units <= 4 && (tens < 12 || tens > 14)) return `${count} problemy`;
  return `${count} problemów`;
}

/** "3 problems: receiver.phone: …; parcels[0].weight: …" */
export function summarizeIssues(
  issues: readonly ValidationIssue[],
  language: Language = DEFAULT_LANGUAGE,
): string {
  const count = issues.length;
  const head =
    language === "pl_PL" ? countPl(count) : `${count} ${count === 1 ? "problem" : "problems"}`;
  const listed = issues.slice(0, SUMMARY_LIMIT).map((issue) => {
    const message = issue.message.endsWith(".") ? issue.message.slice(0, -1) : issue.message;
    return issue.path === "" ? message : `${issue.path}: ${message}`;
  });
  const rest = count - listed.length;
  if (rest > 0) listed.push(language === "pl_PL" ? `i ${rest} więcej` : `and ${rest} more`);
  return `${head}: ${listed.join("; ")}`;
}

export class ValidationError extends ShipbridgeError {
  readonly issues: readonly ValidationIssue[];

  constructor(issues: readonly ValidationIssue[], language: Language = DEFAULT_LANGUAGE) {
    super(VALIDATION_FAILED, summarizeIssues(issues, language));
    this.issues = Object.freeze([...issues]);
  }

  /** The body of the service's 400 answer: `{ errors: [{ path, message }] }`. */
  toResponseBody(): { errors: { path: string; message: string }[] } {
    return toErrorResponseBody(this.issues);
  }
}

/** True for a ValidationError, even one from another copy of this package. */
export function isValidationError(value: unknown): value is ValidationError {
  return isShipbridgeError(value) && value.code === VALIDATION_FAILED && "issues" in value;
}

/** Maps issues to the service's 400 body: `{ errors: [{ path, message }] }`. */
export function toErrorResponseBody(issues: readonly { path: string; message: string }[]): {
  errors: { path: string; message: string }[];
} {
  return { errors: issues.map(({ path, message }) => ({ path, message })) };
}
