// Type tests of the public surface: what a store developer's editor sees.
// Run by vitest's typecheck mode; nothing here executes.
import { describe, expectTypeOf, it } from "vitest";
import {
  type PackageDetailsV1,
  type PackageDetailsV2,
  type PackageV1,
  type PackageV2,
  type ShipbridgeError,
  type ShippingClient,
  toPackage,
  type ValidationIssue,
  validatePackage,
} from "./index.ts";

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
      expectTypeOf(result.error.issues).toEqualTypeOf<readonly ValidationIssue[]>();
      expectTypeOf(result.error).toExtend<ShipbridgeError>();
    }
    const v1 = validatePackage({}, { version: 1 });
    if (v1.ok) expectTypeOf(v1.value).toEqualTypeOf<PackageV1>();
  });

  it("gives each validation issue a path, a rule code and a message", () => {
    expectTypeOf<ValidationIssue["path"]>().toEqualTypeOf<string>();
    expectTypeOf<ValidationIssue["message"]>().toEqualTypeOf<string>();
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
