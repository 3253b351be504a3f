// Every error the plugin lets out of a route, the provider or a workflow, as a
// MedusaError of the right type, so Medusa answers JSON with the right status:
// a refusal (bad input, a closed point, items fulfilled already, an order the
// service refused) is a 4xx whose body's `code` says why and whose message
// names each field and rule (core's issues: path, rule, message); what can
// succeed later (the service down, 5xx, 429, no answer) is a 500 with its
// code, for the caller to retry. The result never has an `issues` property:
// Medusa's handler reads any error with one as a zod error, and core's string
// paths crash it into an HTML page with a stack trace.
import { MedusaError } from "@medusajs/framework/utils";
import {
  type Issue,
  isApiError,
  isAuthenticationError,
  isConflictError,
  isCourierError,
  isDocumentsError,
  isNotFoundError,
  isOAuthError,
  isPermissionError,
  isReauthorizationRequiredError,
  isShipbridgeError,
  isShipOrderError,
  isValidationApiError,
  isValidationError,
  type Language,
} from "@shipbridge/core";
import { issueLines } from "./issue-lines.ts";
import { PluginError } from "./plugin-error.ts";

/** The body code of a refusal until the merchant connects the shipping account again. */
export const RECONNECT_REQUIRED = "reconnect_required";

function medusa(type: string, message: string, code: string, cause: unknown): MedusaError {
  return new MedusaError(type, message, code, undefined, { cause });
}

const RECONNECT = {
  en_GB:
    "The shipping account must be connected again (the service refused the plugin's authorization)",
  pl_PL: "Konto wysyłkowe trzeba połączyć ponownie (usługa odrzuciła autoryzację wtyczki)",
} as const;

/**
 * The MedusaError that answers `error`: `prefix` (what was being done) opens
 * its message. A MedusaError without `issues` is kept as it is.
 */
export function asMedusaError(
  error: unknown,
  language: Language = "en_GB",
  prefix?: string,
): MedusaError {
  const lead = (text: string) => (prefix === undefined ? text : `${prefix}: ${text}`);
  if (error instanceof MedusaError && !("issues" in error)) return error;
  if (error instanceof PluginError) {
    return medusa(error.type, lead(error.message), error.code, error);
  }
  if (isValidationError(error) || isValidationApiError(error)) {
    const issues = error.issues as readonly Issue<string>[];
    const text = issues.length > 0 ? issueLines(issues) : error.message;
    return medusa(MedusaError.Types.INVALID_DATA, lead(text), error.code, error);
  }
  if (isShipOrderError(error)) {
    const problems = error.problems.length > 0 ? ` (${issueLines(error.problems)})` : "";
    return medusa(
      MedusaError.Types.INVALID_DATA,
      lead(`${error.message}${problems}`),
      error.code,
      error,
    );
  }
  if (isDocumentsError(error) || isCourierError(error)) {
    // The service answered and refused every package (each one's reason).
    const reasons = error.skipped.map((entry) => `${entry.packageId} ${entry.rule}`).join(", ");
    return medusa(
      MedusaError.Types.NOT_ALLOWED,
      lead(reasons === "" ? error.message : `${error.message} (${reasons})`),
      error.code,
      error,
    );
  }
  if (
    isReauthorizationRequiredError(error) ||
    isAuthenticationError(error) ||
    isOAuthError(error)
  ) {
    return medusa(
      MedusaError.Types.NOT_ALLOWED,
      lead(RECONNECT[language]),
      RECONNECT_REQUIRED,
      error,
    );
  }
  if (isNotFoundError(error)) {
    return medusa(MedusaError.Types.NOT_FOUND, lead(error.message), error.code, error);
  }
  if (isConflictError(error) || isPermissionError(error)) {
    // The service's reason (e.g. package_canceled: "it has no label").
    return medusa(
      MedusaError.Types.NOT_ALLOWED,
      lead(error.message),
      error.serviceCode ?? error.code,
      error,
    );
  }
  if (isApiError(error) || isShipbridgeError(error)) {
    // The service is down, slow, limiting, or answered strangely: try again later.
    return medusa(MedusaError.Types.UNEXPECTED_STATE, lead(error.message), error.code, error);
  }
  if (error instanceof MedusaError) {
    return medusa(error.type, error.message, error.code ?? "invalid_data", error);
  }
  // A MedusaError thrown in a workflow step reaches the caller serialized:
  // a plain object that keeps its type, code and message.
  const serialized = error as { __isMedusaError?: unknown; type?: unknown; code?: unknown };
  if (
    serialized?.__isMedusaError === true &&
    typeof serialized.type === "string" &&
    typeof (error as { message?: unknown }).message === "string"
  ) {
    const code = typeof serialized.code === "string" ? serialized.code : serialized.type;
    return medusa(serialized.type, (error as { message: string }).message, code, error);
  }
  return medusa(
    MedusaError.Types.UNEXPECTED_STATE,
    lead("the shipping plugin failed unexpectedly; the server log has the details"),
    "unexpected_error",
    error,
  );
}
