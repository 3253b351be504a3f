// Tests of the package answers: details v1 and v2, order summaries, package
// lists and DutyOut.
import { describe, expect, it } from "vitest";
import { DutyOutSchema } from "./duty.ts";
import {
  OrderSummaryPackageSchema,
  PackageDetailsV1Schema,
  PackageDetailsV2Schema,
  PackageListResponseSchema,
  ParcelDetailedV2Schema,
} from "./package-details.ts";

const details = {
  package_id: 20126195,
  group_id: null,
  state: "ordered",
  service: "inpost",
  service_id: 11597700,
  service_contract: "furgonetka",
  name: "Order 1001",
  pickup: { name: "Sklep", city: "Warszawa", email: "sklep@example.pl", point: null },
  sender: null,
  receiver: { name: "Anna Nowak", city: "Kraków", point: "KRA01M" },
  parcels: [
    {
      package_no: "630000000000000000000001",
      tracking_url: "https://example.test/track/630000000000000000000001",
      service: "inpost",
      type: "package",
      width: 30,
      depth: 20,
      height: 10,
      weight: 1.5,
      dimensional_weight: 1.2,
      datetime_status: "2026-09-14T10:00:00+02:00",
      gauge: "A",
    },
  ],
  additional_services: { digital_label: "legacy", cod: null },
  additional_services_dictionary: { sms_predelivery_information: "SMS notice" },
  pricing: { price_gross: 19.31, price_net: 15.7, adjusted_price: 19.31 },
  cancel_available: false,
  pickup_available: true,
  pickup_number: null,
  label: { file_format: "pdf" },
  documents: [{ type: "label", format: "pdf" }],
  documents_url: "https://example.test/docs/20126195",
  tracking_url: "https://example.test/track/20126195",
  add_similar_url: "https://example.test/add-similar/20126195",
  edit_url: null,
  datetime_add: "2026-09-14T09:00:00+02:00",
  datetime_order: "2026-09-14T09:05:00+02:00",
  datetime_delivery: null,
  delivery_time: null,
  point_specific_details: { package_sale_price: 9.99 },
  related_packages: [{ package_id: 20126196, type: "return" }],
  changes: [],
  complaint_available: false,
  documents_available: true,
};

describe("PackageDetailsV2Schema (tolerant)", () => {
  it("reads the fields the spec names and keeps the rest", () => {
    const parsed = PackageDetailsV2Schema.parse(details);
    expect(parsed.package_id).toBe(20126195);
    expect(parsed.pickup?.email).toBe("sklep@example.pl");
    expect(parsed.parcels?.[0]?.package_no).toBe("630000000000000000000001");
    expect(parsed.parcels?.[0]?.dimensional_weight).toBe(1.2);
    expect(parsed.parcels?.[0]?.datetime_status).toBe("2026-09-14T10:00:00+02:00");
    expect(parsed.parcels?.[0]?.["gauge"]).toBe("A");
    expect(parsed.pricing?.adjusted_price).toBe(19.31);
    expect(parsed.point_specific_details?.package_sale_price).toBe(9.99);
    expect(parsed.additional_services_dictionary?.["sms_predelivery_information"]).toBe(
      "SMS notice",
    );
    expect(parsed.additional_services?.digital_label).toBe(true);
    expect(parsed.related_packages?.[0]?.package_id).toBe(20126196);
    expect(parsed["complaint_available"]).toBe(false);
  });

  it("no longer declares documents_available (a leftover passes through untyped)", () => {
    expect(Object.keys(PackageDetailsV2Schema.shape)).not.toContain("documents_available");
    expect(Object.keys(PackageDetailsV2Schema.shape)).not.toContain("type");
  });

  it("needs only the package id", () => {
    expect(PackageDetailsV2Schema.parse({ package_id: 7 })).toEqual({ package_id: 7 });
    expect(PackageDetailsV2Schema.safeParse({ state: "waiting" }).error?.issues[0]?.path).toEqual([
      "package_id",
    ]);
  });
});

describe("PackageDetailsV1Schema", () => {
  it("has the type on the package and no datetime_status on parcels", () => {
    expect(Object.keys(PackageDetailsV1Schema.shape)).toContain("type");
    const parcelShape = PackageDetailsV1Schema.shape.parcels.unwrap().unwrap().element.shape;
    expect(Object.keys(parcelShape)).not.toContain("datetime_status");
    expect(Object.keys(ParcelDetailedV2Schema.shape)).toContain("datetime_status");
    expect(PackageDetailsV1Schema.parse({ package_id: 1, type: "dox" }).type).toBe("dox");
  });
});

describe("OrderSummaryPackageSchema and PackageListResponseSchema", () => {
  it("carry the additional services dictionary and the packages", () => {
    const summary = OrderSummaryPackageSchema.parse({
      package_id: 3,
      service: "dpd",
      additional_services_dictionary: { cod: "Cash on delivery" },
    });
    expect(summary.additional_services_dictionary).toEqual({ cod: "Cash on delivery" });
    const list = PackageListResponseSchema.parse({ packages: [details], total: 1 });
    expect(list.packages[0]?.service).toBe("inpost");
  });
});

describe("DutyOutSchema", () => {
  it("has content and documents_uuids instead of items", () => {
    expect(Object.keys(DutyOutSchema.shape)).toEqual(
      expect.arrayContaining(["content", "documents_uuids"]),
    );
    expect(Object.keys(DutyOutSchema.shape)).not.toContain("items");
    const parsed = DutyOutSchema.parse({
      content: "Books",
      documents_uuids: ["0b7c6f3e-3a0a-4c55-9a55-2a4b1e0c9d11"],
    });
    expect(parsed.documents_uuids).toHaveLength(1);
  });
});
