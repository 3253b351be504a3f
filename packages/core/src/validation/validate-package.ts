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
import { BUILT_IN_COUNTRIES, type CountryLookup } from "../rules/countries.ts";
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
import { runValidation } from "./run-validation.ts";

export type PackageOperation = "create" | "update" | "validate";

export interface PackageValidationOptions extends ValidationOptions {
  /** The API version: 1 (type on the package) or 2 (type on every parcel). */
  readonly version: ApiVersion;
  readonly operation?: PackageOperation;
  /** Where "now" comes from; date-bound rules never read the system time themselves. */
  readonly clock?: Clock;
  /** The account's services, to resolve service_id: what `client.account.services()` returns, or its list. */
  readonly accountServices?: AccountServicesInput;
  /** The accepted countries; defaults to the built-in list. */
  readonly countries?: CountryLookup;
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
  return runValidation(schema, options?.language, (findings) => {
    const pkg = draftPackage(input);
    if (pkg === undefined) return input;
    applyHistoryRules(pkg, findings);
    const context = {
      findings,
      countries: options?.countries ?? BUILT_IN_COUNTRIES,
      shipment: resolveShipmentContract(pkg, options ?? {}),
      now: (options?.clock ?? systemClock)(),
    };
    applyInputRules(pkg, context, false);
    applyCarrierRules(pkg, context);
    return pkg;
  });
}
