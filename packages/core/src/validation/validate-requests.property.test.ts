// Property-based tests of the other validate functions (price calculation,
// user data, address autocomplete, any schema): on random and malformed input
// each either accepts it, and the accepted value validates again unchanged,
// or returns the ValidationError with known rule codes and messages; none
// ever throws.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RULE_CODES } from "../issues/rule-codes.ts";
import { OrderCommandRequestSchema } from "../schemas/index.ts";
import type { ValidationResult } from "./result.ts";
import { validateAddressAutocomplete } from "./validate-address-autocomplete.ts";
import { validateCalculatePrice } from "./validate-calculate-price.ts";
import { validateInput } from "./validate-input.ts";
import { validateUserData } from "./validate-user-data.ts";
import { isValidationError } from "./validation-error.ts";

const KNOWN_CODES = new Set<string>(Object.values(RULE_CODES));

type Validate = (input: unknown, language: "en_GB" | "pl_PL") => ValidationResult<unknown>;

/** A package to quote, with postcodes only, in API v1 or v2. */
function quotePackage(version: 1 | 2): Record<string, unknown> {
  const parcel = { width: 30, depth: 20, height: 10, weight: 2.5 };
  return {
    pickup: { postcode: "02-495", country_code: "PL" },
    receiver: { postcode: "30-001", country_code: "PL" },
    ...(version === 1
      ? { type: "package", parcels: [parcel] }
      : { parcels: [{ ...parcel, type: "package" }] }),
  };
}

/** Each validate function, with the request fields it reads. */
const VALIDATORS: readonly [string, Validate, readonly string[]][] = [
  [
    "validateCalculatePrice v1",
    (input, language) => validateCalculatePrice(input, { version: 1, language }),
    ["package", "services"],
  ],
  [
    "validateCalculatePrice v2",
    (input, language) => validateCalculatePrice(input, { version: 2, language }),
    ["package", "services"],
  ],
  [
    "validateUserData",
    (input, language) => validateUserData(input, { language }),
    ["country_code", "phone"],
  ],
  [
    "validateAddressAutocomplete",
    (input, language) => validateAddressAutocomplete(input, { language }),
    ["query", "regions", "country_code"],
  ],
  [
    "validateInput",
    (input, language) => validateInput(OrderCommandRequestSchema, input, { language }),
    ["packages"],
  ],
];

/** Validates, checks the result's shape, re-validates an accepted value; true when accepted. */
function check(validate: Validate, input: unknown, language: "en_GB" | "pl_PL"): boolean {
  let result: ValidationResult<unknown>;
  try {
    result = validate(input, language);
  } catch (error) {
    throw new Error(`validation threw: ${String(error)}`);
  }
  for (const warning of result.warnings) expect(KNOWN_CODES.has(warning.rule)).toBe(true);
  if (!result.ok) {
    expect(isValidationError(result.error)).toBe(true);
    expect(result.error.issues.length).toBeGreaterThan(0);
    for (const issue of result.error.issues) {
      expect(KNOWN_CODES.has(issue.rule), issue.rule).toBe(true);
      expect(issue.message).toMatch(/\S/);
    }
    return false;
  }
  const again = validate(result.value, language);
  expect(again.ok).toBe(true);
  if (again.ok) expect(again.value).toEqual(result.value);
  return true;
}

/** Requests close to valid ones, with random values in their fields. */
const fields = fc
  .record({
    query: fc.oneof(fc.string({ maxLength: 8 }), fc.constant("Warsz")),
    regions: fc.oneof(
      fc.constant(undefined),
      fc.array(fc.constantFrom("europe", "asia", "mars"), { maxLength: 3 }),
    ),
    country_code: fc.oneof(fc.constant(undefined), fc.constantFrom("PL", "US", "pl", "XX", "")),
    phone: fc.oneof(fc.constant(undefined), fc.constantFrom("+48 600-100-200", "123", "")),
    services: fc.oneof(
      fc.constant({ service: ["dpd", "ruch"] }),
      fc.record({ service: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }) }),
    ),
    package: fc.oneof(
      fc.constant(quotePackage(2)),
      fc.constant(quotePackage(1)),
      fc.record({
        receiver: fc.record({
          postcode: fc.constantFrom("30-001", ""),
          country_code: fc.constantFrom("PL", "DE", "US", "pl"),
          phone: fc.constantFrom("+48 600-100-200", "12"),
        }),
        pickup: fc.constant(null),
        parcels: fc.array(
          fc.record({
            width: fc.double({ min: -1, max: 100, noNaN: true }),
            depth: fc.constantFrom(20, 0.1 * 3 * 100),
            height: fc.constant(10),
            weight: fc.constantFrom(1, 0, 2.5),
            type: fc.constantFrom("package", "dox", "crate"),
          }),
          { minLength: 1, maxLength: 2 },
        ),
      }),
      fc.jsonValue({ maxDepth: 2 }),
    ),
    packages: fc.array(fc.record({ id: fc.integer({ min: -2, max: 5 }) }), { maxLength: 2 }),
  })
  .map((record): Record<string, unknown> => record);

function nearValid(keys: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  return fields.map((record) =>
    Object.fromEntries(
      Object.entries(record).filter(([key, value]) => keys.includes(key) && value !== undefined),
    ),
  );
}

describe.each(VALIDATORS)("%s properties", (_name, validate, keys) => {
  it("never throws on arbitrary JavaScript values", () => {
    fc.assert(
      fc.property(
        fc.anything({ maxDepth: 3, withNullPrototype: true, withBoxedValues: true }),
        fc.constantFrom("en_GB" as const, "pl_PL" as const),
        (input, language) => {
          check(validate, input, language);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("accepts or refuses near-valid requests, and accepted values validate again", () => {
    let accepted = 0;
    fc.assert(
      fc.property(
        nearValid(keys),
        fc.constantFrom("en_GB" as const, "pl_PL" as const),
        (input, language) => {
          if (check(validate, input, language)) accepted++;
        },
      ),
      { numRuns: 400 },
    );
    expect(accepted).toBeGreaterThan(10);
  });
});
