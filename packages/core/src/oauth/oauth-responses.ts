// Reads the two small RFC 6749 bodies the OAuth client receives: the token
// response (spec 2.1) and the error response. Hand-written rather than zod so
// that `@shipbridge/core/oauth` loads without a schema library; the rules are
// those of TokenResponseSchema and OAuthErrorResponseSchema in schemas/, and
// oauth-responses.test.ts holds both to the same answers.

/** A token response as the client keeps it: token_type normalized to "Bearer". */
export interface TokenResponseFields {
  readonly token_type: "Bearer";
  readonly expires_in: number;
  readonly access_token: string;
  readonly refresh_token?: string;
  readonly scope?: string;
}

export type ReadResult<T> =
  | { readonly success: true; readonly data: T }
  | { readonly success: false; readonly problems: readonly string[] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** "field: problem", in the manner of the schema's messages, never quoting the value (it may be a token). */
function problem(field: string, expected: string, value: unknown): string {
  return value === undefined
    ? `${field}: required (expected ${expected})`
    : `${field}: expected ${expected}, received ${kindOf(value)}`;
}

function nonEmptyString(body: Record<string, unknown>, field: string, out: string[]): boolean {
  const value = body[field];
  if (typeof value === "string" && value.length > 0) return true;
  out.push(
    typeof value === "string"
      ? `${field}: must not be empty`
      : problem(field, "a non-empty string", value),
  );
  return false;
}

/** Reads a token response: Bearer (any case), an integer expires_in >= 0, a non-empty access token. */
export function readTokenResponse(body: unknown): ReadResult<TokenResponseFields> {
  if (!isRecord(body)) return { success: false, problems: [problem("(body)", "object", body)] };
  const problems: string[] = [];
  const tokenType = body.token_type;
  if (typeof tokenType !== "string") problems.push(problem("token_type", "string", tokenType));
  else if (!/^bearer$/i.test(tokenType)) problems.push("token_type: The token type must be Bearer");
  const expiresIn = body.expires_in;
  if (typeof expiresIn !== "number" || !Number.isFinite(expiresIn)) {
    problems.push(problem("expires_in", "number", expiresIn));
  } else if (!Number.isInteger(expiresIn)) {
    problems.push("expires_in: expected an integer");
  } else if (expiresIn < 0) {
    problems.push("expires_in: must be 0 or more");
  }
  nonEmptyString(body, "access_token", problems);
  if (body.refresh_token !== undefined) nonEmptyString(body, "refresh_token", problems);
  if (body.scope !== undefined && typeof body.scope !== "string") {
    problems.push(problem("scope", "string", body.scope));
  }
  if (problems.length > 0) return { success: false, problems };
  const data: TokenResponseFields = {
    token_type: "Bearer",
    expires_in: expiresIn as number,
    access_token: body.access_token as string,
    ...(body.refresh_token === undefined ? {} : { refresh_token: body.refresh_token as string }),
    ...(body.scope === undefined ? {} : { scope: body.scope as string }),
  };
  return { success: true, data };
}

/** The fields of an RFC 6749 error body the client uses. */
export interface OAuthErrorFields {
  readonly error: string;
  readonly error_description?: string;
}

/** Reads an RFC 6749 error body: a non-empty `error`, optional string description and uri. */
export function readOAuthErrorResponse(body: unknown): OAuthErrorFields | undefined {
  if (!isRecord(body)) return undefined;
  const { error, error_description: description, error_uri: uri } = body;
  if (typeof error !== "string" || error.length === 0) return undefined;
  if (description !== undefined && typeof description !== "string") return undefined;
  if (uri !== undefined && typeof uri !== "string") return undefined;
  return description === undefined ? { error } : { error, error_description: description };
}
