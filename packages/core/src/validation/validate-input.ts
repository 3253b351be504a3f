// Validation of any other request against its schema, with the same issues,
// messages and never-throw guarantee as the dedicated validate functions.
import type { z } from "zod";
import type { ValidationOptions, ValidationResult } from "./result.ts";
import { runValidation } from "./run-validation.ts";

/** Validates `input` against `schema`. Never throws. */
export function validateInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  options: ValidationOptions = {},
): ValidationResult<z.output<S>> {
  return runValidation(schema, options?.language, () => input);
}
