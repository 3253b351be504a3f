// Input validation before anything is sent: packages, price requests, user
// data and address searches go through core's schemas and business rules
// (every problem at once, with field paths, as one ValidationError; warnings
// come back to the caller); other request bodies, queries and identifiers
// through their schemas the same way.
import type { z } from "zod";
import type {
  ApiVersion,
  CalculatePriceRequestV1,
  CalculatePriceRequestV2,
  PackageV1,
  PackageV2,
} from "../schemas/index.ts";
import {
  type Issue,
  type PackageOperation,
  type ValidationOptions,
  type ValidationResult,
  validateCalculatePrice,
  validateInput,
  validatePackage,
} from "../validation/index.ts";
import { type ClientContext, languageOf } from "./client-context.ts";
import type { CallOptions } from "./transport.ts";

export interface Checked<T> {
  readonly value: T;
  readonly warnings: readonly Issue[];
}

/** A validate function of core's validation module. */
export type Validator<T> = (input: unknown, options: ValidationOptions) => ValidationResult<T>;

function unwrap<T>(result: ValidationResult<T>): Checked<T> {
  if (!result.ok) throw result.error;
  return { value: result.value, warnings: result.warnings };
}

/** Runs a validator in the call's language; throws its ValidationError. */
export function checkWith<T>(
  context: ClientContext,
  validator: Validator<T>,
  input: unknown,
  options: CallOptions | undefined,
): Checked<T> {
  return unwrap(validator(input, { language: languageOf(context, options) }));
}

/** Validates and normalizes a package for `operation`, without throwing. */
export function packageResult(
  context: ClientContext,
  input: unknown,
  version: ApiVersion,
  operation: PackageOperation,
  options: CallOptions | undefined,
): ValidationResult<PackageV1 | PackageV2> {
  return validatePackage(input, {
    version,
    operation,
    clock: context.clock,
    language: languageOf(context, options),
    ...(context.accountServices ? { accountServices: context.accountServices } : {}),
  });
}

/** Validates and normalizes a package for `operation`; throws ValidationError listing every problem. */
export function checkPackage(
  context: ClientContext,
  input: unknown,
  version: ApiVersion,
  operation: PackageOperation,
  options: CallOptions | undefined,
): Checked<PackageV1 | PackageV2> {
  return unwrap(packageResult(context, input, version, operation, options));
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

/** A validator for a plain schema. */
export function schemaValidator<S extends z.ZodType>(schema: S): Validator<z.output<S>> {
  return (input, options) => validateInput(schema, input, options);
}

/** Validates any other request body, query or identifier against its schema; throws ValidationError. */
export function checkInput<S extends z.ZodType>(
  context: ClientContext,
  schema: S,
  input: unknown,
  options: CallOptions | undefined,
): z.output<S> {
  return checkWith(context, schemaValidator(schema), input, options).value;
}
