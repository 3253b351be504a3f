// Tests of the strict package schemas of API v1 and v2.
import { describe, expect, it } from "vitest";
import {
  PackageInputSchema,
  PackageV1Schema,
  PackageV2Schema,
  packageSchemaFor,
} from "./package.ts";

const address = {
  name: "Anna Nowak",
  street: "Floriańska 3",
  postcode: "31-019",
  city: "Kraków",
  country_code: "PL",
  email: "anna@example.pl",
  phone: "600200300",
};
const parcel = { width: 30, depth: 20, height: 10, weight: 1.5, value: 120, description: "Books" };

const v1 = {
  pickup: { ...address, name: "Sklep ABC" },
  receiver: { ...address, point: "KRA01M" },
  service: "inpost",
  type: "package",
  parcels: [parcel],
  user_reference_number: "order-1001",
  additional_services: { sms_predelivery_information: true },
};
const { type: _type, ...v1WithoutType } = v1;
const v2 = { ...v1WithoutType, parcels: [{ ...parcel, type: "package" }] };

describe("PackageV1Schema", () => {
  it("accepts a v1 package with type on the package", () => {
    const parsed = PackageV1Schema.parse(v1);
    expect(parsed.type).toBe("package");
    expect(parsed.parcels[0]?.weight).toBe(1.5);
    expect(parsed.receiver.point).toBe("KRA01M");
  });

  it("rejects a parcel type in v1 and names the parcel", () => {
    const result = PackageV1Schema.safeParse({
      ...v1,
      parcels: [parcel, { ...parcel, type: "dox" }],
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ code: "unrecognized_keys", keys: ["type"], path: ["parcels", 1] }),
    ]);
  });

  it("requires the package type", () => {
    const result = PackageV1Schema.safeParse(v1WithoutType);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([["type"]]);
  });
});

describe("PackageV2Schema", () => {
  it("accepts a v2 package with type on every parcel", () => {
    expect(PackageV2Schema.parse(v2).parcels[0]?.type).toBe("package");
  });

  it("rejects a package-level type in v2 and wants it on the parcel", () => {
    const result = PackageV2Schema.safeParse({ ...v1 });
    const issues = result.error?.issues ?? [];
    expect(issues).toContainEqual(expect.objectContaining({ path: [], keys: ["type"] }));
    expect(issues).toContainEqual(expect.objectContaining({ path: ["parcels", 0, "type"] }));
  });

  it("rejects an unknown package type", () => {
    const result = PackageV2Schema.safeParse({ ...v2, parcels: [{ ...parcel, type: "envelope" }] });
    expect(result.error?.issues[0]).toMatchObject({
      code: "invalid_value",
      path: ["parcels", 0, "type"],
    });
  });

  it("names unknown keys deep inside the package", () => {
    const result = PackageV2Schema.safeParse({
      ...v2,
      receiver: { ...address, flat: "4" },
      additional_services: { sending_at_point: true },
      comment: "x",
    });
    const unknown = result.error?.issues.map((issue) => ({
      path: issue.path,
      keys: (issue as { keys?: string[] }).keys,
    }));
    expect(unknown).toEqual([
      { path: ["receiver"], keys: ["flat"] },
      { path: ["additional_services"], keys: ["sending_at_point"] },
      { path: [], keys: ["comment"] },
    ]);
  });

  it("needs service or service_id, and accepts either", () => {
    const { service: _service, ...noService } = v2;
    const result = PackageV2Schema.safeParse(noService);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        code: "custom",
        path: ["service"],
        params: { rule: "service_required" },
      }),
    ]);
    expect(PackageV2Schema.parse({ ...noService, service_id: 11597700 }).service_id).toBe(11597700);
  });

  it("names a missing carrier together with every other problem", () => {
    const { service: _service, ...noService } = v2;
    for (const schema of [PackageV1Schema, PackageV2Schema]) {
      const input = { ...noService, receiver: { ...address, city: 5 }, colour: "red" };
      const paths = schema.safeParse(input).error?.issues.map((issue) => issue.path.join("."));
      expect(paths).toEqual(expect.arrayContaining(["receiver.city", "service"]));
    }
    expect(PackageV2Schema.safeParse("package").error?.issues).toHaveLength(1);
  });

  it("allows pickup and sender to be null (data from the carrier contract)", () => {
    const parsed = PackageV2Schema.parse({ ...v2, pickup: null, sender: null });
    expect(parsed.pickup).toBeNull();
    expect(parsed.sender).toBeNull();
  });

  it("needs at least one parcel with positive dimensions and weight", () => {
    expect(PackageV2Schema.safeParse({ ...v2, parcels: [] }).error?.issues[0]?.path).toEqual([
      "parcels",
    ]);
    const result = PackageV2Schema.safeParse({
      ...v2,
      parcels: [{ ...parcel, type: "package", weight: 0, height: -1 }],
    });
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual([
      "parcels.0.height",
      "parcels.0.weight",
    ]);
  });

  it("keeps fractional centimetres for the rules to round", () => {
    const parsed = PackageV2Schema.parse({
      ...v2,
      parcels: [{ ...parcel, width: 10.2, type: "package" }],
    });
    expect(parsed.parcels[0]?.width).toBe(10.2);
  });

  it("checks the customs section and rejects its removed items list", () => {
    const result = PackageV2Schema.safeParse({ ...v2, duty: { content: "Books", items: [] } });
    expect(result.error?.issues[0]).toMatchObject({ path: ["duty"], keys: ["items"] });
  });
});

describe("packageSchemaFor", () => {
  it("gives the schema of each API version", () => {
    expect(packageSchemaFor(1)).toBe(PackageV1Schema);
    expect(packageSchemaFor(2)).toBe(PackageV2Schema);
    expect(PackageInputSchema[2].safeParse(v1).success).toBe(false);
    expect(PackageInputSchema[1].safeParse(v1).success).toBe(true);
  });
});
