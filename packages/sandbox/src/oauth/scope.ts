// Scopes: a space-separated list of scope tokens (RFC 6749 section 3.3). The
// service documents only `api`, which is the default when none is asked for.
export const DEFAULT_SCOPE = "api";

const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

/** The normalized scope, or null when the value is not a valid scope list. */
export function parseScope(value: string | undefined): string | null {
  if (value === undefined || value === "") return DEFAULT_SCOPE;
  const tokens = value.split(" ");
  if (tokens.some((t) => !SCOPE_TOKEN.test(t))) return null;
  return [...new Set(tokens)].join(" ");
}

/** Whether every token of `requested` is part of `granted`. */
export function isSubScope(requested: string, granted: string): boolean {
  const allowed = new Set(granted.split(" "));
  return requested.split(" ").every((t) => allowed.has(t));
}
