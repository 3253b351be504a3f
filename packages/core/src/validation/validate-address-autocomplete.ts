// Validation of an address autocomplete request: the shape, that `regions`
// and `country_code` exclude each other, and that country_code is an assigned
// ISO 3166-1 code (any country may be searched, not only those shipped to).
import { type CountryLookup, checkCountryCode } from "../rules/countries.ts";
import { asRecord } from "../rules/draft.ts";
import { checkRegionsExcludeCountryCode, isIsoCountryCode } from "../rules/regions.ts";
import {
  type AddressAutocompleteRequest,
  AddressAutocompleteRequestSchema,
} from "../schemas/index.ts";
import type { ValidationOptions, ValidationResult } from "./result.ts";
import { runValidation } from "./run-validation.ts";

export type AddressAutocompleteValidationOptions = ValidationOptions;

const ANY_ISO_COUNTRY: CountryLookup = { has: isIsoCountryCode };

/** Validates an address autocomplete request. Never throws. */
export function validateAddressAutocomplete(
  input: unknown,
  options: AddressAutocompleteValidationOptions = {},
): ValidationResult<AddressAutocompleteRequest> {
  return runValidation(AddressAutocompleteRequestSchema, options?.language, (findings) => {
    checkRegionsExcludeCountryCode(input, findings);
    const countryCode = asRecord(input)?.["country_code"];
    checkCountryCode(countryCode, "country_code", ANY_ISO_COUNTRY, findings);
    return input;
  });
}
