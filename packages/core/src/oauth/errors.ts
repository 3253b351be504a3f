// The errors of the OAuth 2.0 client. Each carries a stable `code` from
// OAUTH_CLIENT_ERROR_CODES for code to branch on, and a message for people.
// No message ever holds a client secret, a password, a code or a token.
import { isShipbridgeError, ShipbridgeError } from "../errors/shipbridge-error.ts";

export const OAUTH_CLIENT_ERROR_CODES = {
  /** The server answered with an RFC 6749 error (`error`, `error_description`). */
  oauth_error: "oauth_error",
  /** The user refused access at the consent page (redirect with `error=access_denied`). */
  authorization_denied: "authorization_denied",
  /** The `state` on the return address is not the one that was sent: a possible CSRF attempt. */
  state_mismatch: "state_mismatch",
  /** The refresh token is used, expired or revoked, or nothing is stored: the merchant must connect the account again. */
  reauthorization_required: "reauthorization_required",
  /** Every token endpoint address failed with a network error, a timeout or a 5xx. */
  token_endpoint_unavailable: "token_endpoint_unavailable",
  /** The token endpoint answered something that is neither a token response nor an RFC 6749 error. */
  invalid_token_response: "invalid_token_response",
  /** The return address carries neither a code nor an error. */
  invalid_redirect: "invalid_redirect",
  /** The client was configured or called without something it needs. */
  invalid_oauth_options: "invalid_oauth_options",
  /** A token store handed back a record that is not a TokenSet's (corrupt or written by something else). */
  invalid_stored_tokens: "invalid_stored_tokens",
  /** A token store cannot reach or use its database (refused connection, wrong password, pool ended); the original error is the `cause`. */
  token_store_unavailable: "token_store_unavailable",
} as const;

export type OAuthClientErrorCode =
  (typeof OAUTH_CLIENT_ERROR_CODES)[keyof typeof OAUTH_CLIENT_ERROR_CODES];

/** The server answered with an RFC 6749 error, at the token endpoint or on the return address. */
export class OAuthError extends ShipbridgeError {
  /** The RFC 6749 `error`, e.g. `invalid_grant` or `invalid_client`. */
  readonly error: string;
  readonly errorDescription: string | undefined;
  /** The HTTP status of the token endpoint's answer; undefined for errors on the return address. */
  readonly status: number | undefined;

  constructor(
    error: string,
    errorDescription: string | undefined,
    options: {
      status?: number;
      code?: OAuthClientErrorCode;
      cause?: unknown;
      message?: string;
    } = {},
  ) {
    const where =
      options.status === undefined
        ? "the authorization server"
        : `the token endpoint (HTTP ${options.status})`;
    const message =
      options.message ??
      `${where} refused the request with "${error}"${errorDescription ? `: ${errorDescription}` : ""}`;
    super(options.code ?? OAUTH_CLIENT_ERROR_CODES.oauth_error, message, { cause: options.cause });
    this.error = error;
    this.errorDescription = errorDescription;
    this.status = options.status;
  }
}

/** The user refused access at the consent page: the return address carried `error=access_denied`. */
export class AuthorizationDeniedError extends OAuthError {
  constructor(errorDescription: string | undefined) {
    super("access_denied", errorDescription, {
      code: OAUTH_CLIENT_ERROR_CODES.authorization_denied,
      message: `the account owner did not allow access to the shipping account${errorDescription ? ` (${errorDescription})` : ""}`,
    });
  }
}

/** The `state` on the return address does not match the one sent with the authorization request. */
export class StateMismatchError extends ShipbridgeError {
  constructor(detail: string) {
    super(
      OAUTH_CLIENT_ERROR_CODES.state_mismatch,
      `the return address was rejected: ${detail}; start the connection again from your store`,
    );
  }
}

/** Why the merchant has to connect the shipping account again. */
export type ReauthorizationReason =
  /** The server rejected the refresh token (`invalid_grant`): used, expired (3 months) or revoked. */
  | "refresh_token_rejected"
  /** The stored tokens cannot be renewed (no refresh token was issued). */
  | "not_renewable"
  /** Nothing is stored under the client's key: the account was never connected or was disconnected. */
  | "not_connected";

/**
 * The merchant must connect the shipping account again ("reconnect your account").
 * Raised when a refresh ends in `invalid_grant`; the store entry is cleared first.
 */
