// The `control` checksum of a tracking push, and its check on a shop's
// webhook endpoint. The service signs each push it POSTs to the registered URL
// with the secret given at registration (PUT /account/tracking-webhook):
//   control = MD5, as 32 lower-case hex digits, of the UTF-8 concatenation,
//   without separators, of package_id, package_no, partner_order_id (or ""),
//   tracking.state, tracking.description (or ""), tracking.datetime,
//   tracking.branch (or "") and the secret.
// A shop verifies a push before trusting it: verifyTrackingPush parses the body
// with TrackingPushSchema and compares the checksums in constant time. The
// secret never appears in a result, an error or a message.
import { createHash, timingSafeEqual } from "node:crypto";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../issues/language.ts";
import { type TrackingPush, TrackingPushSchema } from "../schemas/index.ts";
import {
  type Issue,
  RULE_CODES,
  type RuleCode,
  renderMessage,
  ValidationError,
  type ValidationOptions,
  type ValidationResult,
  validateInput,
} from "../validation/index.ts";

/** The fields of a push that its checksum covers (a push without `control`, or with it). */
export interface TrackingPushFields {
  readonly package_id: number | string;
  readonly package_no: string;
  readonly partner_order_id?: string | null | undefined;
  readonly tracking: {
    readonly state: string;
    readonly description?: string | null | undefined;
    readonly datetime: string;
    readonly branch?: string | null | undefined;
  };
}

function requireSecret(secret: unknown, caller: string): asserts secret is string {
  if (typeof secret !== "string" || secret === "") {
    throw new TypeError(`${caller} needs the webhook secret as a non-empty string.`);
  }
}

/** The `control` checksum of a push under `secret`: 32 lower-case hex digits. */
export function trackingPushControl(push: TrackingPushFields, secret: string): string {
  requireSecret(secret, "trackingPushControl");
  const t = push.tracking;
  const text = [
    String(push.package_id),
    push.package_no,
    push.partner_order_id ?? "",
    t.state,
    t.description ?? "",
    t.datetime,
    t.branch ?? "",
    secret,
  ].join("");
  return createHash("md5").update(text, "utf8").digest("hex");
}

/** Whether two 32-hex-digit checksums are equal, compared in constant time. */
function sameControl(expected: string, received: string): boolean {
  const a = Buffer.from(expected, "latin1");
  const b = Buffer.from(received.toLowerCase(), "latin1");
  return a.length === b.length && timingSafeEqual(a, b);
}

function readBody(body: unknown): unknown {
  if (typeof body === "string") return JSON.parse(body) as unknown;
  if (body instanceof Uint8Array) return JSON.parse(new TextDecoder().decode(body)) as unknown;
  return body;
}

function failure(
  path: string,
  rule: RuleCode,
  language: Language,
  warnings: readonly Issue[],
): ValidationResult<never> {
  const message = renderMessage({ path, rule, params: {} }, language);
  return { ok: false, error: new ValidationError([{ path, rule, message }], language), warnings };
}

/**
 * Checks a tracking push received on a shop's webhook endpoint: its shape
 * (TrackingPushSchema) and its `control` checksum under the shop's secret.
 * `body` is the parsed JSON, or the raw body as text or bytes. Answers the
 * typed push, or a ValidationError naming every problem: a malformed push by
 * its field paths, a wrong checksum as `tracking_push_control_mismatch` at
 * `control` (answer such a push with 401 or 403, and do not act on it).
 * Never throws for any body; throws a TypeError only when `secret` is not a
 * non-empty string, which is a configuration mistake.
 */
export function verifyTrackingPush(
  body: unknown,
  secret: string,
  options: ValidationOptions = {},
): ValidationResult<TrackingPush> {
  requireSecret(secret, "verifyTrackingPush");
  const language = isLanguage(options.language) ? options.language : DEFAULT_LANGUAGE;
  let input: unknown;
  try {
    input = readBody(body);
  } catch {
    return failure("", RULE_CODES.input_unreadable, language, []);
  }
  const parsed = validateInput(TrackingPushSchema, input, { language });
  if (!parsed.ok) return parsed;
  if (sameControl(trackingPushControl(parsed.value, secret), parsed.value.control)) return parsed;
  return failure("control", RULE_CODES.tracking_push_control_mismatch, language, parsed.warnings);
}
