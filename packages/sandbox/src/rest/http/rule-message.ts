// The service's own refusals (an account's services, a tracking number's
// carrier, a pickup's packages, day and window) speak @shipbridge/core's
// words: the rule code and its message come from core's catalogue
// (renderMessage), so the sandbox and the client library say the same thing
// in the same language and there is one source of truth for both.
import type { Language, RuleCode } from "@shipbridge/core";
import { type MessageParams, renderMessage } from "@shipbridge/core/internal";
import type { RestErrorEntry } from "./rest-error.ts";

/** The `errors[]` entry for a broken rule: its path, core's code and core's message in `language`. */
export function ruleEntry(
  path: string,
  rule: RuleCode,
  params: MessageParams,
  language: Language,
): RestErrorEntry {
  return { path, rule, message: renderMessage({ path, rule, params }, language) };
}
