// Checks the options that shipOrder adds to toPackage's before anything is
// sent: the store id that names the order command and the package reference,
// the label format, the per-run call options and the lock. Every problem comes
// back as a ValidationError issue at its `options.…` path with a rule from
// RULE_CODES.
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../issues/language.ts";
import { LabelOptionsSchema } from "../schemas/index.ts";
import {
  type Issue,
  type RawIssue,
  RULE_CODES,
  renderMessage,
  ValidationError,
  validateInput,
} from "../validation/index.ts";
import { storeIdProblem } from "./store-id.ts";

/** The language of the run's messages: the options' language when it is one. */
export function shipOrderLanguage(options: unknown): Language {
  const language = (options as { language?: unknown } | null | undefined)?.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/**
 * The problems of shipOrder's own options (toPackage checks the rest).
 * Throws at once when `options` is not an object at all, since nothing else can be read.
 */
export function shipOrderOptionIssues(options: unknown, language: Language): Issue[] {
  const issues: Issue[] = [];
  const report = (path: string, rule: RawIssue["rule"], params: RawIssue["params"] = {}): void => {
    issues.push({ path, rule, message: renderMessage({ path, rule, params }, language) });
  };
  if (options === undefined || options === null) {
    report("options", RULE_CODES.required);
    throw new ValidationError(issues, language);
  }
  if (typeof options !== "object") {
    report("options", RULE_CODES.invalid_type, { expected: "object" });
    throw new ValidationError(issues, language);
  }
  const given = options as Record<string, unknown>;

  const storeId = storeIdProblem(given["storeId"]);
  if (storeId !== undefined) report("options.storeId", storeId.rule, storeId.params);

  if (given["label"] !== undefined) {
    const label = validateInput(LabelOptionsSchema, given["label"], { language });
    if (!label.ok) {
      for (const issue of label.error.issues) {
        issues.push({
          ...issue,
          path: issue.path === "" ? "options.label" : `options.label.${issue.path}`,
        });
      }
    }
  }
  if (given["skipEmailSend"] !== undefined && typeof given["skipEmailSend"] !== "boolean") {
    report("options.skipEmailSend", RULE_CODES.invalid_type, { expected: "boolean" });
  }
  if (given["signal"] !== undefined && !(given["signal"] instanceof AbortSignal)) {
    report("options.signal", RULE_CODES.invalid_type, { expected: "AbortSignal" });
  }
  const deadline = given["deadline"];
  if (
    deadline !== undefined &&
    !(deadline instanceof Date && Number.isFinite(deadline.getTime())) &&
    !(typeof deadline === "number" && Number.isFinite(deadline))
  ) {
    report("options.deadline", RULE_CODES.invalid_type, { expected: "date" });
  }
  const companyId = given["companyId"];
  if (
    companyId !== undefined &&
    !(typeof companyId === "string" && companyId.trim() !== "") &&
    !(typeof companyId === "number" && Number.isInteger(companyId) && companyId > 0)
  ) {
    report("options.companyId", RULE_CODES.invalid_type, { expected: "string" });
  }
  const lock = given["lock"] as { acquireLease?: unknown; releaseLease?: unknown } | undefined;
  if (
    lock !== undefined &&
    (typeof lock !== "object" ||
      lock === null ||
      typeof lock.acquireLease !== "function" ||
      typeof lock.releaseLease !== "function")
  ) {
    report("options.lock", RULE_CODES.invalid_type, { expected: "object" });
  }
  return issues;
}
