// The errors of the REST client. One base class, ApiError, then one class per
// kind of failure, so code can branch on the class (or on the stable `code`)
// and people read `message`. Every error carries what is needed to act on it:
// status, request method and path, the service's request id, the response
// headers and the parsed body. Request headers (and so the bearer token) are
// never kept.
import { ShipbridgeError } from "../errors/shipbridge-error.ts";
import type { Issue } from "../issues/issue.ts";

/** Stable, machine-readable codes of the REST client's errors. */
export const API_ERROR_CODES = {
  /** A failure without a more specific class (e.g. 405, 406, 415). */
  api_error: "api_error",
  /** The service rejected the input (400/422). Local validation raises ValidationError (`validation_failed`) instead. */
  rejected_by_service: "rejected_by_service",
  authentication_failed: "authentication_failed",
  permission_denied: "permission_denied",
  not_found: "not_found",
  conflict: "conflict",
  rate_limited: "rate_limited",
  service_unavailable: "service_unavailable",
  network_error: "network_error",
  timeout: "timeout",
  deadline_exceeded: "deadline_exceeded",
  outcome_unknown: "outcome_unknown",
  unexpected_response: "unexpected_response",
} as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[keyof typeof API_ERROR_CODES];

export interface ApiErrorDetails {
  /** The service's error code, or this client's when there was no answer. */
  readonly code?: string;
  readonly status?: number;
  readonly method: string;
  /** Path and query of the request, without the host. */
  readonly path: string;
  readonly requestId?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: unknown;
  /** Problems by field path; `rule` as the service names it ("service" when it names none). */
  readonly issues?: readonly Issue<string>[];
  readonly retryAfter?: number;
  readonly cause?: unknown;
}

const BRAND = Symbol.for("shipbridge.api_error");

/** The base of every error the REST client raises for a request. */
export class ApiError extends ShipbridgeError {
  /** HTTP status of the answer; undefined when there was none (network, timeout, unknown outcome). */
  readonly status: number | undefined;
  readonly method: string;
  readonly path: string;
  /** The service's id of the request (X-Request-Id), to quote to its support. */
  readonly requestId: string | undefined;
  /** Response headers, lower-cased names. Never request headers. */
  readonly headers: Readonly<Record<string, string>>;
  /** The parsed response body (JSON when the service sent JSON, else text). */
  readonly body: unknown;
  /** The service's own error code, when it sent one (e.g. `company_forbidden`). */
  readonly serviceCode: string | undefined;

  constructor(code: string, message: string, details: ApiErrorDetails) {
    super(code, message, { cause: details.cause });
    this.status = details.status;
    this.method = details.method;
    this.path = details.path;
    this.requestId = details.requestId;
    this.headers = details.headers ?? {};
    this.body = details.body;
    this.serviceCode = details.code;
  }
}
Object.defineProperty(ApiError.prototype, BRAND, { value: "api" });

/** How the classes below are built: from the message and the details. */
type ApiErrorClass<T extends ApiError = ApiError> = new (
  message: string,
  details: ApiErrorDetails,
) => T;

/** The base of an ApiError class whose errors all carry one `code`. */
function withCode(code: ApiErrorCode): ApiErrorClass {
  return class extends ApiError {
    constructor(message: string, details: ApiErrorDetails) {
      super(code, message, details);
    }
  };
}

/** The same, for errors that also carry the `issues` found, each located by a field path. */
function withIssues(
  code: ApiErrorCode,
): ApiErrorClass<ApiError & { readonly issues: readonly Issue<string>[] }> {
  return class extends withCode(code) {
    readonly issues: readonly Issue<string>[];
    constructor(message: string, details: ApiErrorDetails) {
      super(message, details);
      this.issues = details.issues ?? [];
    }
  };
}

/** 400 or 422: the service rejected the input; `issues` name the fields. */
export class ValidationApiError extends withIssues(API_ERROR_CODES.rejected_by_service) {}
/** 401: the token was rejected even after one refresh. */
export class AuthenticationError extends withCode(API_ERROR_CODES.authentication_failed) {}
/** 403: the account (or the company in X-Company-Id) may not do this. */
export class PermissionError extends withCode(API_ERROR_CODES.permission_denied) {}
/** 404: no such resource (or not visible to this account). */
export class NotFoundError extends withCode(API_ERROR_CODES.not_found) {}
/** 409: the request conflicts with the resource's state (e.g. editing an ordered package). */
export class ConflictError extends withCode(API_ERROR_CODES.conflict) {}
/** 429: too many requests; `retryAfter` is the wait the service asked for, in seconds. */
export class RateLimitError extends withCode(API_ERROR_CODES.rate_limited) {
  readonly retryAfter: number | undefined;
  constructor(message: string, details: ApiErrorDetails) {
    super(message, details);
    this.retryAfter = details.retryAfter;
  }
}
/** 5xx: the service failed (after the retries allowed for the request). */
export class ServiceError extends withCode(API_ERROR_CODES.service_unavailable) {}
/** No answer: the connection failed. */
export class NetworkError extends withCode(API_ERROR_CODES.network_error) {}
/**
 * No answer in time: one attempt timed out (`code` timeout), or the call's
 * overall deadline passed, including a poller's (`code` deadline_exceeded).
 */
export class TimeoutError extends ApiError {}

/**
 * A package creation whose outcome is unknown (the request may or may not
 * have created a package) and which could not be reconciled: it had no
 * user_reference_number to look it up by, or the look-up failed too.
 * Do not simply create again; look the package up first.
 */
export class OutcomeUnknownError extends withCode(API_ERROR_CODES.outcome_unknown) {}
/** The answer did not match the expected shape (response validation); `issues` name the paths. */
export class UnexpectedResponseError extends withIssues(API_ERROR_CODES.unexpected_response) {}

function brandOf(value: unknown): unknown {
  return typeof value === "object" && value !== null
    ? (value as Record<symbol, unknown>)[BRAND]
    : undefined;
}

function guard<T extends ApiError>(
  codes: readonly string[] | undefined,
): (value: unknown) => value is T {
  return (value: unknown): value is T =>
    brandOf(value) === "api" &&
    (codes === undefined || codes.includes((value as { code?: unknown }).code as string));
}

// Type guards that work across realms and across copies of this package:
// they look at a registered symbol brand and the stable `code`, never at instanceof.
export const isApiError = guard<ApiError>(undefined);
export const isValidationApiError = guard<ValidationApiError>([
  API_ERROR_CODES.rejected_by_service,
]);
export const isAuthenticationError = guard<AuthenticationError>([
  API_ERROR_CODES.authentication_failed,
]);
export const isPermissionError = guard<PermissionError>([API_ERROR_CODES.permission_denied]);
export const isNotFoundError = guard<NotFoundError>([API_ERROR_CODES.not_found]);
export const isConflictError = guard<ConflictError>([API_ERROR_CODES.conflict]);
export const isRateLimitError = guard<RateLimitError>([API_ERROR_CODES.rate_limited]);
export const isServiceError = guard<ServiceError>([API_ERROR_CODES.service_unavailable]);
export const isNetworkError = guard<NetworkError>([API_ERROR_CODES.network_error]);
export const isTimeoutError = guard<TimeoutError>([
  API_ERROR_CODES.timeout,
  API_ERROR_CODES.deadline_exceeded,
]);
export const isOutcomeUnknownError = guard<OutcomeUnknownError>([API_ERROR_CODES.outcome_unknown]);
export const isUnexpectedResponseError = guard<UnexpectedResponseError>([
  API_ERROR_CODES.unexpected_response,
]);
