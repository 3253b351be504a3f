// Checks a request's input against a schema with @shipbridge/core's
// validateInput and turns the problems into the API's 400 answer: every
// problem with its field path, the rule it broke and a message in the
// request's language.
import type { Language, RuleCode } from "@shipbridge/core";
import { summarizeIssues, validateInput } from "@shipbridge/core/internal";
import type { z } from "zod";
import { RestError, type RestErrorEntry } from "./rest-error.ts";

/** The 400 answer for invalid input; the top-level message summarizes the problems (core's summarizeIssues). */
export function validationError(entries: readonly RestErrorEntry[]): RestError {
  const issues = entries.map((e) => ({
    path: e.path,
    rule: (e.rule ?? "invalid_value") as RuleCode,
    message: e.message,
  }));
  return new RestError(
    400,
    "validation_failed",
    { en_GB: summarizeIssues(issues, "en_GB"), pl_PL: summarizeIssues(issues, "pl_PL") },
    { errors: entries },
  );
}

/** The parsed input, or a 400 naming every problem (checked by core's validateInput). */
export function validated<S extends z.ZodType>(
  schema: S,
  input: unknown,
  language: Language,
  prefix = "",
): z.output<S> {
  const result = validateInput(schema, input, { language });
  if (result.ok) return result.value;
  throw validationError(
    result.error.issues.map((issue) => ({
      path: prefix === "" ? issue.path : issue.path === "" ? prefix : `${prefix}.${issue.path}`,
      rule: issue.rule,
      message: issue.message,
    })),
  );
}
