// Validation of a price calculation request (POST /packages/calculate-price):
// the package to quote and the carriers to quote it with. Renamed carriers
// (ruch → orlen) are sent under their current names, and the package gets the
// rules that apply before a carrier is chosen and the receiver is known in full.
import { BUILT_IN_COUNTRIES, type CountryLookup } from "../rules/countries.ts";
import { asRecord } from "../rules/draft.ts";
import { applyRenamedCarriers } from "../rules/renamed-fields.ts";
import {
  type ApiVersion,
  type CalculatePriceRequestV1,
  CalculatePriceRequestV1Schema,
  type CalculatePriceRequestV2,
  CalculatePriceRequestV2Schema,
} from "../schemas/index.ts";
import { draftPackage } from "./package-draft.ts";
import { applyHistoryRules, applyInputRules } from "./package-rules.ts";
import type { ValidationOptions, ValidationResult } from "./result.ts";
import { runValidation } from "./run-validation.ts";

export interface CalculatePriceValidationOptions extends ValidationOptions {
  readonly version: ApiVersion;
  readonly countries?: CountryLookup;
}

export type CalculatePriceRequestOfVersion<V extends ApiVersion> = V extends 1
  ? CalculatePriceRequestV1
  : CalculatePriceRequestV2;

/** Validates and normalizes a price calculation request. Never throws. */
export function validateCalculatePrice<V extends ApiVersion>(
  input: unknown,
  options: CalculatePriceValidationOptions & { readonly version: V },
): ValidationResult<CalculatePriceRequestOfVersion<V>>;
export function validateCalculatePrice(
  input: unknown,
  options: CalculatePriceValidationOptions,
): ValidationResult<CalculatePriceRequestV1 | CalculatePriceRequestV2>;
export function validateCalculatePrice(
  input: unknown,
  options: CalculatePriceValidationOptions,
): ValidationResult<CalculatePriceRequestV1 | CalculatePriceRequestV2> {
  const schema =
    options?.version === 1 ? CalculatePriceRequestV1Schema : CalculatePriceRequestV2Schema;
  return runValidation(schema, options?.language, (findings) => {
    const source = asRecord(input);
    if (source === undefined) return input;
    const request = { ...source };
    const services = asRecord(request["services"]);
    if (services !== undefined) {
      const copy = { ...services };
      request["services"] = copy;
      const list = copy["service"];
      if (Array.isArray(list)) {
        const listCopy = [...list];
        copy["service"] = listCopy;
        applyRenamedCarriers(listCopy, "services.service", findings);
      }
    }
    const pkg = draftPackage(request["package"]);
    if (pkg !== undefined) {
      request["package"] = pkg;
      const scoped = findings.scoped("package");
      applyHistoryRules(pkg, scoped);
      applyInputRules(
        pkg,
        { findings: scoped, countries: options?.countries ?? BUILT_IN_COUNTRIES },
        true,
      );
    }
    return request;
  });
}
