// Reads the return address the merchant's browser lands on (spec 2.2): checks
// the state in constant time, turns an RFC 6749 error into a typed error, and
// yields the URL-decoded code to exchange.
import { timingSafeEqual } from "node:crypto";
import {
  AuthorizationDeniedError,
  OAUTH_CLIENT_ERROR_CODES,
  OAuthError,
  OAuthUsageError,
  StateMismatchError,
} from "./errors.ts";

/** Constant-time string equality (the lengths may leak, the contents do not). */
function sameSecret(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Returns the authorization code from the return address, or throws a typed error. */
export function validateAuthorizationResponse(
  callbackUrl: string | URL,
  expectedState: string,
): string {
  let url: URL;
  try {
    url = new URL(callbackUrl);
  } catch {
    throw new OAuthUsageError(
      OAUTH_CLIENT_ERROR_CODES.invalid_redirect,
      "callbackUrl: must be the full return address, including its query string",
    );
  }
  if (typeof expectedState !== "string" || expectedState.length === 0) {
    throw new OAuthUsageError(
      OAUTH_CLIENT_ERROR_CODES.invalid_oauth_options,
      "expectedState: must be the state returned by authorizationUrl()",
    );
  }
  // URLSearchParams decodes percent-escapes, so the code comes out URL-decoded as the spec asks.
  const params = Object.fromEntries(url.searchParams);
  const state = params.state;
  if (state === undefined) throw new StateMismatchError("it carries no state");
  if (!sameSecret(state, expectedState))
    throw new StateMismatchError("its state is not the one sent");
  if (params.error !== undefined) {
    if (params.error === "access_denied")
      throw new AuthorizationDeniedError(params.error_description);
    throw new OAuthError(params.error, params.error_description);
  }
  const code = params.code;
  if (code === undefined || code === "") {
    throw new OAuthUsageError(
      OAUTH_CLIENT_ERROR_CODES.invalid_redirect,
      "callbackUrl: the return address carries neither an authorization code nor an error",
    );
  }
  return code;
}
