// The deterministic uuid of the order command that pays for one store order.
// The service lets the client choose the command uuid and treats a repeated
// PUT of the same uuid as the same command, so deriving the uuid from the
// store id and the order id (RFC 9562 UUID version 5: SHA-1 over a namespace
// and a name) makes ordering idempotent across retries, reruns and crashes.
import { createHash } from "node:crypto";
import { DEFAULT_LANGUAGE } from "../issues/language.ts";
import {
  type Issue,
  type RawIssue,
  RULE_CODES,
  renderMessage,
  ValidationError,
} from "../validation/index.ts";
import { storeIdProblem } from "./store-id.ts";

/** The namespace of shipbridge order commands. Fixed forever: changing it would re-order paid orders. */
export const ORDER_COMMAND_NAMESPACE = "6f1c3b52-4d0e-4c8f-9a57-2b8e1d4c7a90";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** RFC 9562 UUID version 5 of `name` within `namespace` (itself a uuid). */
export function uuidV5(name: string, namespace: string): string {
  if (!UUID.test(namespace)) {
    const params = { format: "uuid" };
    const message = renderMessage(
      { path: "namespace", rule: RULE_CODES.invalid_format, params },
      DEFAULT_LANGUAGE,
    );
    throw new ValidationError([{ path: "namespace", rule: RULE_CODES.invalid_format, message }]);
  }
  const bytes = createHash("sha1")
    .update(Buffer.from(namespace.replaceAll("-", ""), "hex"))
    .update(name, "utf8")
    .digest()
    .subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50; // version 5
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 9562 variant
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The order command uuid for one store order: UUID v5 of `${storeId}:${orderId}`
 * in ORDER_COMMAND_NAMESPACE. The same store and order always give the same
 * uuid; different stores on one account never collide on the same order id.
 * The store id may not contain a colon (order ids may, e.g. Shopify gids).
 * @throws ValidationError at `storeId` / `orderId` (code validation_failed) for an empty
 *   id, a non-text id or a store id with a colon.
 */
export function orderCommandId(storeId: string, orderId: string): string {
  const issues: Issue[] = [];
  const report = (path: string, problem: Pick<RawIssue, "rule" | "params">): void => {
    issues.push({
      path,
      rule: problem.rule,
      message: renderMessage({ path, ...problem }, DEFAULT_LANGUAGE),
    });
  };
  const store = storeIdProblem(storeId);
  if (store !== undefined) report("storeId", store);
  if (orderId === undefined || orderId === null || orderId === "") {
    report("orderId", { rule: RULE_CODES.required, params: {} });
  } else if (typeof orderId !== "string") {
    report("orderId", { rule: RULE_CODES.invalid_type, params: { expected: "string" } });
  }
  if (issues.length > 0) throw new ValidationError(issues);
  return uuidV5(`${storeId}:${orderId}`, ORDER_COMMAND_NAMESPACE);
}

/**
 * The uuid of a later attempt to order one store order's package, after the
 * attempts before it ended without ordering it and charged nothing (its point
 * was closed, the balance too low): UUID v5 of
 * `${storeId}:${orderId}:${packageId}:${attempt}` (attempt 1, 2, ...), in
 * ORDER_COMMAND_NAMESPACE. shipOrder tries them in turn, each only once the
 * one before has ended, so every attempt is sent at most once and a retry
 * after a lost answer finds its own command instead of paying twice.
 */
export function orderRetryCommandId(
  storeId: string,
  orderId: string,
  packageId: number,
  attempt: number,
): string {
  orderCommandId(storeId, orderId);
  return uuidV5(`${storeId}:${orderId}:${packageId}:${attempt}`, ORDER_COMMAND_NAMESPACE);
}
