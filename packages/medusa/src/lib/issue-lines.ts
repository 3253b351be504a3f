// Core's issues (path, rule, message) as one line of text for an error
// message: every problem at once.
import type { Issue } from "@shipbridge/core";

/** "path rule: message" for each issue, joined: every problem at once. */
export function issueLines(issues: readonly Issue<string>[]): string {
  return issues
    .map((issue) => `${issue.path === "" ? "" : `${issue.path} `}${issue.rule}: ${issue.message}`)
    .join("; ");
}
