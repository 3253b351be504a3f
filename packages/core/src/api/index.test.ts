// The REST client's public surface, in the manner of ky's: the client, the
// error classes with their codes and guards, staticToken, and no transport,
// retry or polling internals.
import { expect, it } from "vitest";
import * as api from "./index.ts";

it("exports the client, its errors and guards, and nothing else", () => {
  expect(Object.keys(api).sort()).toEqual([
    "API_ERROR_CODES",
    "API_USAGE_ERROR_CODES",
    "ApiError",
    "ApiUsageError",
    "AuthenticationError",
    "ConflictError",
    "NetworkError",
    "NotFoundError",
    "OutcomeUnknownError",
    "PermissionError",
    "RateLimitError",
    "ServiceError",
    "ShippingClient",
    "TimeoutError",
    "UnexpectedResponseError",
    "ValidationApiError",
    "isApiError",
    "isApiUsageError",
    "isAuthenticationError",
    "isConflictError",
    "isNetworkError",
    "isNotFoundError",
    "isOutcomeUnknownError",
    "isPermissionError",
    "isRateLimitError",
    "isServiceError",
    "isTimeoutError",
    "isUnexpectedResponseError",
    "isValidationApiError",
    "staticToken",
  ]);
});
