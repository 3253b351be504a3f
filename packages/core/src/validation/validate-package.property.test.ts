// Property-based tests: thousands of random and malformed packages. Validation
// either accepts them (and the accepted value validates again) or returns the
// ValidationError; it never throws anything.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RULE_CODES } from "../issues/rule-codes.ts";
import { CountryCatalog } from "../rules/countries.ts";
import {
  SAMPLE_ACCOUNT_SERVICES,
  sampleOwnPostalPackage,
  sampleV2Package,
} from "./sample-packages.ts";
import { type PackageValidationOptions, validatePackage } from "./validate-package.ts";
import { isValidationError } from "./validation-error.ts";

const KNOWN_CODES = new Set<string>(Object.values(RULE_CODES));
const CLOCKS = [
  () => new Date("2026-08-23T21:59:59Z"),
  () => new Date("2026-08-23T22:00:00Z"),
  () => new Date("2027-01-01T00:00:00Z"),
];

const optionsArb: fc.Arbitrary<PackageValidationOptions> = fc.record({
  version: fc.constantFrom(1 as const, 2 as const),
  operation: fc.constantFrom("create" as const, "update" as const, "validate" as const),
  language: fc.constantFrom("en_GB" as const, "pl_PL" as const),
  clock: fc.constantFrom(...CLOCKS),
  accountServices: fc.constant(SAMPLE_ACCOUNT_SERVICES),
  countries: fc.constantFrom(
    new CountryCatalog(),
    new CountryCatalog().replace(["PL", "US", "DE"]),
  ),
});

/** Validates, checks the shape of the result, and re-validates an accepted value. */
function checkValidation(input: unknown, options: PackageValidationOptions): boolean {
  let result: ReturnType<typeof validatePackage>;
  try {
    result = validatePackage(input, options);
  } catch (error) {
    throw new Error(`validatePackage threw: ${String(error)}`);
  }
  for (const warning of result.warnings) {
    expect(KNOWN_CODES.has(warning.rule)).toBe(true);
    expect(warning.message).not.toBe("");
  }
  if (!result.ok) {
    expect(isValidationError(result.error)).toBe(true);
    expect(result.error.issues.length).toBeGreaterThan(0);
    for (const issue of result.error.issues) {
      expect(typeof issue.path).toBe("string");
      expect(KNOWN_CODES.has(issue.rule)).toBe(true);
      expect(issue.message).not.toBe("");
    }
    return false;
  }
  const again = validatePackage(result.value, options);
  expect(again.ok).toBe(true);
  if (again.ok) expect(again.value).toEqual(result.value);
  return true;
}

type Json = Record<string, unknown>;

const PATHS: readonly (readonly (string | number)[])[] = [
  [],
  ["pickup"],
  ["sender"],
  ["receiver"],
  ["receiver", "name"],
  ["receiver", "phone"],
  ["receiver", "country_code"],
  ["receiver", "company"],
  ["sender", "phone"],
  ["service"],
  ["service_id"],
  ["type"],
  ["parcels"],
  ["parcels", 0],
  ["parcels", 0, "width"],
  ["parcels", 0, "weight"],
  ["parcels", 1, "height"],
  ["parcels", 1, "type"],
  ["additional_services"],
  ["additional_services", "cod"],
  ["additional_services", "cod", "amount"],
  ["additional_services", "cod", "iban"],
  ["additional_services", "rod"],
  ["additional_services", "kurier48"],
  ["additional_services", "delivery_on_time"],
];

const interestingValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(
    null,
    true,
    "ruch",
    "poczta",
    "+48 600-100-200",
    "0048600100200",
    "600 100 20",
    "61109010140000071219812874",
    "PL61 1090 1014 0000 0712 1981 2874",
    "Jan",
    "US",
    "pl",
    10.5,
    0,
    -1,
    102,
    { from: "13:00", to: "20:00" },
    { from: "07:00", to: "09:00" },
    "__proto__",
  ),
  fc.double({ noNaN: false }),
  fc.string({ maxLength: 40 }),
);

const LEGACY_KEYS = [
  "poczta_kurier24",
  "sending_at_point",
  "documents_available",
  "digital_label",
  "__proto__",
  "constructor",
];

