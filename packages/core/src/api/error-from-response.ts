// Turns an answer of the service that is not 2xx into the ApiError subclass
// for its status. The service's error body is `{ code, message, errors: [{
// path, rule?, message }] }`; its `errors[]` become `issues` with field paths.

import type { Issue } from "../issues/issue.ts";
import { formatPath } from "../issues/path.ts";
import {
  ApiError,
  type ApiErrorDetails,
  AuthenticationError,
  ConflictError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ServiceError,
  ValidationApiError,
} from "./api-error.ts";
import { parseRetryAfter } from "./retry-policy.ts";

/** Response headers worth keeping on an error; cookies are dropped. */
export function safeHeaders(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (name !== "set-cookie" && name !== "authorization") kept[name] = value;
  });
  return kept;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** The service's `errors[]` as issues; tolerant of entries without a path or rule. */
export function issuesOf(body: unknown): Issue<string>[] {
  const errors = record(body)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.map((entry): Issue<string> => {
    const e = record(entry) ?? {};
    const path = Array.isArray(e.path)
      ? formatPath(e.path as PropertyKey[])
      : typeof e.path === "string"
        ? e.path
        : "";
    const rule =
      typeof e.rule === "string" ? e.rule : typeof e.code === "string" ? e.code : "service";
    const message = typeof e.message === "string" ? e.message : String(entry);
    return { path, rule, message };
  });
}

export interface ResponseContext {
  readonly method: string;
  readonly path: string;
  readonly now: () => number;
}

export function errorFromResponse(
  response: Response,
  body: unknown,
  context: ResponseContext,
): ApiError {
  const status = response.status;
  const b = record(body);
  const serviceMessage = typeof b?.message === "string" ? b.message : undefined;
  const serviceCode = typeof b?.code === "string" ? b.code : undefined;
  const issues = issuesOf(body);
  const headers = safeHeaders(response.headers);
  const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"), context.now());
  const details: ApiErrorDetails = {
    status,
    method: context.method,
    path: context.path,
    requestId: response.headers.get("x-request-id") ?? undefined,
    headers,
    body,
    issues,
    code: serviceCode,
    retryAfter: retryAfterMs === undefined ? undefined : Math.ceil(retryAfterMs / 1000),
  };
  const where = `${context.method} ${context.path}`;
  const said = serviceMessage ? `: ${serviceMessage}` : "";
  if (status === 400 || status === 422) {
    const listed = issues.map((i) => `${i.path || "(request)"}: ${i.message}`).join("; ");
    return new ValidationApiError(
      `The service rejected ${where}${said}${listed ? ` (${listed})` : ""}`,
      details,
    );
  }
  if (status === 401) {
    return new AuthenticationError(
      `The service did not accept the access token for ${where}${said}`,
      details,
    );
  }
  if (status === 403) return new PermissionError(`Not allowed: ${where}${said}`, details);
  if (status === 404) return new NotFoundError(`Not found: ${where}${said}`, details);
  if (status === 409) return new ConflictError(`Conflict on ${where}${said}`, details);
  if (status === 429) {
    const wait = details.retryAfter === undefined ? "" : ` Retry after ${details.retryAfter} s.`;
    return new RateLimitError(`Too many requests: ${where}${said}.${wait}`, details);
  }
  if (status >= 500) {
    return new ServiceError(`The service failed (${status}) on ${where}${said}`, details);
  }
  return new ApiError("api_error", `The service answered ${status} to ${where}${said}`, details);
}
