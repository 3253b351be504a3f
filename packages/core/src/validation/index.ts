// Validation of requests before they reach the service: one error type that
// carries every problem at once, warnings returned beside the result, messages
// in English and Polish. The sandbox answers its 400s with these same functions.
// The vocabulary of src/issues/ is re-exported for the layers above.
export { type Issue, summarizeIssues, toErrorResponseBody } from "../issues/issue.ts";
export { IssueCollector, type MessageParams, type RawIssue } from "../issues/issue-collector.ts";
export { MESSAGES, renderMessage } from "../issues/messages.ts";
export { RULE_CODES, type RuleCode } from "../issues/rule-codes.ts";
export { type LegacyResponseKind, readLegacyResponse } from "./legacy-response.ts";
export type { ValidationOptions, ValidationResult } from "./result.ts";
export {
  type AddressAutocompleteValidationOptions,
  validateAddressAutocomplete,
} from "./validate-address-autocomplete.ts";
export {
  type CalculatePriceRequestOfVersion,
  type CalculatePriceValidationOptions,
  validateCalculatePrice,
} from "./validate-calculate-price.ts";
export { validateInput } from "./validate-input.ts";
export {
  type PackageOfVersion,
  type PackageOperation,
  type PackageValidationOptions,
  validatePackage,
} from "./validate-package.ts";
export { type UserDataValidationOptions, validateUserData } from "./validate-user-data.ts";
export { isValidationError, VALIDATION_ERROR_CODES, ValidationError } from "./validation-error.ts";
