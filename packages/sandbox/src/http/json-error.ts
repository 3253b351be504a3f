// The JSON error body the sandbox answers outside the OAuth endpoints
// (unknown paths, wrong methods, failures, injected faults, bad control
// requests): `{ code, message, errors: [{ path, rule?, message }] }`, the same
// shape as the REST API's errors, so a client reads every error the same way.
import { RULE_CODES, type RuleCode } from "@shipbridge/core";
import { renderMessage } from "@shipbridge/core/internal";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";

export interface ErrorEntry {
  readonly path: string;
  readonly message: string;
  /** The rule the value broke, one of core's RULE_CODES (validation errors). */
  readonly rule?: RuleCode;
}

export interface JsonErrorBody {
  code: string;
  message: string;
  errors: ErrorEntry[];
}

export function jsonError(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  message: string,
  options: { errors?: readonly ErrorEntry[]; headers?: Record<string, string> } = {},
): Response {
  const body: JsonErrorBody = { code, message, errors: [...(options.errors ?? [])] };
  return c.json(body, status, options.headers);
}

/** The rule code of a zod issue: one of core's RULE_CODES. */
function ruleOf(issue: z.core.$ZodIssue): RuleCode {
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined ? RULE_CODES.required : RULE_CODES.invalid_type;
    case "invalid_value":
      return issue.input === undefined ? RULE_CODES.required : RULE_CODES.invalid_value;
    case "too_small":
    case "too_big":
    case "invalid_format":
      return RULE_CODES[issue.code];
    case "custom": {
      const rule: unknown = issue.params?.rule;
      return typeof rule === "string" && Object.hasOwn(RULE_CODES, rule)
        ? (rule as RuleCode)
        : RULE_CODES.invalid_value;
    }
    default:
      return RULE_CODES.invalid_value;
  }
}

function pathOf(segments: readonly PropertyKey[]): string {
  return segments.map(String).join(".");
}

/**
 * The entries of a zod error (parsed with `reportInput: true`, so that a
 * missing value is told from a wrong one): each names its field path, the
 * rule it broke (core's RULE_CODES) and the schema's message; each unknown
 * key is its own `unknown_field` entry, with core's message.
 */
export function zodErrorEntries(error: z.ZodError): ErrorEntry[] {
  return error.issues.flatMap((issue): ErrorEntry[] => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => {
        const path = pathOf([...issue.path, key]);
        const rule = RULE_CODES.unknown_field;
        return {
          path,
          rule,
          message: renderMessage({ path, rule, params: { field: key } }, "en_GB"),
        };
      });
    }
    return [{ path: pathOf(issue.path) || "(body)", rule: ruleOf(issue), message: issue.message }];
  });
}
