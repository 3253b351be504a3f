// Turns the issues of a zod parse into findings with our rule codes: an
// unknown key becomes `unknown_field` with the key in the path, a missing
// value `required`, and so on. Zod's own English messages are not used, so
// that every message comes from the catalogue, in the caller's language.
import type { z } from "zod";
import type { IssueCollector, MessageParams } from "../issues/issue-collector.ts";
import { formatPath, joinPath } from "../issues/path.ts";
import { RULE_CODES, type RuleCode } from "../issues/rule-codes.ts";

const MAX_ALLOWED_LISTED = 12;

function listValues(values: readonly unknown[]): string {
  const shown = values.slice(0, MAX_ALLOWED_LISTED).map((value) => String(value));
  return values.length > MAX_ALLOWED_LISTED ? `${shown.join(", ")}, …` : shown.join(", ");
}

/** A too_small or too_big message's parameters: what was measured, the bound, whether it is allowed. */
function boundParams(issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig): MessageParams {
  const [key, limit] =
    issue.code === "too_small" ? ["minimum", issue.minimum] : ["maximum", issue.maximum];
  return {
    origin: issue.origin,
    [key]: String(limit),
    inclusive: issue.inclusive === false ? "no" : "yes",
  };
}

/** A value that is absent (parsed with `reportInput`, so `input` is known). */
function isMissing(issue: z.core.$ZodIssue): boolean {
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined && issue.expected !== "undefined";
    case "invalid_value":
    case "invalid_union":
      return issue.input === undefined;
    default:
      return false;
  }
}

const KNOWN_RULES: ReadonlySet<string> = new Set(Object.values(RULE_CODES));

/** The rule code a schema's own check names in its params, or invalid_value. */
function customRule(rule: unknown): RuleCode {
  return typeof rule === "string" && KNOWN_RULES.has(rule)
    ? (rule as RuleCode)
    : RULE_CODES.invalid_value;
}

/** The message parameters a schema's own check gives beside its rule (text and numbers only). */
function customParams(params: Record<string, unknown> | undefined): MessageParams {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params ?? {})) {
    if (key !== "rule" && (typeof value === "string" || typeof value === "number")) {
      out[key] = value;
    }
  }
  return out;
}

/** Reports the issues of a failed zod parse. */
export function reportZodIssues(
  issues: readonly z.core.$ZodIssue[],
  findings: IssueCollector,
): void {
  for (const issue of issues) {
    const path = formatPath(issue.path);
    if (isMissing(issue)) {
      findings.error(path, RULE_CODES.required);
      continue;
    }
    switch (issue.code) {
      case "unrecognized_keys":
        for (const key of issue.keys) {
          findings.error(joinPath(path, key), RULE_CODES.unknown_field, {
            field: key.length > 64 ? `${key.slice(0, 64)}…` : key,
          });
        }
        break;
      case "invalid_type":
        findings.error(path, RULE_CODES.invalid_type, { expected: issue.expected });
        break;
      case "invalid_value":
        findings.error(path, RULE_CODES.invalid_value, { allowed: listValues(issue.values) });
        break;
      case "invalid_format":
        findings.error(path, RULE_CODES.invalid_format, {
          format: issue.format === "regex" ? "" : issue.format,
        });
        break;
      case "too_small":
      case "too_big":
        findings.error(path, RULE_CODES[issue.code], boundParams(issue));
        break;
      case "custom":
        findings.error(path, customRule(issue.params?.["rule"]), customParams(issue.params));
        break;
      default:
        findings.error(path, RULE_CODES.invalid_value);
    }
  }
}
