// Applies the fault rules to each request of one host: waits the added
// latency, then either answers the fault instead of the handler, or (for
// `after: true`) lets the handler run and replaces its answer.
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
  return jsonError(c, status, code, message[requestLanguage(c)], { headers });
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
