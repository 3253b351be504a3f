// The OAuth 2.0 client of the shipping service (spec sections 4 and 5), usable
// with any OAuth 2.0 server through the endpoint overrides. It runs the four
// grants, keeps tokens in a TokenStore, and hands out a valid access token:
// cached, refreshed early by a configurable skew, or re-acquired for
// client_credentials. Renewals are single flight: concurrent callers in one
// process share one promise, and callers in other processes wait on the
// store's lease and then read the winner's tokens, so a single-use refresh
// token is spent exactly once.
import { setTimeout as sleep } from "node:timers/promises";
import { type Clock, systemClock } from "../clock.ts";
import { buildAuthorizationUrl, generateState, UI_LOCALES } from "./authorization-request.ts";
import { validateAuthorizationResponse } from "./authorization-response.ts";
import { type ClientAuthentication, clientSecretBasic } from "./client-authentication.ts";
import {
  OAUTH_CLIENT_ERROR_CODES,
  OAuthError,
  OAuthUsageError,
  ReauthorizationRequiredError,
} from "./errors.ts";
import { MemoryTokenStore } from "./memory-token-store.ts";
import { describe, INSPECT } from "./redaction.ts";
import {
  type GrantParameters,
  type TokenEndpointTarget,
  tokenEndpointRequest,
} from "./token-request.ts";
import { processTokenResponse } from "./token-response.ts";
import { type GrantType, TokenSet } from "./token-set.ts";
import type { TokenStore, TokenStoreEntry } from "./token-store.ts";

export interface OAuthClientOptions {
  clientId: string;
  clientSecret: string;
  /** The registered return address; needed for the authorization-code flow only. */
  redirectUri?: string | undefined;
  /** {base_url}: the REST and authorization host, e.g. https://api.furgonetka.pl. */
  baseUrl?: string | undefined;
  /** {account_url}: the account host, whose token endpoint is the failover address. */
  accountUrl?: string | undefined;
  /** Full token endpoint address; replaces both derived addresses (for any OAuth 2.0 server). */
  tokenEndpoint?: string | undefined;
  /** Full authorization endpoint address; replaces {base_url}/oauth/authorize. */
  authorizationEndpoint?: string | undefined;
  /** Where tokens are kept; a MemoryTokenStore of this client by default. */
  store?: TokenStore | undefined;
  fetch?: typeof globalThis.fetch | undefined;
  /** Judges token expiry; the system clock by default. */
  clock?: Clock | undefined;
  /**
   * Renew this many seconds before the access token expires. Default 300. The margin never exceeds
   * half the lifetime the token was issued with, so short-lived tokens are still used.
   */
  refreshSkewSeconds?: number | undefined;
  /** The store key of this connection. Default: the client id and token endpoint. Give one per merchant when one app serves many. */
  key?: string | undefined;
  /** Per token endpoint address, in milliseconds. Default 10000. */
  timeoutMs?: number | undefined;
}

export interface AccessTokenOptions {
  /**
   * The access token that the API just rejected with 401. Renews only if the
   * store still holds that token; if another caller already renewed, its
   * token is returned. So many simultaneous 401s cause one renewal.
   */
  rejected?: string | undefined;
  /** Renew even if the stored token looks fresh, unless someone renewed it meanwhile. */
  forceRefresh?: boolean | undefined;
}

interface RenewRequest {
  readonly observed: TokenStoreEntry | undefined;
  readonly rejected: string | undefined;
  readonly force: boolean;
}

const POLL_MS = 15;

function invalidOption(message: string): OAuthUsageError {
  return new OAuthUsageError(OAUTH_CLIENT_ERROR_CODES.invalid_oauth_options, message);
}

function requireText(value: unknown, path: string): string {
  if (typeof value !== "string" || value.length === 0)
    throw invalidOption(`${path}: must be a non-empty string`);
  return value;
}

function requireUrl(value: unknown, path: string): string {
  const text = requireText(value, path);
  if (!URL.canParse(text) || !/^https?:$/.test(new URL(text).protocol)) {
    throw invalidOption(`${path}: must be an absolute http(s) address`);
  }
  return text;
}

function under(base: string, path: string): string {
  return `${base.replace(/\/+$/, "")}${path}`;
}