type Mutation =
  | { kind: "set"; path: readonly (string | number)[]; value: unknown }
  | { kind: "delete"; path: readonly (string | number)[] }
  | { kind: "add"; path: readonly (string | number)[]; key: string; value: unknown };

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    kind: fc.constant("set" as const),
    path: fc.constantFrom(...PATHS),
    value: interestingValue,
  }),
  fc.record({ kind: fc.constant("delete" as const), path: fc.constantFrom(...PATHS) }),
  fc.record({
    kind: fc.constant("add" as const),
    path: fc.constantFrom(...PATHS),
    key: fc.oneof(fc.constantFrom(...LEGACY_KEYS), fc.string({ maxLength: 12 })),
    value: interestingValue,
  }),
);

function parentOf(root: Json, path: readonly (string | number)[]): Json | undefined {
  let node: unknown = root;
  for (const part of path) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Json)[part as string];
  }
  return typeof node === "object" && node !== null ? (node as Json) : undefined;
}

function mutate(base: Json, mutations: readonly Mutation[]): unknown {
  let root: unknown = base;
  for (const mutation of mutations) {
    const path = mutation.path;
    if (mutation.kind === "add") {
      const target = parentOf(root as Json, path);
      if (target !== undefined)
        Object.defineProperty(target, mutation.key, {
          value: mutation.value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      continue;
    }
    if (path.length === 0) {
      if (mutation.kind === "set") root = mutation.value;
      continue;
    }
    const parent = parentOf(root as Json, path.slice(0, -1));
    const key = path[path.length - 1] as string;
    if (parent === undefined) continue;
    if (mutation.kind === "set") parent[key] = mutation.value;
    else Reflect.deleteProperty(parent, key);
  }
  return root;
}

const baseArb = fc.constantFrom(sampleV2Package, sampleOwnPostalPackage).map((make) => make());

describe("validatePackage properties", () => {
  it("never throws on arbitrary JSON", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), optionsArb, (input, options) => {
        checkValidation(input, options);
      }),
      { numRuns: 1500 },
    );
  });

  it("never throws on arbitrary JavaScript values", () => {
    fc.assert(
      fc.property(
        fc.anything({
          maxDepth: 3,
          withBigInt: true,
          withDate: true,
          withMap: true,
          withSet: true,
          withNullPrototype: true,
          withObjectString: true,
          withSparseArray: true,
          withTypedArray: true,
          withBoxedValues: true,
        }),
        optionsArb,
        (input, options) => {
          checkValidation(input, options);
          checkValidation({ ...sampleV2Package(), receiver: input }, options);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("accepts or refuses mutated valid packages, and accepted values validate again", () => {
    let accepted = 0;
    fc.assert(
      fc.property(
        baseArb,
        fc.array(mutationArb, { minLength: 1, maxLength: 4 }),
        optionsArb,
        (base, mutations, options) => {
          const input = mutate(base, mutations);
          if (checkValidation(input, options)) accepted++;
        },
      ),
      { numRuns: 3000 },
    );
    // Most mutations break the package, but a fair share keep it valid.
    expect(accepted).toBeGreaterThan(100);
  });

  it("normalizes what it accepts: 9-digit Polish phones, whole centimetres, boolean digital_label", () => {
    const phoneArb = fc
      .tuple(
        fc.constantFrom("", "+48 ", "0048", "+48"),
        fc.integer({ min: 100_000_000, max: 999_999_999 }),
      )
      .map(([prefix, number]) => {
        const digits = String(number);
        return `${prefix}${digits.slice(0, 3)}-${digits.slice(3, 6)} ${digits.slice(6)}`;
      });
    const cmArb = fc.double({ min: 0.01, max: 300, noNaN: true });
    fc.assert(
      fc.property(
        phoneArb,
        cmArb,
        cmArb,
        cmArb,
        fc.string({ maxLength: 5 }),
        (phone, width, depth, height, label) => {
          const input = sampleV2Package();
          (input["receiver"] as Json)["phone"] = phone;
          input["parcels"] = [{ width, depth, height, weight: 1, type: "package" }];
          (input["additional_services"] as Json)["digital_label"] = label;
          const result = validatePackage(input, { version: 2, clock: CLOCKS[2] });
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          const value = result.value as unknown as Json;
          expect((value["receiver"] as Json)["phone"]).toMatch(/^\d{9}$/);
          const [parcel] = value["parcels"] as Json[];
          for (const [field, given] of [
            ["width", width],
            ["depth", depth],
            ["height", height],
          ] as const) {
            const sent = parcel?.[field] as number;
            expect(Number.isInteger(sent)).toBe(true);
            // Never down, except for floating point noise around a whole number.
            expect(sent).toBeGreaterThanOrEqual(given - given * 1e-9);
            expect(sent - given).toBeLessThan(1);
          }
          expect((value["additional_services"] as Json)["digital_label"]).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