export class ReauthorizationRequiredError extends ShipbridgeError {
  readonly reason: ReauthorizationReason;

  constructor(reason: ReauthorizationReason, options: { cause?: unknown } = {}) {
    const why = {
      refresh_token_rejected: "the authorization has expired or was revoked",
      not_renewable: "the stored authorization cannot be renewed",
      not_connected: "no shipping account is connected",
    }[reason];
    super(
      OAUTH_CLIENT_ERROR_CODES.reauthorization_required,
      `${why}: reconnect your shipping account`,
      options,
    );
    this.reason = reason;
  }
}

/** The token endpoint could not be used, or answered something unreadable. */
export class TokenEndpointError extends ShipbridgeError {
  /** The HTTP status of the last answer; undefined after a network error or a timeout. */
  readonly status: number | undefined;
  /** The addresses tried, in order (they hold no secrets). */
  readonly endpoints: readonly string[];

  constructor(
    code:
      | typeof OAUTH_CLIENT_ERROR_CODES.token_endpoint_unavailable
      | typeof OAUTH_CLIENT_ERROR_CODES.invalid_token_response,
    message: string,
    options: { status?: number; endpoints: readonly string[]; cause?: unknown },
  ) {
    super(code, message, { cause: options.cause });
    this.status = options.status;
    this.endpoints = options.endpoints;
  }
}

/**
 * The redirect carries neither a code nor an error, the client lacks an option it needs, a
 * token store holds a corrupt record, or a token store cannot use its database.
 */
export class OAuthUsageError extends ShipbridgeError {
  constructor(
    code:
      | typeof OAUTH_CLIENT_ERROR_CODES.invalid_redirect
      | typeof OAUTH_CLIENT_ERROR_CODES.invalid_oauth_options
      | typeof OAUTH_CLIENT_ERROR_CODES.invalid_stored_tokens
      | typeof OAUTH_CLIENT_ERROR_CODES.token_store_unavailable,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(code, message, options);
  }
}

// Guards that work across copies of this package (as isShipbridgeError does):
// they read the stable code and the field each class adds, never instanceof.
function hasCode(value: unknown, ...codes: readonly OAuthClientErrorCode[]): boolean {
  return isShipbridgeError(value) && (codes as readonly string[]).includes(value.code);
}

/** True for an OAuthError (AuthorizationDeniedError included), even from another copy of this package. */
export function isOAuthError(value: unknown): value is OAuthError {
  return (
    hasCode(
      value,
      OAUTH_CLIENT_ERROR_CODES.oauth_error,
      OAUTH_CLIENT_ERROR_CODES.authorization_denied,
    ) && "error" in (value as object)
  );
}

/** True for an AuthorizationDeniedError, even from another copy of this package. */
export function isAuthorizationDeniedError(value: unknown): value is AuthorizationDeniedError {
  return (
    hasCode(value, OAUTH_CLIENT_ERROR_CODES.authorization_denied) && "error" in (value as object)
  );
}

/** True for a StateMismatchError, even from another copy of this package. */
export function isStateMismatchError(value: unknown): value is StateMismatchError {
  return hasCode(value, OAUTH_CLIENT_ERROR_CODES.state_mismatch);
}

/** True for a ReauthorizationRequiredError, even from another copy of this package. */
export function isReauthorizationRequiredError(
  value: unknown,
): value is ReauthorizationRequiredError {
  return (
    hasCode(value, OAUTH_CLIENT_ERROR_CODES.reauthorization_required) &&
    "reason" in (value as object)
  );
}

/** True for a TokenEndpointError, even from another copy of this package. */
export function isTokenEndpointError(value: unknown): value is TokenEndpointError {
  return (
    hasCode(
      value,
      OAUTH_CLIENT_ERROR_CODES.token_endpoint_unavailable,
      OAUTH_CLIENT_ERROR_CODES.invalid_token_response,
    ) && "endpoints" in (value as object)
  );
}

/** True for an OAuthUsageError, even from another copy of this package. */
export function isOAuthUsageError(value: unknown): value is OAuthUsageError {
  return hasCode(
    value,
    OAUTH_CLIENT_ERROR_CODES.invalid_redirect,
    OAUTH_CLIENT_ERROR_CODES.invalid_oauth_options,
    OAUTH_CLIENT_ERROR_CODES.invalid_stored_tokens,
    OAUTH_CLIENT_ERROR_CODES.token_store_unavailable,
  );
}
