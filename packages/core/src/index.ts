// @shipbridge/core: what a store needs, and deliberately nothing else. The
// schemas, the rules' data, the OAuth client alone and the sandbox's internals
// sit behind the subpaths /schemas, /rules, /oauth and /internal.

// The REST client: the client, its option and result types, and its errors
// with codes and guards.
export {
  API_ERROR_CODES,
  API_USAGE_ERROR_CODES,
  ApiError,
  ApiUsageError,
  AuthenticationError,
  type CallOptions,
  ConflictError,
  type DeadlineInput,
  isApiError,
  isApiUsageError,
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
  type Label,
  type LabelRequest,
  NetworkError,
  type NewTemplate,
  NotFoundError,
  OutcomeUnknownError,
  type PackageDetails,
  type PackageValidationResult,
  type PackageWriteResult,
  PermissionError,
  type PollOptions,
  type PriceQuoteResult,
  RateLimitError,
  type RetryOptions,
  ServiceError,
  type ShippingAuth,
  ShippingClient,
  type ShippingClientOptions,
  staticToken,
  type TemplateWriteResult,
  TimeoutError,
  type TrackingWebhook,
  UnexpectedResponseError,
  type UserData,
  type UserDataWriteResult,
  ValidationApiError,
} from "./api/index.ts";
export type { Clock } from "./clock.ts";
export { isShipbridgeError, ShipbridgeError } from "./errors/shipbridge-error.ts";
export type { Issue } from "./issues/issue.ts";
export type { Language } from "./issues/language.ts";
export { RULE_CODES, type RuleCode } from "./issues/rule-codes.ts";
// The mapping: a store order to a package, and to one paid shipment.
export {
  isShipOrderError,
  type SafeToPackageResult,
  SHIP_ORDER_ERROR_CODES,
  ShipOrderError,
  type ShipOrderOptions,
  type ShipOrderResult,
  type StoreAddress,
  type StoreCod,
  type StoreCustomer,
  type StoreDimensions,
  type StoreOrder,
  type StoreOrderInput,
  type StoreOrderItem,
  StoreOrderSchema,
  type StorePickupPoint,
  type StoreShippingChoice,
  type StoreTotals,
  type StoreWeight,
  safeToPackage,
  shipOrder,
  type ToPackageOptions,
  type ToPackageResult,
  toPackage,
} from "./mapping/index.ts";
// The OAuth 2.0 client and the token stores.
export {
  AuthorizationDeniedError,
  MemoryTokenStore,
  OAUTH_CLIENT_ERROR_CODES,
  OAuthClient,
  type OAuthClientOptions,
  OAuthError,
  OAuthUsageError,
  ReauthorizationRequiredError,
  SqliteTokenStore,
  StateMismatchError,
  TokenEndpointError,
  type TokenStore,
} from "./oauth/index.ts";
export { verifyTrackingPush } from "./tracking/tracking-push-control.ts";
// Validation before a request is sent.
export {
  type AddressAutocompleteValidationOptions,
  type CalculatePriceValidationOptions,
  isValidationError,
  type PackageValidationOptions,
  type UserDataValidationOptions,
  VALIDATION_FAILED,
  ValidationError,
  type ValidationResult,
  validateAddressAutocomplete,
  validateCalculatePrice,
  validatePackage,
  validateUserData,
} from "./validation/index.ts";
