// Input validation before anything is sent: packages and price requests go
// through core's schemas and business rules (every problem at once, with field
// paths, as one ValidationError; warnings come back to the caller), other
// request bodies and queries through their schemas the same way.
import type { z } from "zod";
import type {
  ApiVersion,
  CalculatePriceRequestV1,
  CalculatePriceRequestV2,
  PackageV1,
  PackageV2,
} from "../schemas/index.ts";
import type { ValidationResult } from "../validation/result.ts";
import { runValidation } from "../validation/run-validation.ts";
import { validateCalculatePrice } from "../validation/validate-calculate-price.ts";
import { type PackageOperation, validatePackage } from "../validation/validate-package.ts";
import type { ValidationWarning } from "../validation/validation-error.ts";
import { type ClientContext, languageOf } from "./client-context.ts";
import type { CallOptions } from "./transport.ts";

export interface Checked<T> {
  readonly value: T;
  readonly warnings: readonly ValidationWarning[];
}

function unwrap<T>(result: ValidationResult<T>): Checked<T> {
  if (!result.ok) throw result.error;
  return { value: result.value, warnings: result.warnings };
}

/** Validates and normalizes a package for `operation`; throws ValidationError listing every problem. */
export function checkPackage(
  context: ClientContext,
  input: unknown,
  version: ApiVersion,
  operation: PackageOperation,
  options: CallOptions | undefined,
): Checked<PackageV1 | PackageV2> {
  return unwrap(
    validatePackage(input, {
      version,
      operation,
      clock: context.clock,
      language: languageOf(context, options),
      ...(context.accountServices ? { accountServices: context.accountServices } : {}),
    }),
  );
}

/** Validates and normalizes a price calculation request; throws ValidationError. */
export function checkCalculatePrice(
  context: ClientContext,
  input: unknown,
  version: ApiVersion,
  options: CallOptions | undefined,
): Checked<CalculatePriceRequestV1 | CalculatePriceRequestV2> {
  return unwrap(validateCalculatePrice(input, { version, language: languageOf(context, options) }));
}

/** Validates any other request body, query or identifier against its schema; throws ValidationError. */
export function checkInput<S extends z.ZodType>(
  context: ClientContext,
  schema: S,
  input: unknown,
  options: CallOptions | undefined,
): z.output<S> {
  return unwrap(runValidation(schema, languageOf(context, options), () => input)).value;
}