export class OAuthClient {
  readonly clientId: string;
  readonly redirectUri: string | undefined;
  /** The token endpoint addresses, in failover order. */
  readonly tokenEndpoints: readonly string[];
  readonly authorizationEndpoint: string | undefined;
  readonly key: string;
  readonly store: TokenStore;
  readonly #target: TokenEndpointTarget;
  readonly #clock: Clock;
  readonly #skewSeconds: number;
  readonly #leaseTtlMs: number;
  #inflight: Promise<TokenSet> | undefined;

  constructor(options: OAuthClientOptions) {
    if (typeof options !== "object" || options === null)
      throw invalidOption("options: must be an object");
    this.clientId = requireText(options.clientId, "clientId");
    const clientAuthentication: ClientAuthentication = clientSecretBasic(
      this.clientId,
      requireText(options.clientSecret, "clientSecret"),
    );
    this.redirectUri =
      options.redirectUri === undefined
        ? undefined
        : requireUrl(options.redirectUri, "redirectUri");
    const baseUrl =
      options.baseUrl === undefined ? undefined : requireUrl(options.baseUrl, "baseUrl");
    const accountUrl =
      options.accountUrl === undefined ? undefined : requireUrl(options.accountUrl, "accountUrl");
    if (options.tokenEndpoint !== undefined) {
      this.tokenEndpoints = [requireUrl(options.tokenEndpoint, "tokenEndpoint")];
    } else if (baseUrl !== undefined) {
      this.tokenEndpoints = [
        under(baseUrl, "/oauth/token"),
        ...(accountUrl ? [under(accountUrl, "/oauth/token")] : []),
      ];
    } else if (accountUrl !== undefined) {
      this.tokenEndpoints = [under(accountUrl, "/oauth/token")];
    } else {
      throw invalidOption(
        "baseUrl: give the service address (or tokenEndpoint for another OAuth 2.0 server)",
      );
    }
    if (options.authorizationEndpoint !== undefined) {
      this.authorizationEndpoint = requireUrl(
        options.authorizationEndpoint,
        "authorizationEndpoint",
      );
    } else {
      this.authorizationEndpoint =
        baseUrl === undefined ? undefined : under(baseUrl, "/oauth/authorize");
    }
    const skew = options.refreshSkewSeconds ?? 300;
    if (!Number.isFinite(skew) || skew < 0)
      throw invalidOption("refreshSkewSeconds: must be a number of seconds >= 0");
    this.#skewSeconds = skew;
    const timeoutMs = options.timeoutMs ?? 10_000;
    if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
      throw invalidOption("timeoutMs: must be a whole number of milliseconds > 0");
    if (options.fetch !== undefined && typeof options.fetch !== "function")
      throw invalidOption("fetch: must be a function");
    if (options.clock !== undefined && typeof options.clock !== "function")
      throw invalidOption("clock: must be a function returning a Date");
    this.#clock = options.clock ?? systemClock;
    this.key =
      options.key === undefined
        ? `${this.clientId} ${this.tokenEndpoints[0]}`
        : requireText(options.key, "key");
    this.store = options.store ?? new MemoryTokenStore();
    // A lease outlives the longest renewal: every address timing out, plus a margin.
    this.#leaseTtlMs = timeoutMs * this.tokenEndpoints.length + 5_000;
    const fetchImpl = options.fetch ?? globalThis.fetch;
    this.#target = {
      endpoints: this.tokenEndpoints,
      clientAuthentication,
      fetch: (input, init) => fetchImpl(input, init),
      timeoutMs,
    };
  }

  /**
   * Where to send the merchant's browser to grant access, and the state to
   * check on return (keep it in the session). `uiLocales` asks the service's
   * pages for a language: space-separated language tags by preference
   * ("pl", "en-GB pl"), sent as `ui_locales`.
   */
  authorizationUrl(
    options: {
      state?: string | undefined;
      scope?: string | undefined;
      uiLocales?: string | undefined;
    } = {},
  ): {
    url: string;
    state: string;
  } {
    if (this.authorizationEndpoint === undefined) {
      throw invalidOption(
        "authorizationEndpoint: give baseUrl or authorizationEndpoint to use the authorization-code flow",
      );
    }
    const redirectUri = this.#redirectUri();
    const state =
      options.state === undefined ? generateState() : requireText(options.state, "state");
    const scope = options.scope === undefined ? undefined : requireText(options.scope, "scope");
    const uiLocales = options.uiLocales;
    if (uiLocales !== undefined && (typeof uiLocales !== "string" || !UI_LOCALES.test(uiLocales))) {
      throw invalidOption(
        'uiLocales: must be language tags separated by single spaces, such as "pl" or "en-GB pl"',
      );
    }
    const url = buildAuthorizationUrl({
      authorizationEndpoint: this.authorizationEndpoint,
      clientId: this.clientId,
      redirectUri,
      state,
      scope,
      uiLocales,
    });
    return { url: url.href, state };
  }

  /**
   * Completes the authorization-code flow on the return address: checks the
   * state, raises AuthorizationDeniedError or OAuthError for an error on the
   * address, exchanges the URL-decoded code and stores the tokens.
   */
  async handleRedirect(callbackUrl: string | URL, expectedState: string): Promise<TokenSet> {
    const redirectUri = this.#redirectUri();
    const code = validateAuthorizationResponse(callbackUrl, expectedState);
    const tokens = await this.#grant({
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
    });
    await this.#save(tokens);
    return tokens;
  }

  /** The password grant: acts for a user whose credentials the application holds. */
  async loginWithPassword(credentials: {
    username: string;
    password: string;
    scope?: string | undefined;
  }): Promise<TokenSet> {
    const username = requireText(credentials?.username, "username");
    const password = requireText(credentials.password, "password");
    const scope =
      credentials.scope === undefined ? undefined : requireText(credentials.scope, "scope");
    const tokens = await this.#grant({ grant_type: "password", username, password, scope });
    await this.#save(tokens);
    return tokens;
  }

  /** The client_credentials grant: system-to-system calls with no user. Renewed by re-acquiring, never refreshed. */
  async loginWithClientCredentials(
    options: { scope?: string | undefined } = {},
  ): Promise<TokenSet> {
    const scope = options.scope === undefined ? undefined : requireText(options.scope, "scope");
    const tokens = await this.#grant({ grant_type: "client_credentials", scope });
    await this.#save(tokens);
    return tokens;
  }

  /**
   * Renews the stored tokens now: a refresh (the refresh token is spent once,
   * even with concurrent callers) or, for client_credentials, a new token.
   * Raises ReauthorizationRequiredError when the refresh token is rejected.
   */
  async refresh(): Promise<TokenSet> {
    const observed = await this.store.get(this.key);
    return this.#renew({ observed, rejected: undefined, force: true });
  }

  /**
   * A valid access token: the stored one while it is fresh, else renewed
   * (single flight). For a 401 from the API, pass the rejected token:
   * `accessToken({ rejected })` renews once however many requests got the 401
   * together, and every caller gets the new token to retry with once.
   */
  async accessToken(options: AccessTokenOptions = {}): Promise<string> {
    const entry = await this.store.get(this.key);
    if (entry === undefined && this.#inflight === undefined)
      throw new ReauthorizationRequiredError("not_connected");
    if (
      entry !== undefined &&
      !options.forceRefresh &&
      this.#usable(entry.tokens, options.rejected)
    ) {
      return entry.tokens.accessToken;
    }
    const tokens = await this.#renew({
      observed: entry,
      rejected: options.rejected,
      force: options.forceRefresh === true,
    });
    return tokens.accessToken;
  }

  /** The stored tokens, if any, without renewing them. */
  async tokens(): Promise<TokenSet | undefined> {
    return (await this.store.get(this.key))?.tokens;
  }

  /** Forgets the stored tokens ("disconnect the account"). */
  async disconnect(): Promise<void> {
    for (;;) {
      const entry = await this.store.get(this.key);
      if (entry === undefined) return;
      if (await this.store.compareAndSet(this.key, entry.version, undefined)) return;
    }
  }

  #usable(tokens: TokenSet, rejected: string | undefined): boolean {
    return tokens.accessToken !== rejected && tokens.isFresh(this.#clock(), this.#skewSeconds);
  }

  #redirectUri(): string {
    if (this.redirectUri === undefined)
      throw invalidOption(
        "redirectUri: the authorization-code flow needs the registered return address",
      );
    return this.redirectUri;
  }

  async #grant(
    parameters: GrantParameters,
    grantType: GrantType = parameters.grant_type,
  ): Promise<TokenSet> {
    const answer = await tokenEndpointRequest(this.#target, parameters);
    const requestedScope = "scope" in parameters ? parameters.scope : undefined;
    return processTokenResponse(answer, { grantType, clock: this.#clock, requestedScope });
  }

  /** Stores tokens from a login, replacing whatever is there. */
  async #save(tokens: TokenSet): Promise<void> {
    for (;;) {
      const entry = await this.store.get(this.key);
      if (await this.store.compareAndSet(this.key, entry?.version, tokens)) return;
    }
  }

  /** In-process single flight: every caller during a renewal shares its promise. */
  #renew(request: RenewRequest): Promise<TokenSet> {
    if (this.#inflight === undefined) {
      this.#inflight = this.#renewAcrossProcesses(request).finally(() => {
        this.#inflight = undefined;
      });
    }
    return this.#inflight;
  }

  /** Cross-process single flight: one lease holder renews; the others wait and read its tokens. */
  async #renewAcrossProcesses(request: RenewRequest): Promise<TokenSet> {
    const holder = crypto.randomUUID();
    for (;;) {
      if (await this.store.acquireLease(this.key, holder, this.#leaseTtlMs)) {
        try {
          return await this.#renewUnderLease(request);
        } finally {
          await this.store.releaseLease(this.key, holder);
        }
      }
      await sleep(POLL_MS + Math.random() * POLL_MS);
      const current = await this.store.get(this.key);
      if (
        current !== undefined &&
        current.version !== request.observed?.version &&
        this.#usable(current.tokens, request.rejected)
      ) {
        return current.tokens;
      }
    }
  }

  async #renewUnderLease(request: RenewRequest): Promise<TokenSet> {
    const current = await this.store.get(this.key);
    if (current === undefined) throw new ReauthorizationRequiredError("not_connected");
    // Renewed by someone else since the caller looked: use theirs.
    const renewedMeanwhile = current.version !== request.observed?.version;
    if (this.#usable(current.tokens, request.rejected) && (renewedMeanwhile || !request.force))
      return current.tokens;

    const old = current.tokens;
    let next: TokenSet;
    if (old.grantType === "client_credentials") {
      next = await this.#grant({ grant_type: "client_credentials", scope: old.scope });
    } else if (old.refreshToken === undefined) {
      throw new ReauthorizationRequiredError("not_renewable");
    } else {
      try {
        next = await this.#grant(
          { grant_type: "refresh_token", refresh_token: old.refreshToken },
          old.grantType,
        );
      } catch (error) {
        if (error instanceof OAuthError && error.error === "invalid_grant") {
          await this.store.compareAndSet(this.key, current.version, undefined);
          throw new ReauthorizationRequiredError("refresh_token_rejected", { cause: error });
        }
        throw error;
      }
      if (next.refreshToken === undefined || next.scope === undefined) {
        // Servers that do not rotate keep the old refresh token valid; keep the old scope when none is echoed.
        next = new TokenSet({
          ...next.toRecord(),
          refresh_token: next.refreshToken ?? old.refreshToken,
          scope: next.scope ?? old.scope,
        });
      }
    }
    // Under the lease only logins write without it; if one did, its tokens stand and ours are still valid.
    await this.store.compareAndSet(this.key, current.version, next);
    return next;
  }

  toString(): string {
    return describe("OAuthClient", {
      clientId: this.clientId,
      clientSecret: "[redacted]",
      tokenEndpoints: this.tokenEndpoints.join(", "),
      authorizationEndpoint: this.authorizationEndpoint,
      redirectUri: this.redirectUri,
      key: this.key,
    });
  }

  toJSON(): Record<string, unknown> {
    return {
      clientId: this.clientId,
      tokenEndpoints: this.tokenEndpoints,
      authorizationEndpoint: this.authorizationEndpoint,
      redirectUri: this.redirectUri,
      key: this.key,
    };
  }

  [INSPECT](): string {
    return this.toString();
  }
}
