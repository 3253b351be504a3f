// Issue: the one shape of "a problem at a path", for errors and warnings alike.
// Code branches on `rule`; people read `message`, already in their language.
import { DEFAULT_LANGUAGE, type Language } from "./language.ts";
import type { RuleCode } from "./rule-codes.ts";

/**
 * One problem or warning: where (`receiver.phone`, `parcels[0].weight`, "" for
 * the whole input), which rule, and what to do.
 * `Rule` is a rule code of this package; issues the service reports are typed
 * `Issue<string>`, since a service may name rules this version does not know.
 */
export interface Issue<Rule extends string = RuleCode> {
  readonly path: string;
  readonly rule: Rule;
  readonly message: string;
}

const SUMMARY_LIMIT = 10;

function countPl(count: number): string {
  const tens = count % 100;
  const units = count % 10;
  if (count === 1) return "1 problem";
  if (units >= 2 && units <= 4 && (tens < 12 || tens > 14)) return `${count} problemy`;
  return `${count} problemów`;
}

/** "3 problems: receiver.phone: …; parcels[0].weight: …" */
export function summarizeIssues(
  issues: readonly Pick<Issue<string>, "path" | "message">[],
  language: Language = DEFAULT_LANGUAGE,
): string {
  const count = issues.length;
  const head =
    language === "pl_PL" ? countPl(count) : `${count} ${count === 1 ? "problem" : "problems"}`;
  const listed = issues.slice(0, SUMMARY_LIMIT).map((issue) => {
    const message = issue.message.endsWith(".") ? issue.message.slice(0, -1) : issue.message;
    return issue.path === "" ? message : `${issue.path}: ${message}`;
  });
  const rest = count - listed.length;
  if (rest > 0) listed.push(language === "pl_PL" ? `i ${rest} więcej` : `and ${rest} more`);
  return `${head}: ${listed.join("; ")}`;
}

/** Maps issues to the service's 400 body: `{ errors: [{ path, message }] }`. */
export function toErrorResponseBody(issues: readonly Pick<Issue<string>, "path" | "message">[]): {
  errors: { path: string; message: string }[];
} {
  return { errors: issues.map(({ path, message }) => ({ path, message })) };
}
