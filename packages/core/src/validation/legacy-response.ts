// Reading answers of the service that still carry legacy fields (see the
// LEGACY_RESPONSE_FIELDS table): the upgraded answer, with a warning in the
// caller's language for every legacy field read or dropped.

import type { Issue } from "../issues/issue.ts";
import { IssueCollector } from "../issues/issue-collector.ts";
import { renderMessage } from "../issues/messages.ts";
import {
  upgradeCountryList,
  upgradeMessages,
  upgradePackage,
  upgradeServicesPrices,
} from "../rules/legacy-response-fields.ts";
import type { ValidationOptions } from "./result.ts";
import { resolveLanguage } from "./run-validation.ts";

export type LegacyResponseKind = "package" | "calculate_price" | "country_list" | "messages";

/** Upgrades an answer of the given kind to its current form. Never mutates `body`. */
export function readLegacyResponse(
  kind: LegacyResponseKind,
  body: unknown,
  options: ValidationOptions = {},
): { readonly value: unknown; readonly warnings: readonly Issue[] } {
  const language = resolveLanguage(options.language);
  const findings = new IssueCollector();
  let value: unknown;
  switch (kind) {
    case "package":
      value = upgradePackage(body, findings);
      break;
    case "calculate_price":
      value = upgradeServicesPrices(body, findings);
      break;
    case "country_list":
      value = upgradeCountryList(body, findings);
      break;
    case "messages":
      value = upgradeMessages(body, language, findings);
      break;
    default:
      value = body;
  }
  const warnings = findings.warnings.map((finding) => ({
    path: finding.path,
    rule: finding.rule,
    message: renderMessage(finding, language),
  }));
  return { value, warnings };
}
