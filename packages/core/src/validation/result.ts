// What every validate function returns: the normalized value with warnings, or
// the ValidationError with warnings. Nothing is thrown.

import type { Issue } from "../issues/issue.ts";
import type { Language } from "../issues/language.ts";
import type { ValidationError } from "./validation-error.ts";

export type ValidationResult<T> =
  | { readonly ok: true; readonly value: T; readonly warnings: readonly Issue[] }
  | {
      readonly ok: false;
      readonly error: ValidationError;
      readonly warnings: readonly Issue[];
    };

/** Options every validate function takes. */
export interface ValidationOptions {
  /** The language of messages, as in the X-Language header. Default en_GB. */
  readonly language?: Language;
}
