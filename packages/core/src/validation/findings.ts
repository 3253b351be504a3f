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
  readonly errors: Finding[] = [];
  readonly warnings: Finding[] = [];

  error(path: string, rule: RuleCode, params: MessageParams = NO_PARAMS): void {
    this.errors.push({ path, rule, params });
  }

  warn(path: string, rule: RuleCode, params: MessageParams = NO_PARAMS): void {
    this.warnings.push({ path, rule, params });
  }
}
