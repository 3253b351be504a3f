// The collector that rules report into: problems (which make the input invalid)
// and warnings (which never do). Its raw issues carry a rule code and message
// parameters; the message text is chosen later, in the caller's language.
import type { RuleCode } from "./rule-codes.ts";

/** Values substituted into a message template. */
export type MessageParams = Readonly<Record<string, string | number>>;

/** An issue before its message is rendered: the rule's parameters instead of text. */
export interface RawIssue {
  readonly path: string;
  readonly rule: RuleCode;
  readonly params: MessageParams;
}

const NO_PARAMS: MessageParams = Object.freeze({});

export class IssueCollector {
  readonly errors: RawIssue[];
  readonly warnings: RawIssue[];
  readonly #prefix: string;

  constructor(errors: RawIssue[] = [], warnings: RawIssue[] = [], prefix = "") {
    this.errors = errors;
    this.warnings = warnings;
    this.#prefix = prefix;
  }

  error(path: string, rule: RuleCode, params: MessageParams = NO_PARAMS): void {
    this.errors.push({ path: this.#path(path), rule, params });
  }

  warn(path: string, rule: RuleCode, params: MessageParams = NO_PARAMS): void {
    this.warnings.push({ path: this.#path(path), rule, params });
  }

  /** A view that reports into the same lists, with `prefix` before every path. */
  scoped(prefix: string): IssueCollector {
    return new IssueCollector(this.errors, this.warnings, this.#path(prefix));
  }

  #path(path: string): string {
    if (this.#prefix === "") return path;
    if (path === "") return this.#prefix;
    return path.startsWith("[") ? this.#prefix + path : `${this.#prefix}.${path}`;
  }
}
