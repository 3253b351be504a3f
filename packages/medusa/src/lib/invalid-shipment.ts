// Which failures of a shipment run are final: the order itself is invalid
// and nothing was paid for it, so no retry may take its attempt over.
import { isShipOrderError, isValidationApiError, isValidationError } from "@shipbridge/core";

/**
 * True when `error` says the order itself is invalid and nothing was paid for
 * it, so the same shipment can never pass and its attempt is final: core
 * refused it before sending anything (ValidationError), the service refused
 * the package when it was to be created or checked (a ValidationApiError of
 * POST /packages or /packages/validate), or core's shipOrder stopped at a
 * package it would not order (its order command failed, the package was
 * cancelled or is another order's). A service refusal later in the run (when
 * reading the ordered package or its label) may come after the charge: not
 * final, a retry finds the package. Never for an account that must be
 * reconnected, whose run may have reached the service.
 */
export function isInvalidShipment(error: unknown): boolean {
  if (isValidationError(error) || isShipOrderError(error)) return true;
  if (!isValidationApiError(error)) return false;
  return (
    error.method === "POST" && (error.path === "/packages" || error.path === "/packages/validate")
  );
}
