// Tests of the converters between v1 and v2 packages.
import { describe, expect, it } from "vitest";
import { type PackageV1, PackageV1Schema, type PackageV2, PackageV2Schema } from "./package.ts";
import { packageV1ToV2, packageV2ToV1 } from "./package-versions.ts";

const address = {
  name: "Anna Nowak",
  street: "Floriańska 3",
  postcode: "31-019",
  city: "Kraków",
  country_code: "PL",
  phone: "600200300",
};

const v1: PackageV1 = {
  pickup: address,
  receiver: { ...address, point: "KRA01M" },
  service: "dpd",
  type: "pallet",
  parcels: [
    { width: 120, depth: 80, height: 100, weight: 250, quantity: 2 },
    { width: 120, depth: 80, height: 60, weight: 90 },
  ],
  additional_services: { premium: true },
};

describe("packageV1ToV2", () => {
  it("copies the package type into every parcel and drops it from the package", () => {
    const v2 = packageV1ToV2(v1);
    expect("type" in v2).toBe(false);
    expect(v2.parcels.map((parcel) => parcel.type)).toEqual(["pallet", "pallet"]);
    expect(v2.parcels[0]?.quantity).toBe(2);
    expect(PackageV2Schema.parse(v2)).toEqual(v2);
  });

  it("does not change its input", () => {
    const copy = structuredClone(v1);
    packageV1ToV2(v1);
    expect(v1).toEqual(copy);
  });

  it("round-trips back to the same v1 package", () => {
    const back = packageV2ToV1(packageV1ToV2(v1));
    expect(back).toEqual({ ok: true, value: v1 });
  });
});

describe("packageV2ToV1", () => {
  const v2: PackageV2 = packageV1ToV2(v1);

  it("lifts the shared parcel type onto the package", () => {
    const result = packageV2ToV1(v2);
    if (!result.ok) throw new Error(result.issue.message);
    expect(result.value.type).toBe("pallet");
    expect(result.value.parcels.every((parcel) => !("type" in parcel))).toBe(true);
    expect(PackageV1Schema.parse(result.value)).toEqual(result.value);
    expect(packageV1ToV2(result.value)).toEqual(v2);
  });

  it("names the first parcel whose type differs", () => {
    const mixed: PackageV2 = {
      ...v2,
      parcels: [
        { width: 10, depth: 10, height: 10, weight: 1, type: "package" },
        { width: 10, depth: 10, height: 10, weight: 1, type: "package" },
        { width: 30, depth: 20, height: 1, weight: 0.2, type: "dox" },
      ],
    };
    const result = packageV2ToV1(mixed);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issue.path).toBe("parcels[2].type");
    expect(result.issue.rule).toBe("invalid_value");
    expect(result.issue.message).toContain("parcels[2].type");
    expect(result.issue.message).toContain('"dox"');
  });

  it("reports a package without parcels instead of throwing", () => {
    const result = packageV2ToV1({ ...v2, parcels: [] });
    expect(result).toEqual({
      ok: false,
      issue: {
        path: "parcels",
        rule: "too_small",
        message: "A package needs at least one parcel",
      },
    });
  });
});
