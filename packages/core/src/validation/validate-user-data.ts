// Validation of an edit-user-data request: the shape, a country_code the
// service accepts (the phone-verification countries, unified with the country
// list in v1.0.112), and a Polish phone number as 9 digits.
import { BUILT_IN_COUNTRIES, type CountryLookup, checkCountryCode } from "../rules/countries.ts";
import { asRecord } from "../rules/draft.ts";
import { checkPolishPhone } from "../rules/polish-phone.ts";
import { type UserDataEditRequest, UserDataEditRequestSchema } from "../schemas/index.ts";
import type { ValidationOptions, ValidationResult } from "./result.ts";
import { runValidation } from "./run-validation.ts";

export interface UserDataValidationOptions extends ValidationOptions {
  readonly countries?: CountryLookup;
}

/** Validates and normalizes an edit-user-data request. Never throws. */
export function validateUserData(
  input: unknown,
  options: UserDataValidationOptions = {},
): ValidationResult<UserDataEditRequest> {
  return runValidation(UserDataEditRequestSchema, options?.language, (findings) => {
    const source = asRecord(input);
    if (source === undefined) return input;
    const draft = { ...source };
    checkCountryCode(
      draft["country_code"],
      "country_code",
      options?.countries ?? BUILT_IN_COUNTRIES,
      findings,
    );
    checkPolishPhone(draft, "", findings);
    return draft;
  });
}
