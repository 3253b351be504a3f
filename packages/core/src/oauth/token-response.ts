// Reads the token endpoint's answer: a token response (spec 2.1) becomes a
// TokenSet whose expiry comes from the returned expires_in and the client's
// clock; an RFC 6749 error becomes an OAuthError; anything else is an
// INVALID_TOKEN_RESPONSE. Bodies are never quoted in messages: they hold tokens.
import type { Clock } from "../clock.ts";
import { OAUTH_CLIENT_ERROR_CODES, OAuthError, TokenEndpointError } from "./errors.ts";
import { readOAuthErrorResponse, readTokenResponse } from "./oauth-responses.ts";
import type { TokenEndpointAnswer } from "./token-request.ts";
import { type GrantType, TokenSet } from "./token-set.ts";

export interface ProcessTokenResponseOptions {
  readonly grantType: GrantType;
  readonly clock: Clock;
  /** The scope asked for; kept when the server does not echo one. */
  readonly requestedScope?: string | undefined;
}

export async function processTokenResponse(
  answer: TokenEndpointAnswer,
  options: ProcessTokenResponseOptions,
): Promise<TokenSet> {
  const { response, endpoint } = answer;
  // The clock is read when the answer arrives, so expiry is measured from issue time.
  const receivedAt = options.clock().getTime();
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (response.ok) {
    const parsed = readTokenResponse(body);
    if (parsed.success) {
      const token = parsed.data;
      return new TokenSet({
        access_token: token.access_token,
        token_type: token.token_type,
        refresh_token: token.refresh_token,
        expires_at: receivedAt + token.expires_in * 1000,
        issued_at: receivedAt,
        scope: token.scope ?? options.requestedScope,
        grant_type: options.grantType,
      });
    }
    const fields = parsed.problems;
    throw new TokenEndpointError(
      OAUTH_CLIENT_ERROR_CODES.invalid_token_response,
      `the token endpoint ${endpoint} answered HTTP ${response.status} without a valid token response (${fields.join("; ")})`,
      { status: response.status, endpoints: [endpoint] },
    );
  }
  if (response.status === 429) {
    const retryAfter = response.headers.get("retry-after");
    throw new TokenEndpointError(
      OAUTH_CLIENT_ERROR_CODES.token_endpoint_unavailable,
      `the token endpoint ${endpoint} is rate limiting requests (HTTP 429)${retryAfter ? `; retry after ${retryAfter} seconds` : ""}`,
      { status: 429, endpoints: [endpoint] },
    );
  }
  const error = readOAuthErrorResponse(body);
  if (error !== undefined) {
    throw new OAuthError(error.error, error.error_description, {
      status: response.status,
    });
  }
  throw new TokenEndpointError(
    OAUTH_CLIENT_ERROR_CODES.invalid_token_response,
    `the token endpoint ${endpoint} answered HTTP ${response.status} without an OAuth 2.0 error body`,
    { status: response.status, endpoints: [endpoint] },
  );
}
