// Validation of an address autocomplete request: the shape, and that
// `regions` and `country_code` exclude each other.
import { checkRegionsExcludeCountryCode } from "../rules/regions.ts";
import {
  type AddressAutocompleteRequest,
  AddressAutocompleteRequestSchema,
} from "../schemas/index.ts";
import type { ValidationOptions, ValidationResult } from "./result.ts";
import { runValidation } from "./run-validation.ts";

export type AddressAutocompleteValidationOptions = ValidationOptions;

/** Validates an address autocomplete request. Never throws. */
export function validateAddressAutocomplete(
  input: unknown,
  options: AddressAutocompleteValidationOptions = {},
): ValidationResult<AddressAutocompleteRequest> {
  return runValidation(AddressAutocompleteRequestSchema, options?.language, (findings) => {
    checkRegionsExcludeCountryCode(input, findings);
    return input;
  });
}
