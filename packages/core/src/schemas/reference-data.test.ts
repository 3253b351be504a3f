// Tests of the reference-data schemas: account services, autocomplete,
// countries, dictionary, messages and regulations.
import { describe, expect, it } from "vitest";
import { AccountServicesResponseSchema } from "./account-services.ts";
import { AddressAutocompleteRequestSchema, REGIONS } from "./address-autocomplete.ts";
import { ApiErrorResponseSchema } from "./api-error.ts";
import { CitiesResponseSchema } from "./cities.ts";
import { CountryListResponseSchema } from "./country-list.ts";
import { DictionarySchema } from "./dictionary.ts";
import { MessagesV2ResponseSchema, MessageV1Schema, MessageV2Schema } from "./messages.ts";
import { PaymentCreateRequestSchema, PaymentResponseSchema } from "./payments.ts";
import { PickupDateSchema } from "./pickup-date.ts";
import { RegulationsResponseSchema } from "./regulations.ts";
import { StreetsRequestSchema, StreetsResponseSchema } from "./streets.ts";
import { TemplatesV2ResponseSchema } from "./templates.ts";
import { UserDataEditRequestSchema } from "./user-data.ts";

describe("account services", () => {
  it("reads id, carrier, name and contract kind", () => {
    const parsed = AccountServicesResponseSchema.parse({
      services: [
        {
          id: 11597700,
          service: "inpost",
          name: "InPost Paczkomaty",
          service_contract: "furgonetka",
        },
        {
          id: 11597701,
          service: "poczta",
          name: "Pocztex",
          service_contract: "own",
          logo: "x.png",
        },
      ],
    });
    expect(parsed.services.map((service) => service.service_contract)).toEqual([
      "furgonetka",
      "own",
    ]);
    expect(parsed.services[1]?.["logo"]).toBe("x.png");
  });

  it("rejects an unknown contract kind at its path", () => {
    const result = AccountServicesResponseSchema.safeParse({
      services: [{ id: 1, service: "dpd", name: "DPD", service_contract: "shared" }],
    });
    expect(result.error?.issues[0]?.path).toEqual(["services", 0, "service_contract"]);
  });
});

describe("address autocomplete request", () => {
  it("knows the six regions", () => {
    expect(REGIONS).toEqual([
      "europe",
      "north_america",
      "south_america",
      "asia",
      "africa",
      "oceania",
    ]);
  });

  it("accepts regions or a country code (their exclusion is a rule)", () => {
    expect(
      AddressAutocompleteRequestSchema.parse({ query: "Marsz", regions: ["europe"] }).regions,
    ).toEqual(["europe"]);
    expect(
      AddressAutocompleteRequestSchema.parse({ query: "Marsz", country_code: "PL" }).country_code,
    ).toBe("PL");
  });

  it("rejects an unknown region and an unknown key by path", () => {
    const result = AddressAutocompleteRequestSchema.safeParse({
      query: "x",
      regions: ["europe", "antarctica"],
      country: "PL",
    });
    const issues = result.error?.issues ?? [];
    expect(issues).toContainEqual(
      expect.objectContaining({ path: ["regions", 1], code: "invalid_value" }),
    );
    expect(issues).toContainEqual(expect.objectContaining({ path: [], keys: ["country"] }));
  });
});

describe("country list and dictionary", () => {
  it("reads the list of ISO codes; the older countries field is optional", () => {
    expect(CountryListResponseSchema.parse({ list: ["PL", "DE", "BG"] }).list).toEqual([
      "PL",
      "DE",
      "BG",
    ]);
    const old = CountryListResponseSchema.parse({
      list: ["PL"],
      countries: [{ code: "PL", name: "Polska" }],
    });
    expect(old.countries).toEqual([{ code: "PL", name: "Polska" }]);
    expect(
      CountryListResponseSchema.safeParse({ list: ["Poland"] }).error?.issues[0]?.path,
    ).toEqual(["list", 0]);
  });

  it("reads currencies and phone prefixes and keeps other lists", () => {
    const parsed = DictionarySchema.parse({
      currencies: ["PLN", "EUR"],
      phone_prefixes: [{ country_code: "PL", prefix: "+48" }],
      package_types: ["package", "dox", "pallet"],
    });
    expect(parsed.phone_prefixes?.[0]?.prefix).toBe("+48");
    expect(parsed["package_types"]).toEqual(["package", "dox", "pallet"]);
  });
});

