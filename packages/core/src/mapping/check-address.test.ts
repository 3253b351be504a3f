// Tests of checkAddress: a store's check of a customer's address at checkout,
// with every problem at once under `address.…`, and the normalized address.

import { describe, expect, it } from "vitest";
import { IBAN, SENDER, sampleOrder } from "../fixtures/index.ts";
import { CountryCatalog } from "../rules/countries.ts";
import { type CheckAddressOptions, checkAddress } from "./check-address.ts";
import type { StoreAddressInput } from "./store-order.ts";
import { safeToPackage } from "./to-package.ts";

/** The shared fixture's shipping address, with the customer's phone on it as a checkout form has it. */
const ADDRESS: StoreAddressInput = {
  ...sampleOrder().shipping_address,
  phone: sampleOrder().customer.phone,
};

function issuesOf(result: ReturnType<typeof checkAddress>) {
  if (result.ok) throw new Error("expected the address to be refused");
  return result.error.issues.map(({ path, rule }) => ({ path, rule }));
}

const courier: CheckAddressOptions = { delivery: "courier" };

describe("checkAddress", () => {
  it("returns a good address normalized, without warnings", () => {
    const result = checkAddress(ADDRESS, courier);
    expect(result).toEqual({
      ok: true,
      value: { ...ADDRESS, country_code: "PL", phone: "601234567" },
      warnings: [],
    });
  });

  it("rewrites a Polish postcode typed as 5 digits, with a warning", () => {
    const result = checkAddress({ ...ADDRESS, postcode: "80831" }, courier);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.postcode).toBe("80-831");
    expect(result.warnings.map(({ path, rule }) => ({ path, rule }))).toEqual([
      { path: "address.postcode", rule: "postcode_normalized" },
    ]);
  });

  it("reports every problem at once: postcode, house number, phone", () => {
    const result = checkAddress(
      { ...ADDRESS, street: "Marszałkowska", street2: undefined, postcode: "ABC", phone: "12345" },
      courier,
    );
    expect(issuesOf(result)).toEqual([
      { path: "address.postcode", rule: "postcode_invalid" },
      { path: "address.street", rule: "house_number_missing" },
      { path: "address.phone", rule: "phone_invalid" },
    ]);
  });

  it("reports an empty street together with a bad phone", () => {
    const result = checkAddress({ ...ADDRESS, street: "", phone: "12345" }, courier);
    expect(issuesOf(result)).toEqual([
      { path: "address.street", rule: "too_small" },
      { path: "address.phone", rule: "phone_invalid" },
    ]);
  });

  it("needs no house number for a locker or pickup point", () => {
    const result = checkAddress(
      { ...ADDRESS, street: "Marszałkowska", street2: undefined },
      {
        delivery: "point",
      },
    );
    expect(result.ok).toBe(true);
  });

  it("finds the house number in street2", () => {
    const result = checkAddress({ ...ADDRESS, street: "Marszałkowska", street2: "12/4" }, courier);
    expect(result.ok).toBe(true);
  });

  it.each(["m. 3", "lok. 2", "piętro 2", "apt 4"])(
    "refuses a street without a number whose street2 is the flat note %j",
    (street2) => {
      const result = checkAddress({ ...ADDRESS, street: "Marszałkowska", street2 }, courier);
      expect(issuesOf(result)).toEqual([{ path: "address.street", rule: "house_number_missing" }]);
    },
  );

  it.each(["ul. 3 Maja", "ul. 11 Listopada", "Rue du 8 Mai 1945", "os. 1000-lecia"])(
    "refuses %j (a date or an anniversary, no house number) beside street2 m. 3",
    (street) => {
      const result = checkAddress({ ...ADDRESS, street }, courier);
      expect(issuesOf(result)).toEqual([{ path: "address.street", rule: "house_number_missing" }]);
    },
  );

  it("checks other countries by their own form", () => {
    const czech = { ...ADDRESS, country_code: "CZ", postcode: "11000", phone: "+420 601 123 456" };
    const result = checkAddress(czech, courier);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.postcode).toBe("110 00");
    expect(issuesOf(checkAddress({ ...czech, postcode: "1100" }, courier))).toEqual([
      { path: "address.postcode", rule: "postcode_invalid" },
    ]);
  });

  it("refuses a country outside the live list", () => {
    const countries = new CountryCatalog().replace(["PL"]);
    const result = checkAddress(
      { ...ADDRESS, country_code: "DE", postcode: "10115" },
      {
        delivery: "courier",
        countries,
      },
    );
    expect(issuesOf(result)).toEqual([
      { path: "address.country_code", rule: "country_not_supported" },
    ]);
  });

  it("refuses a name without a surname when there is no company", () => {
    const result = checkAddress({ ...ADDRESS, first_name: undefined, last_name: "Nowak" }, courier);
    expect(issuesOf(result)).toEqual([
      { path: "address.last_name", rule: "receiver_name_incomplete" },
    ]);
  });

  it("speaks Polish when asked", () => {
    const result = checkAddress(
      { ...ADDRESS, street: "Marszałkowska", street2: undefined },
      { delivery: "courier", language: "pl_PL" },
    );
    if (result.ok) throw new Error("expected the address to be refused");
    expect(result.error.issues[0]?.message).toBe(
      "Ulica „Marszałkowska” nie ma numeru domu; kurier bez niego nie znajdzie drzwi. Dopisz numer (np. Marszałkowska 12 albo 12/4 dla mieszkania).",
    );
  });

  it("names a wrong option and never throws on input that is not an address", () => {
    const wrong = { delivery: "drone" } as unknown as CheckAddressOptions;
    expect(issuesOf(checkAddress(ADDRESS, wrong))).toEqual([
      { path: "options.delivery", rule: "invalid_value" },
    ]);
    expect(issuesOf(checkAddress(null as unknown as StoreAddressInput, courier))).toEqual([
      { path: "address", rule: "invalid_type" },
    ]);
  });

  it("never changes the caller's address", () => {
    const input = { ...ADDRESS, postcode: "80831" };
    checkAddress(input, courier);
    expect(input.postcode).toBe("80831");
  });
});

