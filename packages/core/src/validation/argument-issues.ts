// Checking the arguments of one of core's own functions (batchLabels,
// bookPickup, dayReckoning...) before anything is sent: every problem is
// collected at its path (`packageIds[3]`, `options.key`) with a rule code and
// a message in the caller's language, and thrown as one ValidationError. The
// checks every such function shares live here: a list of package ids, a key,
// and the per-call options (signal, deadline, companyId, language).
import type { Issue } from "../issues/issue.ts";
import type { RawIssue } from "../issues/issue-collector.ts";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from "../issues/language.ts";
import { renderMessage } from "../issues/messages.ts";
import { RULE_CODES } from "../issues/rule-codes.ts";
import { ValidationError } from "./validation-error.ts";

export class ArgumentIssues {
  readonly language: Language;
  readonly issues: Issue[] = [];

  /** Messages in `options.language` when it is a language, else in English. */
  constructor(options: unknown) {
    const language = (options as { language?: unknown } | null | undefined)?.language;
    this.language = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  }

  report(path: string, rule: RawIssue["rule"], params: RawIssue["params"] = {}): void {
    this.issues.push({ path, rule, message: renderMessage({ path, rule, params }, this.language) });
  }

  /** Throws the one ValidationError of every problem reported, if any. */
  throwIfAny(): void {
    if (this.issues.length > 0) throw new ValidationError(this.issues, this.language);
  }

  /** `options` must be an object (or absent when `required` is false); false when it is not one. */
  options(options: unknown, required: boolean): options is Record<string, unknown> {
    if (options === undefined || options === null) {
      if (required) this.report("options", RULE_CODES.required);
      return false;
    }
    if (typeof options !== "object" || Array.isArray(options)) {
      this.report("options", RULE_CODES.invalid_type, { expected: "object" });
      return false;
    }
    return true;
  }

  /**
   * A list of 1 to `max` package ids, each a positive whole number. Returns
   * the ids without repeats, in their first order, when the list is usable.
   */
  packageIds(value: unknown, path: string, max: number): number[] | undefined {
    if (!Array.isArray(value)) {
      this.report(path, RULE_CODES.invalid_type, { expected: "array" });
      return undefined;
    }
    let valid = true;
    value.forEach((id: unknown, index) => {
      if (typeof id !== "number" || !Number.isInteger(id) || id <= 0) {
        this.report(`${path}[${index}]`, RULE_CODES.invalid_type, { expected: "int" });
        valid = false;
      }
    });
    const ids = [...new Set(value as number[])];
    if (ids.length === 0) {
      this.report(path, RULE_CODES.too_small, { minimum: 1, origin: "array" });
      valid = false;
    } else if (ids.length > max) {
      this.report(path, RULE_CODES.too_big, { maximum: max, origin: "array" });
      valid = false;
    }
    return valid ? ids : undefined;
  }

  /** Non-empty text, e.g. the stable key a command uuid is derived from. */
  text(value: unknown, path: string): void {
    if (value === undefined || value === null || value === "") {
      this.report(path, RULE_CODES.required);
    } else if (typeof value !== "string") {
      this.report(path, RULE_CODES.invalid_type, { expected: "string" });
    } else if (value.trim() === "") {
      this.report(path, RULE_CODES.too_small, { minimum: 1, origin: "string" });
    }
  }

  /** One of `allowed`, when given. */
  oneOf(value: unknown, path: string, allowed: readonly string[]): void {
    if (value !== undefined && !allowed.includes(value as string)) {
      this.report(path, RULE_CODES.invalid_value, { allowed: allowed.join(", ") });
    }
  }

  /** The per-call options: signal, deadline, companyId and language, each when given. */
  callOptions(options: Record<string, unknown>): void {
    if (options["signal"] !== undefined && !(options["signal"] instanceof AbortSignal)) {
      this.report("options.signal", RULE_CODES.invalid_type, { expected: "AbortSignal" });
    }
    const deadline = options["deadline"];
    if (
      deadline !== undefined &&
      !(deadline instanceof Date && Number.isFinite(deadline.getTime())) &&
      !(typeof deadline === "number" && Number.isFinite(deadline))
    ) {
      this.report("options.deadline", RULE_CODES.invalid_type, { expected: "date" });
    }
    const companyId = options["companyId"];
    if (
      companyId !== undefined &&
      !(typeof companyId === "string" && companyId.trim() !== "") &&
      !(typeof companyId === "number" && Number.isInteger(companyId) && companyId > 0)
    ) {
      this.report("options.companyId", RULE_CODES.invalid_type, { expected: "string" });
    }
    this.oneOf(options["language"], "options.language", LANGUAGES);
  }
}
