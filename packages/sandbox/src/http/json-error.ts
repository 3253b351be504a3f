// The JSON error body the sandbox answers outside the OAuth endpoints
// (unknown paths, wrong methods, failures, injected faults, bad control
// requests): `{ code, message, errors: [{ path, message }] }`, the same shape
// as the REST API's errors, so a client reads every error the same way.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";

export interface ErrorEntry {
  readonly path: string;
  readonly message: string;
}

export interface JsonErrorBody {
  code: string;
  message: string;
  errors: ErrorEntry[];
}

export function jsonError(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  message: string,
  options: { errors?: readonly ErrorEntry[]; headers?: Record<string, string> } = {},
): Response {
  const body: JsonErrorBody = { code, message, errors: [...(options.errors ?? [])] };
  return c.json(body, status, options.headers);
}

/** The entries of a zod error: each names its field path and the rule it broke. */
export function zodErrorEntries(error: z.ZodError): ErrorEntry[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join(".") || "(body)",
    message: issue.message,
  }));
}
