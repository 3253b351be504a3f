// Tests of the price calculation schemas: strict quote requests and the
// tolerant answer.
import { describe, expect, it } from "vitest";
import {
  CalculatePriceRequestV1Schema,
  CalculatePriceRequestV2Schema,
  CalculatePriceResponseSchema,
  ServicePriceSchema,
} from "./calculate-price.ts";
import { PricingOutV1Schema, PricingOutV2Schema } from "./pricing.ts";

const parcel = { width: 30, depth: 20, height: 10, weight: 2 };
const quoteV2 = {
  package: {
    pickup: { postcode: "00-533", country_code: "PL" },
    receiver: { postcode: "31-019", country_code: "PL", city: "Kraków" },
    parcels: [{ ...parcel, type: "package" }],
    additional_services: { cod: { amount: 99, iban: "PL61109010140000071219812874" } },
  },
  services: { service: ["inpost", "dpd", "orlen"] },
};

describe("calculate-price requests (strict)", () => {
  it("quote a v2 package from postcodes and country codes alone", () => {
    const parsed = CalculatePriceRequestV2Schema.parse(quoteV2);
    expect(parsed.services.service).toEqual(["inpost", "dpd", "orlen"]);
    expect(parsed.package.receiver.city).toBe("Kraków");
  });

  it("quote a v1 package with the type on the package", () => {
    const v1 = {
      ...quoteV2,
      package: { ...quoteV2.package, type: "package", parcels: [parcel] },
    };
    expect(CalculatePriceRequestV1Schema.parse(v1).package.type).toBe("package");
    expect(CalculatePriceRequestV2Schema.safeParse(v1).success).toBe(false);
  });

  it("need the receiver's postcode and country code", () => {
    const result = CalculatePriceRequestV2Schema.safeParse({
      ...quoteV2,
      package: { ...quoteV2.package, receiver: { city: "Kraków" } },
    });
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual([
      "package.receiver.postcode",
      "package.receiver.country_code",
    ]);
  });

  it("name the carrier in services, not in the package", () => {
    const result = CalculatePriceRequestV2Schema.safeParse({
      ...quoteV2,
      package: { ...quoteV2.package, service: "inpost" },
    });
    expect(result.error?.issues[0]).toMatchObject({ path: ["package"], keys: ["service"] });
  });

  it("need at least one carrier to quote and reject unknown filter keys", () => {
    const empty = CalculatePriceRequestV2Schema.safeParse({
      ...quoteV2,
      services: { service: [] },
    });
    expect(empty.error?.issues[0]?.path).toEqual(["services", "service"]);
    const unknown = CalculatePriceRequestV2Schema.safeParse({
      ...quoteV2,
      services: { service: ["dpd"], service_ids: [1] },
    });
    expect(unknown.error?.issues[0]).toMatchObject({ path: ["services"], keys: ["service_ids"] });
  });
});

describe("calculate-price answer (tolerant)", () => {
  const answer = {
    services_prices: [
      {
        service: "inpost",
        service_id: 11597700,
        available: true,
        errors: [],
        pricing: { price_gross: 19.31, price_net: 15.7, adjusted_price: null, tax: 23 },
        lowest_price: true,
        courier_details: { avg_delivery_time: 1.2 },
        badge: "new",
      },
      {
        service: "fedex",
        service_id: null,
        available: false,
        errors: [{ message: "Parcel too heavy" }],
        pricing: null,
      },
    ],
    calculation_pending_in_background: false,
    request_id: "abc",
  };

  it("reads every quote and keeps unknown keys", () => {
    const parsed = CalculatePriceResponseSchema.parse(answer);
    expect(parsed.services_prices[0]?.pricing?.price_gross).toBe(19.31);
    expect(parsed.services_prices[0]?.courier_details?.avg_delivery_time).toBe(1.2);
    expect(parsed.services_prices[0]?.["badge"]).toBe("new");
    expect(parsed.services_prices[1]?.errors?.[0]?.message).toBe("Parcel too heavy");
    expect(parsed["request_id"]).toBe("abc");
  });

  it("tells the client to repeat while the calculation is pending", () => {
    const parsed = CalculatePriceResponseSchema.parse({
      services_prices: [],
      calculation_pending_in_background: true,
    });
    expect(parsed.calculation_pending_in_background).toBe(true);
    expect(
      CalculatePriceResponseSchema.parse({ services_prices: [] }).calculation_pending_in_background,
    ).toBeUndefined();
  });

  it("has no access field any more", () => {
    expect(Object.keys(ServicePriceSchema.shape)).not.toContain("access");
  });

  it("has adjusted_price in v2 pricing only", () => {
    expect(Object.keys(PricingOutV2Schema.shape)).toContain("adjusted_price");
    expect(Object.keys(PricingOutV1Schema.shape)).not.toContain("adjusted_price");
    expect(
      PricingOutV2Schema.parse({ price_gross: 10, price_net: 8.13, adjusted_price: 12.3 })
        .adjusted_price,
    ).toBe(12.3);
  });

  it("rejects a price that is not a number", () => {
    const result = PricingOutV2Schema.safeParse({ price_gross: "19.31", price_net: 15.7 });
    expect(result.error?.issues[0]?.path).toEqual(["price_gross"]);
  });
});
