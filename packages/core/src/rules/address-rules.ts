// The rules of one address of a shipment, in one place. validatePackage runs
// them on a package's receiver, sender and pickup (and so toPackage,
// shipOrder and the sandbox), and checkAddress on a customer's address at
// checkout, read as the receiver toPackage makes of it: so an address
// checkAddress accepts is never refused by these rules when the order ships.
//
// - every address: the country (served, or only a warning under the built-in
//   list) and a Polish phone as 9 digits;
// - a shipment's (not a price quote's) addresses: the postcode form of the
//   country; the house number where a courier must find the door (receiver
//   and pickup without a point; the sender is never visited); the receiver's
//   first name and surname (unless a company is named).
//
// Also the one decision of where a parcel to a pickup point goes: a point of
// another carrier than the shipment's cannot take it, so the point is dropped
// and the parcel goes to the door (toPackage warns pickup_point_dropped).
import type { IssueCollector } from "../issues/issue-collector.ts";
import { joinPath } from "../issues/path.ts";
import { type CountryLookup, checkCountryCode } from "./countries.ts";
import type { Draft } from "./draft.ts";
import { checkHouseNumber } from "./house-number.ts";
import { checkPolishPhone } from "./polish-phone.ts";
import { checkPostcode } from "./postcodes.ts";
import { checkReceiverName } from "./receiver-name.ts";
import { currentCarrierName } from "./renamed-fields.ts";

/** The part an address plays in a shipment. */
export type AddressRole = "receiver" | "sender" | "pickup";

export interface AddressRuleOptions {
  readonly countries: CountryLookup;
  /** A price quote names places, not doors: its addresses may be partial. */
  readonly quote?: boolean;
}

/** Runs the address rules of `role` on the address draft at `path`. */
export function checkAddressRules(
  address: Draft,
  role: AddressRole,
  path: string,
  findings: IssueCollector,
  { countries, quote = false }: AddressRuleOptions,
): void {
  checkCountryCode(address["country_code"], joinPath(path, "country_code"), countries, findings);
  if (!quote) {
    checkPostcode(address, path, findings);
    if (role !== "sender") checkHouseNumber(address, path, findings);
  }
  checkPolishPhone(address, path, findings);
  if (role === "receiver" && !quote) checkReceiverName(address, findings, path);
}

/**
 * Whether a point of `pointCarrier` can take a parcel of `carrier` (old and
 * current carrier names alike). A point of another carrier is dropped: the
 * parcel then goes to the door.
 */
export function pointFitsCarrier(pointCarrier: string, carrier: string): boolean {
  return (
    currentCarrierName(pointCarrier.toLowerCase()) === currentCarrierName(carrier.toLowerCase())
  );
}
