// Polish phone numbers have exactly 9 digits. For addresses in Poland
// (country_code PL), a number written with the country code, spaces, dashes,
// dots or brackets is normalized to the 9 digits the service wants:
// "+48 600-100-200", "0048600100200" and "600 100 200" all become "600100200".
// Numbers of other countries are left as given.
import type { IssueCollector } from "../issues/issue-collector.ts";
import { joinPath } from "../issues/path.ts";
import { RULE_CODES } from "../issues/rule-codes.ts";
import type { Draft } from "./draft.ts";

const MAX_PHONE_LENGTH = 40;
const SEPARATORS = /[\s\-.()/]/g;
const NINE_DIGITS = /^\d{9}$/;

/** The 9-digit form of a Polish phone number, or undefined when it is not one. */
export function normalizePolishPhone(value: string): string | undefined {
  if (NINE_DIGITS.test(value)) return value;
  if (value.length > MAX_PHONE_LENGTH) return undefined;
  let digits = value.replace(SEPARATORS, "");
  if (digits.startsWith("+48")) digits = digits.slice(3);
  else if (digits.startsWith("0048")) digits = digits.slice(4);
  else if (digits.length === 11 && digits.startsWith("48")) digits = digits.slice(2);
  return NINE_DIGITS.test(digits) ? digits : undefined;
}

/**
 * Normalizes the phone of an address draft in Poland, or reports it.
 * An address without a country_code is left to the schema.
 */
export function checkPolishPhone(address: Draft, path: string, findings: IssueCollector): void {
  const phone = address["phone"];
  if (address["country_code"] !== "PL" || typeof phone !== "string" || phone === "") return;
  const normalized = normalizePolishPhone(phone);
  if (normalized === undefined) {
    findings.error(joinPath(path, "phone"), RULE_CODES.phone_invalid);
  } else if (normalized !== phone) {
    address["phone"] = normalized;
  }
}
