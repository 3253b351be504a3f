// Tests of checkAddress: a store's check of a customer's address at checkout,
// with every problem at once under `address.…`, and the normalized address.
import { describe, expect, it } from "vitest";
import { CountryCatalog } from "../rules/countries.ts";
import { type CheckAddressOptions, checkAddress } from "./check-address.ts";
import type { StoreAddressInput } from "./store-order.ts";

const ADDRESS: StoreAddressInput = {
  first_name: "Anna",
  last_name: "Nowak",
  street: "ul. Długa 5",
  street2: "m. 3",
  postcode: "80-831",
  city: "Gdańsk",
  country_code: "pl",
  phone: "+48 601 234 567",
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
