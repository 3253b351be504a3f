// Applies the fault rules to each request of one host: waits the added
// latency, then either answers the fault instead of the handler, or (for
// `after: true`) lets the handler run and replaces its answer. A fault on the
// token endpoint answers in RFC 6749's shape, `{ error, error_description }`
// (`temporarily_unavailable` for 429 and 503, `server_error` otherwise); every
// other fault answers the REST error body `{ code, message, errors }`.
import type { Context, MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import type { SandboxEnv } from "../context.ts";
import { HTTP_MESSAGES, requestLanguage } from "../http/http-messages.ts";
import { jsonError } from "../http/json-error.ts";
import type { FaultRule, FaultRules } from "./fault-rules.ts";

function faultResponse(c: Context, rule: FaultRule): Response {
  const status = rule.status as 429 | 500 | 502 | 503 | 504;
  const { code, message } = HTTP_MESSAGES.faults[status];
  const headers: Record<string, string> = {
    "X-Sandbox-Fault": rule.id,
    "Cache-Control": "no-store",
  };
  const retryAfter = rule.retry_after ?? (status === 429 ? 1 : undefined);
  if (retryAfter !== undefined) headers["Retry-After"] = String(retryAfter);
  const description = message[requestLanguage(c)];
  if (isTokenEndpoint(c.req.path)) {
    // OAuth clients read RFC 6749's error shape, whatever the status.
    const error = status === 503 || status === 429 ? "temporarily_unavailable" : "server_error";
    return c.json({ error, error_description: description }, status, headers);
  }
  return jsonError(c, status, code, description, { headers });
}

/** The token endpoint, whose clients expect `{ error, error_description }`. */
function isTokenEndpoint(path: string): boolean {
  return path === "/oauth/token" || path === "/oauth/token/";
}

export function faultMiddleware(
  rules: FaultRules,
  host: "base" | "account",
): MiddlewareHandler<SandboxEnv> {
  return createMiddleware<SandboxEnv>(async (c, next) => {
    const decision = rules.decide({ method: c.req.method, path: c.req.path, host });
    if (decision.latencyMs > 0)
      await new Promise((resolve) => setTimeout(resolve, decision.latencyMs));
    const rule = decision.fault;
    if (!rule) return next();
    if (!rule.after) return faultResponse(c, rule);
    await next();
    c.res = undefined;
    c.res = faultResponse(c, rule);
  });
}
