// A courier finds a door by its house number: a street without one
// ("Marszałkowska") cannot be delivered to or collected from, and the parcel
// is paid for and comes back. The street must hold a number (a digit:
// "Marszałkowska 1", "Długa 5/7", "Hauptstr. 12a", "12 Baker Street", a
// village's "Wólka 12").
//
// Scope (decided from the spec's address roles, see the core README):
// - receiver: when the parcel goes to the door, that is without a `point`
//   (a locker or pickup point is found by its code, not its street);
// - pickup: when the courier collects there, that is without a `point` (a
//   `point` on pickup is where the sender hands the parcel in);
// - sender: only the label's return address, never visited for this
//   shipment, so not checked on its own. When the mapping uses the sender as
//   the pickup (no separate pickup), the pickup check covers it and names
//   the sender's field.
// - Ireland and the United Kingdom are exempt: many of their doors have a
//   house name instead of a number ("Rose Cottage, Main Street"), and the
//   Eircode (IE) or the full postcode (GB) already finds the door.
import type { IssueCollector } from "../issues/issue-collector.ts";
import { joinPath } from "../issues/path.ts";
import { RULE_CODES } from "../issues/rule-codes.ts";
import type { Draft } from "./draft.ts";

/** Countries where a house name may stand for a number. */
export const HOUSE_NAME_COUNTRIES: readonly string[] = Object.freeze(["GB", "IE"]);

const DIGIT = /\p{Nd}/u;

/** True when the street holds a house number (any digit). */
export function hasHouseNumber(street: string): boolean {
  return DIGIT.test(street);
}

/** True when a courier must find this address's door: no point is given. */
export function isDoorAddress(address: Draft): boolean {
  const point = address["point"];
  return typeof point !== "string" || point.trim() === "";
}

/**
 * Reports an address draft whose street has no house number, when the courier
 * must find its door. An empty street is left to the schema.
 */
export function checkHouseNumber(address: Draft, path: string, findings: IssueCollector): void {
  const street = address["street"];
  if (typeof street !== "string" || street.trim() === "" || !isDoorAddress(address)) return;
  const country = address["country_code"];
  if (typeof country === "string" && HOUSE_NAME_COUNTRIES.includes(country)) return;
  if (!hasHouseNumber(street)) {
    findings.error(joinPath(path, "street"), RULE_CODES.house_number_missing, { street });
  }
}