describe("checkAddress and toPackage agree", () => {
  const options = { sender: SENDER, cod: { iban: IBAN } };

  /** The fixture order shipped to `address`, by courier or to `point`. */
  function orderTo(address: StoreAddressInput, point?: { code: string; carrier: string }) {
    const { phone, ...shipping } = address;
    return sampleOrder({
      shipping_address: shipping,
      customer: { ...sampleOrder().customer, ...(phone === undefined ? {} : { phone }) },
      ...(point === undefined ? {} : { shipping: { service: "inpost" }, pickup_point: point }),
    });
  }

  it("asks for a house number when the point is of another carrier than the shipping method's", () => {
    const address = { ...ADDRESS, street: "Marszałkowska", street2: undefined };
    const point = { code: "KRA01M", carrier: "inpost" };
    const checked = checkAddress(address, { delivery: "point", point, service: "dpd" });
    expect(issuesOf(checked)).toEqual([{ path: "address.street", rule: "house_number_missing" }]);
    expect(checked.warnings.map((issue) => ({ path: issue.path, rule: issue.rule }))).toEqual([
      { path: "address", rule: "pickup_point_dropped" },
    ]);
    // toPackage drops that point and refuses the door address the same way.
    const order = { ...orderTo(address, point), shipping: { service: "dpd" } };
    const mapped = safeToPackage(order, options);
    if (mapped.success) throw new Error("expected toPackage to refuse the address");
    expect(mapped.error.issues.map(({ path, rule }) => ({ path, rule }))).toEqual([
      { path: "order.shipping_address.street", rule: "house_number_missing" },
    ]);
    // A point of the shipping method's carrier needs no house number, in both.
    expect(checkAddress(address, { delivery: "point", point, service: "inpost" }).ok).toBe(true);
    expect(safeToPackage(orderTo(address, point), options).success).toBe(true);
  });

  const addresses: [string, StoreAddressInput][] = [
    ["the fixture", ADDRESS],
    ["no house number, flat note", { ...ADDRESS, street: "Marszałkowska" }],
    ["a date for a street", { ...ADDRESS, street: "ul. 3 Maja", street2: undefined }],
    ["the number in street2", { ...ADDRESS, street: "Wola", street2: "12" }],
    ["5-digit postcode", { ...ADDRESS, postcode: "80831" }],
    ["prefixed postcode", { ...ADDRESS, postcode: "PL-80 831" }],
    ["bad postcode", { ...ADDRESS, postcode: "ABC" }],
    ["bad phone", { ...ADDRESS, phone: "12345" }],
    ["one-word name", { ...ADDRESS, first_name: undefined, last_name: "Nowak" }],
    ["a company", { ...ADDRESS, first_name: undefined, last_name: "Nowak", company: "Firma" }],
    ["German", { ...ADDRESS, country_code: "DE", postcode: "D-10115", phone: undefined }],
    [
      "Irish house name",
      {
        ...ADDRESS,
        country_code: "IE",
        street: "Rose Cottage",
        postcode: "D02 X285",
        phone: undefined,
      },
    ],
  ];

  it.each(addresses)("accepts and refuses alike: %s", (_, address) => {
    for (const point of [undefined, { code: "KRA01M", carrier: "inpost" }]) {
      const delivery = point === undefined ? "courier" : "point";
      const checked = checkAddress(address, {
        delivery,
        ...(point ? { point, service: "inpost" } : {}),
      });
      const mapped = safeToPackage(orderTo(address, point), options);
      expect({ delivery, ok: checked.ok }).toEqual({ delivery, ok: mapped.success });
      if (!checked.ok && !mapped.success) {
        const rules = (issues: readonly { rule: string }[]) =>
          [...new Set(issues.map((i) => i.rule))].sort();
        expect(rules(checked.error.issues)).toEqual(rules(mapped.error.issues));
      }
    }
  });
});