describe("messages", () => {
  it("v2 has a single content, v1 has both languages", () => {
    expect(Object.keys(MessageV2Schema.shape)).not.toContain("content_pl");
    expect(Object.keys(MessageV2Schema.shape)).not.toContain("content_en");
    expect(Object.keys(MessageV1Schema.shape)).toEqual(
      expect.arrayContaining(["content_pl", "content_en"]),
    );
    const parsed = MessagesV2ResponseSchema.parse({ messages: [{ id: 1, content: "Witaj" }] });
    expect(parsed.messages[0]?.content).toBe("Witaj");
    expect(
      MessagesV2ResponseSchema.safeParse({ messages: [{ content_pl: "Witaj" }] }).error?.issues[0]
        ?.path,
    ).toEqual(["messages", 0, "content"]);
  });
});

describe("regulations, pickup dates, cities, streets, templates", () => {
  it("read their answers and keep unknown keys", () => {
    const regulations = RegulationsResponseSchema.parse({
      regulations: [
        {
          type: "carrier",
          key: "dpd-2026",
          additional_content: "I accept",
          content: "Full text",
          v: 3,
        },
      ],
    });
    expect(regulations.regulations[0]?.key).toBe("dpd-2026");
    expect(regulations.regulations[0]?.["v"]).toBe(3);

    expect(PickupDateSchema.parse({ date: "2026-09-15", info: "Courier until 15:00" }).info).toBe(
      "Courier until 15:00",
    );
    expect(
      CitiesResponseSchema.parse({ cities: [{ name: "Kraków", postcode: "31-019" }] }).cities[0]
        ?.name,
    ).toBe("Kraków");
    expect(
      StreetsResponseSchema.parse({ streets: [{ name: "Floriańska" }] }).streets[0]?.name,
    ).toBe("Floriańska");

    const templates = TemplatesV2ResponseSchema.parse({
      templates: [
        {
          id: 1,
          name: "Small box",
          packages: [{ service: "inpost", parcels: [{ width: 10, type: "package" }] }],
        },
      ],
    });
    expect(templates.templates[0]?.packages[0]?.parcels?.[0]?.width).toBe(10);
  });

  it("streets need the city", () => {
    expect(StreetsRequestSchema.safeParse({ query: "Flo" }).error?.issues[0]?.path).toEqual([
      "city",
    ]);
  });
});

describe("payments and user data (requests strict)", () => {
  it("create a payment for a positive amount", () => {
    expect(PaymentCreateRequestSchema.parse({ amount: 50, currency: "PLN" })).toEqual({
      amount: 50,
      currency: "PLN",
    });
    expect(PaymentCreateRequestSchema.safeParse({ amount: -5 }).error?.issues[0]?.path).toEqual([
      "amount",
    ]);
    expect(
      PaymentResponseSchema.parse({ id: "p1", payment_url: "https://pay.test/p1" }).payment_url,
    ).toBe("https://pay.test/p1");
  });

  it("edit user data with a country code, rejecting unknown keys by name", () => {
    expect(
      UserDataEditRequestSchema.parse({ phone: "600100200", country_code: "BG" }).country_code,
    ).toBe("BG");
    const result = UserDataEditRequestSchema.safeParse({ country_code: "bg", password: "x" });
    const issues = result.error?.issues ?? [];
    expect(issues).toContainEqual(expect.objectContaining({ path: [], keys: ["password"] }));
    expect(issues).toContainEqual(expect.objectContaining({ path: ["country_code"] }));
  });
});

describe("ApiErrorResponseSchema", () => {
  it("reads the 400 body with paths", () => {
    const parsed = ApiErrorResponseSchema.parse({
      errors: [{ path: "receiver.phone", message: "Invalid phone" }],
      message: "Validation failed",
    });
    expect(parsed.errors?.[0]?.path).toBe("receiver.phone");
    expect(parsed.message).toBe("Validation failed");
  });
});
