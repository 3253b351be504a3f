// @shipbridge/core: the public surface. Everything a store adapter or a custom
// store needs, and deliberately nothing else.

export * from "./api/index.ts";
export { type Clock, systemClock } from "./clock.ts";
export { isShipbridgeError, ShipbridgeError } from "./errors/shipbridge-error.ts";
export { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from "./issues/language.ts";
export * from "./mapping/index.ts";
export * from "./oauth/index.ts";
// The rules' data and the few helpers a store needs on its own; the per-rule
// check functions stay internal and run through the validate* functions.
export {
  BUILT_IN_COUNTRIES,
  CARRIERS,
  type Carrier,
  CONTRACT_ADDRESS_CARRIER,
  CountryCatalog,
  type CountryCatalogOptions,
  type CountryLookup,
  carrierOffers,
  countriesOfRegions,
  countryCatalogFromResponse,
  createCountryCatalog,
  type ForbiddenCharacter,
  findForbiddenCharacter,
  ISO_COUNTRY_CODES,
  isCleanText,
  isValidIban,
  isWholeGrosze,
  LEGACY_RESPONSE_FIELDS,
  normalizeIban,
  normalizePolishPhone,
  PHONE_PREFIXES,
  POSTAL_FLAGS_FORBIDDEN_FROM,
  POSTAL_FORBIDDEN_FLAGS,
  REGION_COUNTRIES,
  REMOVED_INPUT_FIELDS,
  RENAMED_CARRIERS,
  RENAMED_INPUT_FIELDS,
  regionOf,
  roundToGrosze,
  SERVICE_FLAGS,
  type ServiceFlag,
  SUPPORTED_COUNTRIES,
  toGrosze,
} from "./rules/index.ts";
export * from "./schemas/index.ts";
export {
  type TrackingPushFields,
  trackingPushControl,
  verifyTrackingPush,
} from "./tracking/tracking-push-control.ts";
export {
  type AddressAutocompleteValidationOptions,
  type CalculatePriceValidationOptions,
  isValidationError,
  type LegacyResponseKind,
  type MessageParams,
  type PackageOperation,
  type PackageValidationOptions,
  RULE_CODES,
  type RuleCode,
  readLegacyResponse,
  renderMessage,
  summarizeIssues,
  type UserDataValidationOptions,
  VALIDATION_FAILED,
  ValidationError,
  type ValidationIssue,
  type ValidationOptions,
  type ValidationResult,
  type ValidationWarning,
  validateAddressAutocomplete,
  validateCalculatePrice,
  validateInput,
  validatePackage,
  validateUserData,
} from "./validation/index.ts";
