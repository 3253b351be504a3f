// The REST client's public surface: the client, its option and result types,
// the error classes with their codes and cross-realm guards, and nothing else.
export {
  API_ERROR_CODES,
  ApiError,
  type ApiErrorCode,
  AuthenticationError,
  ConflictError,
  isApiError,
  isAuthenticationError,
  isConflictError,
  isNetworkError,
  isNotFoundError,
  isOutcomeUnknownError,
  isPermissionError,
  isRateLimitError,
  isServiceError,
  isTimeoutError,
  isUnexpectedResponseError,
  isValidationApiError,
  NetworkError,
  NotFoundError,
  OutcomeUnknownError,
  PermissionError,
  RateLimitError,
  ServiceError,
  TimeoutError,
  UnexpectedResponseError,
  ValidationApiError,
} from "./api-error.ts";
export {
  API_USAGE_ERROR_CODES,
  ApiUsageError,
  type ApiUsageErrorCode,
  isApiUsageError,
} from "./api-usage-error.ts";
export { type ShippingAuth, staticToken } from "./auth.ts";
export type { DeadlineInput, Sleep } from "./deadline.ts";
export type { PollOptions } from "./poll.ts";
export type { TrackingWebhook, UserData, UserDataWriteResult } from "./resources/account.ts";
export type { DownloadedDocument } from "./resources/document-download.ts";
export type {
  Label,
  LabelRequest,
  PackageDetails,
  PackageValidationResult,
  PackageWriteResult,
  PriceQuoteResult,
} from "./resources/packages.ts";
export type { NewTemplate, TemplateWriteResult } from "./resources/templates.ts";
export type { RetryOptions } from "./retry-policy.ts";
export { ShippingClient, type ShippingClientOptions } from "./shipping-client.ts";
export { trackingPageUrl } from "./tracking-page.ts";
export type { CallOptions } from "./transport.ts";
