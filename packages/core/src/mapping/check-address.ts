// checkAddress: how a store checks a customer's address at checkout, before it
// takes the customer's money. It runs the same address rules as toPackage and
// validatePackage (the postcode form of the country, a house number where a
// courier must find the door, a Polish phone as 9 digits, an accepted country,
// a first name and a surname, clean text), so an address that passes here is
// not refused later when the order is shipped.
//
// - The input is the store-neutral address of a StoreOrder's
//   `shipping_address`; the result is that address normalized (postcode in
//   its country's form, Polish phone as 9 digits, country code upper case,
//   texts cleaned) with warnings, or a ValidationError naming every problem
//   at once under `address.…` (`address.postcode`, `address.street`).
// - `delivery: "courier"` asks for a house number in `street` (or `street2`,
//   which toPackage appends to it); `"point"` (a locker or pickup point) does
//   not, because the point is found by its code.
// - The phone and the name are optional here, as in the order (toPackage
//   falls back to the customer's); when given, they are checked.
// - Never throws.
import { z } from "zod";
import type { Language } from "../issues/language.ts";
import { RULE_CODES } from "../issues/rule-codes.ts";
import {
  BUILT_IN_COUNTRIES,
  type CountriesOption,
  checkCountryCode,
  countryLookupOf,
} from "../rules/countries.ts";
import { asRecord, type Draft } from "../rules/draft.ts";
import { checkHouseNumber } from "../rules/house-number.ts";
import { checkPolishPhone } from "../rules/polish-phone.ts";
import { checkPostcode } from "../rules/postcodes.ts";
import { hasFirstNameAndSurname } from "../rules/receiver-name.ts";
import { lazy } from "../schemas/lazy-schema.ts";
import type { ValidationResult } from "../validation/result.ts";
import { runValidation } from "../validation/run-validation.ts";
import { cleanText } from "./clean-text.ts";
import { type StoreAddress, type StoreAddressInput, StoreAddressSchema } from "./store-order.ts";

/** How the parcel reaches the customer: to the door by courier, or to a locker or pickup point. */
export type AddressDelivery = "courier" | "point";

export interface CheckAddressOptions {
  /** "courier" (to the door: a house number is required) or "point" (a locker or pickup point). */
  readonly delivery: AddressDelivery;
  /**
   * The countries the service serves, as toPackage takes them: the live list
   * (`await client.countries()`) refuses a country outside it; the default
   * built-in list only warns.
   */
  readonly countries?: CountriesOption;
  /** Language of messages. Default en_GB. */
  readonly language?: Language;
}

const DELIVERIES: readonly string[] = ["courier", "point"];
const TEXT_FIELDS = [
  "name",
  "first_name",
  "last_name",
  "company",
  "street",
  "street2",
  "postcode",
  "city",
  "province",
] as const;

const CheckedAddressSchema = lazy(() => z.strictObject({ address: StoreAddressSchema }));

/** Checks and normalizes a customer's address at checkout, reporting every problem at once. */
export function checkAddress(
  address: StoreAddressInput,
  options: CheckAddressOptions,
): ValidationResult<StoreAddress> {
  const result = runValidation(CheckedAddressSchema, options?.language, (findings) => {
    const delivery: unknown = options?.delivery;
    if (typeof delivery !== "string" || !DELIVERIES.includes(delivery)) {
      findings.error("options.delivery", RULE_CODES.invalid_value, { allowed: "courier, point" });
    }
    const countries =
      options?.countries === undefined ? BUILT_IN_COUNTRIES : countryLookupOf(options.countries);
    if (countries === undefined) {
      findings.error("options.countries", RULE_CODES.invalid_type, { expected: "countries" });
    }
    const source = asRecord(address);
    if (source === undefined) return { address };
    const draft: Draft = { ...source };
    const at = findings.scoped("address");
    for (const field of TEXT_FIELDS) {
      const value = draft[field];
      if (typeof value !== "string") continue;
      const cleaned = cleanText(value);
      if (cleaned.removedBidi.length > 0) {
        at.warn(field, RULE_CODES.bidi_characters_removed, {
          characters: cleaned.removedBidi.join(", "),
        });
      }
      if (cleaned.invalid !== undefined) {
        at.error(field, RULE_CODES.text_forbidden_character, { ...cleaned.invalid });
      }
      draft[field] = cleaned.text;
    }
    const code = draft["country_code"];
    const country = typeof code === "string" ? code.trim().toUpperCase() : undefined;
    if (country !== undefined && countries !== undefined) {
      checkCountryCode(country, "country_code", countries, at);
    }
    // The rules read the address as the package will carry it: one street line, the country in upper case.
    const street = [draft["street"], draft["street2"]]
      .filter((part) => typeof part === "string" && part !== "")
      .join(" ");
    const view: Draft = {
      country_code: country,
      postcode: draft["postcode"],
      phone: draft["phone"],
    };
    checkPostcode(view, "", at, { normalize: true });
    if (typeof draft["postcode"] === "string") draft["postcode"] = view["postcode"];
    if (delivery === "courier" && street !== "" && typeof draft["street"] === "string") {
      checkHouseNumber({ street, country_code: country }, "", at);
    }
    checkPolishPhone(view, "", at);
    if (typeof draft["phone"] === "string") draft["phone"] = view["phone"];
    checkName(draft, at);
    return { address: draft };
  });
  return result.ok ? { ...result, value: result.value.address } : result;
}

/** A name, when given without a company, must hold a first name and a surname. */
function checkName(draft: Draft, findings: Parameters<typeof checkHouseNumber>[2]): void {
  const company = draft["company"];
  if (typeof company === "string" && company !== "") return;
  const first = draft["first_name"];
  const last = draft["last_name"];
  if (typeof first === "string" || typeof last === "string") {
    const full = [first, last].filter((part) => typeof part === "string").join(" ");
    if (full.trim() !== "" && !hasFirstNameAndSurname(full)) {
      findings.error(
        typeof last === "string" ? "last_name" : "first_name",
        RULE_CODES.receiver_name_incomplete,
      );
    }
    return;
  }
  const name = draft["name"];
  if (typeof name === "string" && name !== "" && !hasFirstNameAndSurname(name)) {
    findings.error("name", RULE_CODES.receiver_name_incomplete);
  }
}
