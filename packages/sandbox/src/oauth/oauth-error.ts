// An error of the token endpoint, answered as RFC 6749 section 5.2 says:
// `{ "error", "error_description" }` with 400, or 401 and
// `WWW-Authenticate: Basic` for a client that failed to authenticate. Its
// `code` (core's ShipbridgeError) is the RFC 6749 error code.
import { ShipbridgeError } from "@shipbridge/core";

export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "invalid_scope";

export class OAuthError extends ShipbridgeError {
  override readonly code: OAuthErrorCode;
  readonly error: OAuthErrorCode;
  readonly status: 400 | 401;
  /** Seconds a locked-out client should wait (sent as Retry-After). */
  readonly retryAfter: number | undefined;

  constructor(error: OAuthErrorCode, description: string, options: { retryAfter?: number } = {}) {
    super(error, description);
    this.code = error;
    this.error = error;
    this.status = error === "invalid_client" ? 401 : 400;
    this.retryAfter = options.retryAfter;
  }

  body(): { error: OAuthErrorCode; error_description: string } {
    return { error: this.error, error_description: this.message };
  }
}
