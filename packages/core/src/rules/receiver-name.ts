// The receiver needs a first name and a surname: couriers hand parcels to a
// person. Decision: `receiver.name` must hold at least two words (each with a
// letter), unless `receiver.company` is given, in which case the company is the
// addressee and a single contact name (or none beyond the schema's) is enough.
import type { IssueCollector } from "../issues/issue-collector.ts";
import { joinPath } from "../issues/path.ts";
import { RULE_CODES } from "../issues/rule-codes.ts";
import type { Draft } from "./draft.ts";

const LETTER = /\p{L}/u;
const MAX_NAME_LENGTH = 1000;

/** True when `name` holds a first name and a surname. */
export function hasFirstNameAndSurname(name: string): boolean {
  if (name.length > MAX_NAME_LENGTH) return name.trim().includes(" ");
  let words = 0;
  for (const word of name.split(/\s+/)) {
    if (LETTER.test(word)) words++;
    if (words >= 2) return true;
  }
  return false;
}

function hasCompany(receiver: Draft): boolean {
  const company = receiver["company"];
  return typeof company === "string" && company.trim() !== "";
}

/** Reports a receiver name without a first name and a surname. */
export function checkReceiverName(
  receiver: Draft,
  findings: IssueCollector,
  path = "receiver",
): void {
  const name = receiver["name"];
  if (typeof name !== "string" || name === "" || hasCompany(receiver)) return;
  if (!hasFirstNameAndSurname(name)) {
    findings.error(joinPath(path, "name"), RULE_CODES.receiver_name_incomplete);
  }
}
