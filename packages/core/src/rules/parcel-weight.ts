// A parcel's weight (kg) must be a positive, finite number.
import type { IssueCollector } from "../issues/issue-collector.ts";
import { joinPath } from "../issues/path.ts";
import { RULE_CODES } from "../issues/rule-codes.ts";
import type { Draft } from "./draft.ts";

/** Reports a weight that is zero, negative or not finite. */
export function checkParcelWeight(parcel: Draft, path: string, findings: IssueCollector): void {
  const weight = parcel["weight"];
  if (typeof weight !== "number") return;
  if (!Number.isFinite(weight) || weight <= 0) {
    findings.error(joinPath(path, "weight"), RULE_CODES.weight_invalid);
  }
}
