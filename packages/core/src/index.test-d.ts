// Type tests of the public surface: what a store developer's editor sees.
// Run by vitest's typecheck mode; nothing here executes.
import { describe, expectTypeOf, it } from "vitest";
import {
  type Issue,
  type RuleCode,
  type SafeToPackageResult,
  type ShipbridgeError,
  type ShippingClient,
  safeToPackage,
  toPackage,
  type ValidationApiError,
  validatePackage,
} from "./index.ts";
import type { PackageDetailsV1, PackageDetailsV2, PackageV1, PackageV2 } from "./schemas/index.ts";

describe("public types", () => {
  it("puts the parcel type on the package in v1 and on each parcel in v2", () => {
    expectTypeOf<PackageV1>().toHaveProperty("type");
    expectTypeOf<PackageV2["parcels"][number]>().toHaveProperty("type");
    expectTypeOf<PackageV2>().not.toHaveProperty("type");
  });

  it("narrows validatePackage's result by its ok flag and by the version asked for", () => {
    const result = validatePackage({}, { version: 2 });
    if (result.ok) {
      expectTypeOf(result.value).toEqualTypeOf<PackageV2>();
    } else {
      expectTypeOf(result.error.issues).toEqualTypeOf<readonly Issue[]>();
      expectTypeOf(result.error).toExtend<ShipbridgeError>();
    }
    const v1 = validatePackage({}, { version: 1 });
    if (v1.ok) expectTypeOf(v1.value).toEqualTypeOf<PackageV1>();
  });

  it("gives each issue a path, a rule code and a message", () => {
    expectTypeOf<Issue["path"]>().toEqualTypeOf<string>();
    expectTypeOf<Issue["rule"]>().toEqualTypeOf<RuleCode>();
    expectTypeOf<Issue["message"]>().toEqualTypeOf<string>();
  });

  it("types the service's issues as Issue<string>: it may name rules this version does not know", () => {
    expectTypeOf<ValidationApiError["issues"]>().toEqualTypeOf<readonly Issue<string>[]>();
  });

  it("narrows safeToPackage's result by its success flag, as zod's safeParse", () => {
    const result = safeToPackage({});
    expectTypeOf(result).toEqualTypeOf<SafeToPackageResult>();
    if (result.success) {
      expectTypeOf(result.data).toEqualTypeOf<PackageV2>();
      expectTypeOf(result.warnings).toEqualTypeOf<readonly Issue[]>();
    } else {
      expectTypeOf(result.error.issues).toEqualTypeOf<readonly Issue[]>();
    }
  });

  it("builds a v2 package from a store order", () => {
    expectTypeOf(toPackage).returns.toHaveProperty("package").toEqualTypeOf<PackageV2>();
  });

  it("types package creation by the version asked for", () => {
    type Create = ShippingClient["packages"]["create"];
    expectTypeOf<Awaited<ReturnType<Extract<Create, (i: PackageV2) => unknown>>>>().toHaveProperty(
      "package",
    );
    expectTypeOf<PackageDetailsV2>().not.toEqualTypeOf<PackageDetailsV1>();
  });
});
