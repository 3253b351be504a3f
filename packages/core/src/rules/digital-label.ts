// digital_label is boolean since v1.0.92. A legacy string value (any string,
// as the service reads it) is sent as true, with a warning.
import type { IssueCollector } from "../issues/issue-collector.ts";
import { RULE_CODES } from "../issues/rule-codes.ts";
import type { Draft } from "./draft.ts";

export const DIGITAL_LABEL_BOOLEAN_SINCE = "v1.0.92";

/** Rewrites a string digital_label in a draft of additional_services to true. */
export function normalizeDigitalLabel(additionalServices: Draft, findings: IssueCollector): void {
  if (typeof additionalServices["digital_label"] !== "string") return;
  additionalServices["digital_label"] = true;
  findings.warn("additional_services.digital_label", RULE_CODES.digital_label_legacy, {
    version: DIGITAL_LABEL_BOOLEAN_SINCE,
  });
}
