// The rule for a store id (a shop domain, a Medusa store id): non-empty text
// without a colon. With no colon in it, `${storeId}:${orderId}` splits one way
// only, so the order command uuid and the package reference of two different
// (store, order) pairs never coincide. Used by orderCommandId and shipOrder.
import type { RawIssue } from "../validation/index.ts";
import { RULE_CODES } from "../validation/index.ts";

/** What is wrong with a store id, as a rule and its message parameters; undefined when it is fine. */
export function storeIdProblem(value: unknown): Pick<RawIssue, "rule" | "params"> | undefined {
  if (value === undefined || value === null || value === "") {
    return { rule: RULE_CODES.required, params: {} };
  }
  if (typeof value !== "string") {
    return { rule: RULE_CODES.invalid_type, params: { expected: "string" } };
  }
  if (value.trim() === "") {
    return { rule: RULE_CODES.too_small, params: { minimum: 1, origin: "string" } };
  }
  if (value.includes(":")) {
    return { rule: RULE_CODES.reserved_character, params: { character: ":" } };
  }
  return undefined;
}
