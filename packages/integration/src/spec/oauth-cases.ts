// The spec table for the token endpoint, written from the service's
// specification alone (2.1, 4.2, 5, 8, 9.10) and RFC 6749 for the error of a
// refused request: each row is one POST to the token endpoint, with its form,
// how the client authenticates, and the answer the spec requires: the token
// response's fields, or the RFC 6749 error and HTTP status. Every row runs at
// both token addresses ({base_url} and {account_url}, 9.10). Placeholders in
// a form stand for values the runner gets fresh for the row.

/** A fresh authorization code of the demo user (single use, 30 s). */
export const CODE = "<code>";
/** A fresh refresh token of the demo user (single use). */
export const REFRESH_TOKEN = "<refresh_token>";
/** The demo application's registered return address. */
export const REGISTERED_REDIRECT = "<registered redirect_uri>";
/** The demo user's name and password. */
export const USERNAME = "<username>";
export const PASSWORD = "<password>";

/**
 * How the client authenticates: HTTP Basic with its credentials, none, Basic
 * with a wrong secret, or its credentials as form fields instead of Basic.
 */
export type ClientAuth = "basic" | "none" | "wrong_secret" | "form_fields";

export type TokenOutcome =
  | {
      /** 200 with token_type Bearer, an integer expires_in and a JWT access_token. */
      readonly status: 200;
      /** expires_in when the spec fixes it. */
      readonly expiresIn?: number;
      /** Whether a refresh_token is present (2.1: absent for client_credentials). */
      readonly refreshToken: boolean;
    }
  | {
      /** The RFC 6749 error (section 5.2) and the statuses it allows. */
      readonly error: string;
      readonly status: readonly number[];
    };

export interface TokenCase {
  readonly section: string;
  readonly title: string;
  readonly form: Readonly<Record<string, string>>;
  readonly auth: ClientAuth;
  readonly expect: TokenOutcome;
}

const BEARER_WITH_REFRESH = { status: 200, refreshToken: true } as const;
// RFC 6749 5.2: 401 when the client authenticated with the Authorization header; else 400 or 401.
const INVALID_CLIENT = { error: "invalid_client", status: [400, 401] } as const;
const INVALID_CLIENT_BASIC = { error: "invalid_client", status: [401] } as const;
const INVALID_GRANT = { error: "invalid_grant", status: [400] } as const;
const INVALID_REQUEST = { error: "invalid_request", status: [400] } as const;

const GRANTS = {
  client_credentials: { grant_type: "client_credentials" },
  password: { grant_type: "password", username: USERNAME, password: PASSWORD },
  authorization_code: {
    grant_type: "authorization_code",
    code: CODE,
    redirect_uri: REGISTERED_REDIRECT,
  },
  refresh_token: { grant_type: "refresh_token", refresh_token: REFRESH_TOKEN },
} as const;

export const TOKEN_CASES: readonly TokenCase[] = [
  {
    section: "2.1 4.2 8",
    title: "client_credentials: Bearer, expires_in 3600, no refresh_token",
    form: GRANTS.client_credentials,
    auth: "basic",
    expect: { status: 200, expiresIn: 3600, refreshToken: false },
  },
  {
    section: "4.2 5.7",
    title: "client_credentials with scope api",
    form: { ...GRANTS.client_credentials, scope: "api" },
    auth: "basic",
    expect: { status: 200, expiresIn: 3600, refreshToken: false },
  },
  {
    section: "2.1 4.2",
    title: "password: Bearer, expires_in, refresh_token",
    form: GRANTS.password,
    auth: "basic",
    expect: BEARER_WITH_REFRESH,
  },
  {
    section: "4.2 5.7",
    title: "password with scope api",
    form: { ...GRANTS.password, scope: "api" },
    auth: "basic",
    expect: BEARER_WITH_REFRESH,
  },
  {
    section: "2.1 4.2",
    title: "authorization_code: Bearer, expires_in, refresh_token",
    form: GRANTS.authorization_code,
    auth: "basic",
    expect: BEARER_WITH_REFRESH,
  },
  {
    section: "2.1 3.2 5.4",
    title: "refresh_token: a new access token and a new refresh token",
    form: GRANTS.refresh_token,
    auth: "basic",
    expect: BEARER_WITH_REFRESH,
  },
  ...(Object.keys(GRANTS) as (keyof typeof GRANTS)[]).flatMap((grant): TokenCase[] => [
    {
      section: "4.2 5.1",
      title: `${grant} without HTTP Basic`,
      form: GRANTS[grant],
      auth: "none",
      expect: INVALID_CLIENT,
    },
    {
      section: "4.2 5.1",
      title: `${grant} with the credentials as form fields instead of HTTP Basic`,
      form: GRANTS[grant],
      auth: "form_fields",
      expect: INVALID_CLIENT,
    },
    {
      section: "4.2 5.1",
      title: `${grant} with a wrong client secret`,
      form: GRANTS[grant],
      auth: "wrong_secret",
      expect: INVALID_CLIENT_BASIC,
    },
  ]),
  {
    section: "4.2",
    title: "password with a wrong password",
    form: { ...GRANTS.password, password: "not-the-password" },
    auth: "basic",
    expect: INVALID_GRANT,
  },
  {
    section: "4.2",
    title: "password without username",
    form: { grant_type: "password", password: PASSWORD },
    auth: "basic",
    expect: INVALID_REQUEST,
  },
  {
    section: "4.2 7.1",
    title: "authorization_code with a redirect_uri other than the registered one",
    form: { ...GRANTS.authorization_code, redirect_uri: "http://127.0.0.1:3000/other" },
    auth: "basic",
    expect: INVALID_GRANT,
  },
  {
    section: "4.2",
    title: "authorization_code without redirect_uri",
    form: { grant_type: "authorization_code", code: CODE },
    auth: "basic",
    expect: INVALID_REQUEST,
  },
  {
    section: "4.2",
    title: "authorization_code without code",
    form: { grant_type: "authorization_code", redirect_uri: REGISTERED_REDIRECT },
    auth: "basic",
    expect: INVALID_REQUEST,
  },
  {
    section: "4.2",
    title: "refresh_token without refresh_token",
    form: { grant_type: "refresh_token" },
    auth: "basic",
    expect: INVALID_REQUEST,
  },
  {
    section: "4.2",
    title: "a grant_type the service does not have",
    form: { grant_type: "implicit" },
    auth: "basic",
    expect: { error: "unsupported_grant_type", status: [400] },
  },
];
