// Validation of a shipment as sent to POST /packages (create), PUT
// /packages/{id} (update) and POST /packages/validate, in API v1 or v2. The
// result holds the NORMALIZED package, the one to send: renamed flags and
// carriers under their current names, Polish phones as 9 digits, centimetres
// rounded up, digital_label as a boolean, IBANs compact.
//
// The three operations run the same rules: the 2026-08-24 postal rule covers
// adding and editing alike, and validate predicts an add.
import type { Clock } from "../clock.ts";
import { systemClock } from "../clock.ts";
import { renderMessage } from "../issues/messages.ts";
import { RULE_CODES } from "../issues/rule-codes.ts";
import {
  BUILT_IN_COUNTRIES,
  type CountriesOption,
  type CountryLookup,
  countryLookupOf,
} from "../rules/countries.ts";
import {
  type AccountServicesInput,
  resolveShipmentContract,
  type ServiceContract,
} from "../rules/shipment-contract.ts";
import {
  type ApiVersion,
  type PackageV1,
  PackageV1Schema,
  type PackageV2,
  PackageV2Schema,
} from "../schemas/index.ts";
import { draftPackage } from "./package-draft.ts";
import { applyCarrierRules, applyHistoryRules, applyInputRules } from "./package-rules.ts";
import type { ValidationOptions, ValidationResult } from "./result.ts";
import { resolveLanguage, runValidation } from "./run-validation.ts";
import { ValidationError } from "./validation-error.ts";

export type PackageOperation = "create" | "update" | "validate";

export interface PackageValidationOptions extends ValidationOptions {
  /** The API version: 1 (type on the package) or 2 (type on every parcel). */
  readonly version: ApiVersion;
  readonly operation?: PackageOperation;
  /** Where "now" comes from; date-bound rules never read the system time themselves. */
  readonly clock?: Clock;
  /** The account's services, to resolve service_id: what `client.account.services()` returns, or its list. */
  readonly accountServices?: AccountServicesInput;
  /**
   * The accepted countries: a CountryCatalog, or the service's country list
   * answer (`await client.countries()`). Defaults to the built-in list.
   */
  readonly countries?: CountriesOption;
  /** The contract kind, when known better than from the account services. */
  readonly contract?: ServiceContract;
}

export type PackageOfVersion<V extends ApiVersion> = V extends 1 ? PackageV1 : PackageV2;

/** Validates and normalizes a package. Never throws. */
export function validatePackage<V extends ApiVersion>(
  input: unknown,
  options: PackageValidationOptions & { readonly version: V },
): ValidationResult<PackageOfVersion<V>>;
export function validatePackage(
  input: unknown,
  options: PackageValidationOptions,
): ValidationResult<PackageV1 | PackageV2>;
export function validatePackage(
  input: unknown,
  options: PackageValidationOptions,
): ValidationResult<PackageV1 | PackageV2> {
  const schema = options?.version === 1 ? PackageV1Schema : PackageV2Schema;
  const countries =
    options?.countries === undefined ? BUILT_IN_COUNTRIES : countryLookupOf(options.countries);
  const clock = options?.clock ?? systemClock;
  const optionProblems = [
    ...(countries === undefined ? [["options.countries", "countries"]] : []),
    ...(typeof clock === "function" ? [] : [["options.clock", "function"]]),
  ];
  if (optionProblems.length > 0) {
    // The caller's options are wrong, not the package: say which one.
    const language = resolveLanguage(options?.language);
    const issues = optionProblems.map(([path = "", expected = ""]) => {
      const raw = { path, rule: RULE_CODES.invalid_type, params: { expected } };
      return { path, rule: raw.rule, message: renderMessage(raw, language) };
    });
    return { ok: false, error: new ValidationError(issues, language), warnings: [] };
  }
  return runValidation(schema, options?.language, (findings) => {
    const pkg = draftPackage(input);
    if (pkg === undefined) return input;
    applyHistoryRules(pkg, findings);
    const context = {
      findings,
      countries: countries as CountryLookup,
      shipment: resolveShipmentContract(pkg, options ?? {}),
      now: clock(),
    };
    applyInputRules(pkg, context, false);
    applyCarrierRules(pkg, context);
    return pkg;
  });
}
