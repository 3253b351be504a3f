// The collector that rules report into: problems (which make the input invalid)
// and warnings (which never do). Findings carry a rule code and message
// parameters; the message text is chosen later, in the caller's language.
import type { RuleCode } from "./rule-codes.ts";

/** Values substituted into a message template. */
export type MessageParams = Readonly<Record<string, string | number>>;

export interface Finding {
  readonly path: string;
  readonly rule: RuleCode;
  readonly params: MessageParams;
}

const NO_PARAMS: MessageParams = Object.freeze({});

export class Findings {
  readonly errors: Finding[];
  readonly warnings: Finding[];
  readonly #prefix: string;

  constructor(errors: Finding[] = [], warnings: Finding[] = [], prefix = "") {
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
  scoped(prefix: string): Findings {
    return new Findings(this.errors, this.warnings, this.#path(prefix));
  }

  #path(path: string): string {
    if (this.#prefix === "") return path;
    if (path === "") return this.#prefix;
    return path.startsWith("[") ? this.#prefix + path : `${this.#prefix}.${path}`;
  }
}
