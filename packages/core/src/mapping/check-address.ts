// checkAddress: how a store checks a customer's address at checkout, before it
// takes the customer's money. It reads the address as toPackage makes it the
// package's receiver (texts cleaned, one street line of street and street2,
// the postcode in its country's form, the point kept or dropped as toPackage
// decides) and runs on it the very address rules validatePackage runs on the
// receiver (rules/address-rules.ts: the country, the postcode form, a house
// number where a courier must find the door, a Polish phone as 9 digits, a
// first name and a surname), so an address that passes here is not refused
// for them when the order ships.
//
// - The input is the store-neutral address of a StoreOrder's
//   `shipping_address`; the result is that address normalized (postcode in
//   its country's form, Polish phone as 9 digits, country code upper case,
//   texts cleaned) with warnings, or a ValidationError naming every problem
//   at once under `address.…` (`address.postcode`, `address.street`).
// - `delivery: "courier"` asks for a house number in the street lines;
//   `"point"` (a locker or pickup point) does not, because the point is found
//   by its code; but with `point` and `service` given and the point of
//   another carrier than the service's, toPackage drops the point and sends
//   the parcel to the door, so the house number is asked for here too, with
//   toPackage's warning pickup_point_dropped.
// - The phone and the name are optional here, as in the order (toPackage
//   falls back to the customer's); when given, they are checked.
// - Whose a postcode is (a Polish postcode of another city) is not checked
//   here: that needs the service's city list, which shipOrder asks.
// - Never throws.
import { z } from "zod";
import { IssueCollector } from "../issues/issue-collector.ts";
import type { Language } from "../issues/language.ts";
import { RULE_CODES } from "../issues/rule-codes.ts";
import { checkAddressRules, pointFitsCarrier } from "../rules/address-rules.ts";
import {
  BUILT_IN_COUNTRIES,
  type CountriesOption,
  type CountryLookup,
  countryLookupOf,
} from "../rules/countries.ts";
import { asRecord, type Draft } from "../rules/draft.ts";
import { isValidPostcode, normalizePostcode } from "../rules/postcodes.ts";
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
  /** The chosen point (a StoreOrder's `pickup_point`), for `delivery: "point"`. */
  readonly point?: { readonly code: string; readonly carrier: string };
  /** The carrier of the chosen shipping method (a StoreOrder's `shipping.service`). */
  readonly service?: string;
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
    const receiver = receiverOf(draft, country, at, options);
    // An unusable countries option is reported above; the other rules still run.
    checkReceiverRules(receiver, draft, countries ?? BUILT_IN_COUNTRIES, at);
    if (typeof draft["postcode"] === "string") draft["postcode"] = receiver["postcode"];
    if (typeof draft["phone"] === "string") draft["phone"] = receiver["phone"];
    return { address: draft };
  });
  return result.ok ? { ...result, value: result.value.address } : result;
}

/**
 * The address as toPackage makes it the receiver: the name from the first
 * name and surname (else the name), one street line, the postcode in its
 * country's form (with the warning postcode_normalized), and the point when
 * the parcel goes to one.
 */
function receiverOf(
  draft: Draft,
  country: string | undefined,
  at: IssueCollector,
  options: CheckAddressOptions,
): Draft {
  const text = (field: string): string | undefined => {
    const value = draft[field];
    return typeof value === "string" && value !== "" ? value : undefined;
  };
  const person = [text("first_name"), text("last_name")].filter((part) => part !== undefined);
  const receiver: Draft = {
    name: person.length > 0 ? person.join(" ") : text("name"),
    company: text("company"),
    street: [text("street"), text("street2")].filter((part) => part !== undefined).join(" "),
    city: text("city"),
    country_code: country,
    phone: draft["phone"],
  };
  // An empty street is the schema's to report, at the street itself.
  if (text("street") === undefined) receiver["street"] = "";
  const postcode = draft["postcode"];
  if (typeof postcode === "string" && country !== undefined) {
    const normalized = normalizePostcode(country, postcode);
    if (normalized !== postcode.trim() && isValidPostcode(country, normalized)) {
      at.warn("postcode", RULE_CODES.postcode_normalized, {
        from: postcode,
        to: normalized,
        country,
      });
    }
    receiver["postcode"] = normalized;
  } else {
    receiver["postcode"] = postcode;
  }
  if (options?.delivery === "point") {
    const { point, service } = options;
    if (point !== undefined && service !== undefined && !pointFitsCarrier(point.carrier, service)) {
      // toPackage drops it: the parcel goes to the door.
      at.warn("", RULE_CODES.pickup_point_dropped, {
        point: point.code,
        pointCarrier: point.carrier,
        carrier: service,
      });
    } else {
      receiver["point"] = point?.code ?? "(chosen point)";
    }
  }
  return receiver;
}

/** The receiver's address rules, each finding reported at the address's own field. */
function checkReceiverRules(
  receiver: Draft,
  draft: Draft,
  countries: CountryLookup,
  at: IssueCollector,
): void {
  const found = new IssueCollector();
  checkAddressRules(receiver, "receiver", "", found, { countries });
  for (const issue of found.errors) at.error(fieldOf(issue.path, draft), issue.rule, issue.params);
  for (const issue of found.warnings) at.warn(fieldOf(issue.path, draft), issue.rule, issue.params);
}

/** The address field a receiver finding belongs to: the name is the surname's or first name's when given. */
function fieldOf(path: string, draft: Draft): string {
  if (path !== "name") return path;
  if (typeof draft["last_name"] === "string") return "last_name";
  if (typeof draft["first_name"] === "string") return "first_name";
  return "name";
}
