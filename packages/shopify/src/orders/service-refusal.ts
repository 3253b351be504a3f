// How the orders routes answer when the service (or core's checks before it)
// will not make what was asked: a plain text naming why, in the shop's
// language, with a status that says whose the problem is (409 when the
// service made no file of these packages, 400 for a refused request, 502
// when the service cannot be reached); never a stack trace. Any other error
// is thrown on.
import {
  isApiError,
  isDocumentsError,
  isValidationApiError,
  isValidationError,
  type Language,
} from "@shipbridge/core";
import type { Context } from "hono";
import { fieldName } from "./field-names.ts";
import { fill, orderTexts } from "./order-texts.ts";

export function serviceRefusal(c: Context, error: unknown, language: Language): Response {
  const t = orderTexts(language);
  if (isDocumentsError(error)) {
    const reasons = error.skipped.map((skipped) => `${skipped.packageId}: ${skipped.message}`);
    return c.text(fill(t.refused, [error.message, ...reasons].join("\n")), 409);
  }
  if (isValidationError(error) || isValidationApiError(error)) {
    const lines = error.issues.map(
      (issue) => `${fieldName(issue.path, language)} (${issue.path}): ${issue.message}`,
    );
    return c.text(fill(t.refused, lines.length > 0 ? lines.join("\n") : error.message), 400);
  }
  if (isApiError(error)) return c.text(fill(t.refused, error.message), 502);
  throw error;
}
