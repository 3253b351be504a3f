// The tokens of one connection, as the client keeps them: the access token,
// the refresh token when there is one, when the access token expires, and the
// grant that produced them (client_credentials tokens are re-acquired, never
// refreshed). The tokens sit in private fields, so util.inspect, String() and
// JSON.stringify show a summary only; stores persist a TokenSet through the
// explicit toRecord() / TokenSet.fromRecord() pair.
import { OAUTH_CLIENT_ERROR_CODES, OAuthUsageError } from "./errors.ts";
import { describe, INSPECT, REDACTED } from "./redaction.ts";

export type GrantType = "authorization_code" | "refresh_token" | "password" | "client_credentials";

/** The largest share of a token's lifetime that the renewal skew may take. */
const MAX_SKEW_FRACTION = 0.5;

const GRANT_TYPES: readonly string[] = [
  "authorization_code",
  "refresh_token",
  "password",
  "client_credentials",
];

/** The plain, serializable form of a TokenSet, for TokenStore implementations only. It holds secrets. */
export interface TokenRecord {
  access_token: string;
  token_type: string;
  refresh_token?: string | undefined;
  /** Milliseconds since the epoch, by the client's clock; null when the server gave no expires_in. */
  expires_at: number | null;
  /**
   * When the token response arrived, in milliseconds since the epoch by the client's clock. With
   * expires_at it gives the lifetime the token was issued with, which caps the renewal skew.
   * Absent in records written before it existed: the full skew applies to those.
   */
  issued_at?: number | null | undefined;
  scope?: string | undefined;
  grant_type: GrantType;
}

/** A store's record that cannot be read as tokens. */
function corrupt(detail: string): OAuthUsageError {
  return new OAuthUsageError(
    OAUTH_CLIENT_ERROR_CODES.invalid_stored_tokens,
    `stored tokens: ${detail}; disconnect and connect the shipping account again`,
  );
}

export class TokenSet {
  readonly #accessToken: string;
  readonly #refreshToken: string | undefined;
  readonly tokenType: string;
  /** When the access token expires, by the client's clock; undefined when the server did not say. */
  readonly expiresAt: Date | undefined;
  /** When the token response arrived, by the client's clock; undefined when not known. */
  readonly issuedAt: Date | undefined;
  readonly scope: string | undefined;
  /** The grant the connection was made with (kept across refreshes). */
  readonly grantType: GrantType;

  constructor(record: TokenRecord) {
    this.#accessToken = record.access_token;
    this.#refreshToken = record.refresh_token;
    this.tokenType = record.token_type;
    this.expiresAt = record.expires_at === null ? undefined : new Date(record.expires_at);
    this.issuedAt =
      record.issued_at === null || record.issued_at === undefined
        ? undefined
        : new Date(record.issued_at);
    this.scope = record.scope;
    this.grantType = record.grant_type;
  }

  get accessToken(): string {
    return this.#accessToken;
  }

  get refreshToken(): string | undefined {
    return this.#refreshToken;
  }

  /** Whether the access token can be renewed with a refresh token (client_credentials tokens are re-acquired instead). */
  get refreshable(): boolean {
    return this.#refreshToken !== undefined && this.grantType !== "client_credentials";
  }

  /**
   * The renewal margin actually applied, in milliseconds: the skew, but never more than half the
   * lifetime the token was issued with. A token that lives 300 s renews 150 s before it expires
   * instead of being stale on arrival under the default 300 s skew; a long-lived token renews the
   * full skew early. Without a known issue time (old records) the full skew applies.
   */
  effectiveSkewMs(skewSeconds: number): number {
    const skewMs = skewSeconds * 1000;
    if (this.expiresAt === undefined || this.issuedAt === undefined) return skewMs;
    const lifetimeMs = Math.max(0, this.expiresAt.getTime() - this.issuedAt.getTime());
    return Math.min(skewMs, lifetimeMs * MAX_SKEW_FRACTION);
  }

  /**
   * True when the access token is still valid the effective skew (see effectiveSkewMs) from `now`.
   * Tokens without a known expiry count as valid.
   */
  isFresh(now: Date, skewSeconds: number): boolean {
    if (this.expiresAt === undefined) return true;
    return this.expiresAt.getTime() - this.effectiveSkewMs(skewSeconds) > now.getTime();
  }

  /** The serializable form, with the tokens in clear, for a TokenStore to persist. */
  toRecord(): TokenRecord {
    return {
      access_token: this.#accessToken,
      token_type: this.tokenType,
      refresh_token: this.#refreshToken,
      expires_at: this.expiresAt === undefined ? null : this.expiresAt.getTime(),
      issued_at: this.issuedAt === undefined ? null : this.issuedAt.getTime(),
      scope: this.scope,
      grant_type: this.grantType,
    };
  }

  /**
   * Reads a record written by toRecord().
   * @throws OAuthUsageError with code invalid_stored_tokens, naming the first bad field (never its value).
   */
  static fromRecord(value: unknown): TokenSet {
    if (typeof value !== "object" || value === null) throw corrupt("expected an object");
    const record = value as Record<string, unknown>;
    const text = (field: string, optional: boolean): void => {
      const v = record[field];
      if (v === undefined && optional) return;
      if (typeof v !== "string" || v.length === 0 || v === REDACTED) {
        throw corrupt(`${field} must be a non-empty string`);
      }
    };
    text("access_token", false);
    text("token_type", false);
    text("refresh_token", true);
    if (record.scope !== undefined && typeof record.scope !== "string") {
      throw corrupt("scope must be a string");
    }
    if (record.expires_at !== null && !Number.isFinite(record.expires_at)) {
      throw corrupt("expires_at must be a number of milliseconds or null");
    }
    if (
      record.issued_at !== undefined &&
      record.issued_at !== null &&
      !Number.isFinite(record.issued_at)
    ) {
      throw corrupt("issued_at must be a number of milliseconds or null");
    }
    if (typeof record.grant_type !== "string" || !GRANT_TYPES.includes(record.grant_type)) {
      throw corrupt(`grant_type must be one of ${GRANT_TYPES.join(", ")}`);
    }
    return new TokenSet(record as unknown as TokenRecord);
  }

  #summary(): Record<string, unknown> {
    return {
      tokenType: this.tokenType,
      grantType: this.grantType,
      expiresAt: this.expiresAt?.toISOString(),
      scope: this.scope,
      accessToken: REDACTED,
      refreshToken: this.#refreshToken === undefined ? undefined : REDACTED,
    };
  }

  toString(): string {
    return describe("TokenSet", this.#summary());
  }

  /** Redacted: JSON loggers must not print tokens. Use toRecord() to persist. */
  toJSON(): Record<string, unknown> {
    return this.#summary();
  }

  [INSPECT](): string {
    return this.toString();
  }
}
