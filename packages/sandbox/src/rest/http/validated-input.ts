// Checks a request's input against a schema with @shipbridge/core's
// validateInput and turns the problems into the API's 400 answer: every
// problem with its field path, the rule it broke and a message in the
// request's language.
import { type Language, validateInput } from "@shipbridge/core";
import type { z } from "zod";
import { RestError, type RestErrorEntry } from "./rest-error.ts";

export function validationError(entries: readonly RestErrorEntry[]): RestError {
  const count = entries.length;
  return new RestError(
    400,
    "validation_failed",
    {
      en_GB:
        count === 1
          ? `The request has 1 invalid field: ${entries[0]?.path || "(body)"}.`
          : `The request has ${count} invalid fields.`,
      pl_PL:
        count === 1
          ? `Żądanie ma 1 niepoprawne pole: ${entries[0]?.path || "(treść)"}.`
          : `Żądanie ma ${count} niepoprawnych pól.`,
    },
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
