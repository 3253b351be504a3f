// The common run of every validate function: rules first, on a draft copy of
// the input (they normalize values and report findings), then one strict zod
// parse of the normalized draft. Problems of both are merged (a rule's more
// specific finding wins over the schema's at the same path) and rendered in the
// caller's language. Any exception, from hostile getters, proxies or anything
// else, becomes an `input_unreadable` problem: nothing is ever thrown.

import type { z } from "zod";
import type { Issue } from "../issues/issue.ts";
import { IssueCollector, type RawIssue } from "../issues/issue-collector.ts";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../issues/language.ts";
import { renderMessage } from "../issues/messages.ts";
import { RULE_CODES } from "../issues/rule-codes.ts";
import type { ValidationResult } from "./result.ts";
import { ValidationError } from "./validation-error.ts";
import { reportZodIssues } from "./zod-issues.ts";

const PARSE_PARAMS = { reportInput: true } as const;
const NO_WARNINGS: readonly Issue[] = Object.freeze([]);

/** The caller's language, or the default when it is not one we speak. */
export function resolveLanguage(language: unknown): Language {
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

function render(findings: readonly RawIssue[], language: Language): Issue[] {
  return findings.map((finding) => ({
    path: finding.path,
    rule: finding.rule,
    message: renderMessage(finding, language),
  }));
}

function merge(ruleErrors: readonly RawIssue[], schemaErrors: readonly RawIssue[]): RawIssue[] {
  if (ruleErrors.length === 0) return [...schemaErrors];
  const rulePaths = new Set(ruleErrors.map((finding) => finding.path));
  const kept = schemaErrors.filter(
    (finding) => finding.rule === RULE_CODES.unknown_field || !rulePaths.has(finding.path),
  );
  return [...kept, ...ruleErrors];
}

function unreadable<T>(language: Language): ValidationResult<T> {
  const finding: RawIssue = { path: "", rule: RULE_CODES.input_unreadable, params: {} };
  return {
    ok: false,
    error: new ValidationError(render([finding], language), language),
    warnings: NO_WARNINGS,
  };
}

/**
 * Runs `prepare` (the rules, which return the normalized draft) and parses the
 * draft with `schema`.
 */
export function runValidation<S extends z.ZodType>(
  schema: S,
  languageOption: unknown,
  prepare: (findings: IssueCollector) => unknown,
): ValidationResult<z.output<S>> {
  const language = resolveLanguage(languageOption);
  try {
    const findings = new IssueCollector();
    const draft = prepare(findings);
    const parsed = schema.safeParse(draft, PARSE_PARAMS);
    const warnings =
      findings.warnings.length === 0 ? NO_WARNINGS : render(findings.warnings, language);
    if (parsed.success && findings.errors.length === 0) {
      return { ok: true, value: parsed.data, warnings };
    }
    const schemaFindings = new IssueCollector();
    if (!parsed.success) reportZodIssues(parsed.error.issues, schemaFindings);
    const issues = render(merge(findings.errors, schemaFindings.errors), language);
    return { ok: false, error: new ValidationError(issues, language), warnings };
  } catch {
    return unreadable(language);
  }
}
