// Tests of the address schemas: strict pickup, sender and receiver requests,
// and the tolerant answer form.
import { describe, expect, it } from "vitest";
import { AddressOutSchema, AddressSchema, PickupSchema, ReceiverSchema } from "./address.ts";

const sender = {
  name: "Jan Kowalski",
  company: "Sklep Kowalski",
  street: "Marszałkowska 1",
  postcode: "00-533",
  city: "Warszawa",
  country_code: "PL",
  email: "jan@example.pl",
  phone: "600100200",
};

describe("AddressSchema (request, strict)", () => {
  it("accepts a complete address and keeps its values", () => {
    expect(AddressSchema.parse(sender)).toEqual(sender);
  });

  it("accepts null for the optional company, county and email", () => {
    const parsed = AddressSchema.parse({ ...sender, company: null, county: null, email: null });
    expect(parsed.company).toBeNull();
    expect(parsed.county).toBeNull();
  });

  it("rejects an unknown key and names it", () => {
    const result = AddressSchema.safeParse({ ...sender, surname: "Kowalski" });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ code: "unrecognized_keys", keys: ["surname"], path: [] }),
    ]);
  });

  it("reports every missing required field at its own path", () => {
    const result = AddressSchema.safeParse({ name: "Jan" });
    const paths = result.error?.issues.map((issue) => issue.path.join("."));
    expect(paths).toEqual(["street", "postcode", "city", "country_code", "phone"]);
  });

  it("wants a two-letter upper-case country code and a well-formed e-mail", () => {
    const result = AddressSchema.safeParse({ ...sender, country_code: "pl", email: "jan@" });
    expect(result.error?.issues.map((issue) => issue.path[0])).toEqual(["country_code", "email"]);
  });

  it("has no point: a sender hands in at the pickup point", () => {
    const result = AddressSchema.safeParse({ ...sender, point: "WAW01M" });
    expect(result.error?.issues[0]).toMatchObject({ keys: ["point"] });
    expect(PickupSchema.parse({ ...sender, point: "WAW01M" }).point).toBe("WAW01M");
  });
});

describe("ReceiverSchema", () => {
  it("carries the chosen point code", () => {
    expect(ReceiverSchema.parse({ ...sender, point: "KRA12A" }).point).toBe("KRA12A");
  });

  it("rejects an empty point code at receiver.point", () => {
    const result = ReceiverSchema.safeParse({ ...sender, point: "" });
    expect(result.error?.issues[0]?.path).toEqual(["point"]);
  });
});

describe("AddressOutSchema (answer, tolerant)", () => {
  it("keeps unknown keys and the pickup e-mail", () => {
    const parsed = AddressOutSchema.parse({
      ...sender,
      county: null,
      point: null,
      point_label: null,
      point_data: null,
      only_pickup_provided: false,
      building_number: "12",
    });
    expect(parsed.email).toBe("jan@example.pl");
    expect(parsed["only_pickup_provided"]).toBe(false);
    expect(parsed["building_number"]).toBe("12");
  });

  it("accepts an address with fields missing", () => {
    expect(AddressOutSchema.parse({ city: "Kraków" })).toEqual({ city: "Kraków" });
  });
});
