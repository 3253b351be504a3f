// The OAuth client against the sandbox over real HTTP: the four grants, both
// token addresses and failover, the redirect flow through the HTML pages,
// single-flight renewal counted at the sandbox, reauthorization, and secrets
// kept out of every printed form. Each test gets a fresh sandbox.
import { inspect } from "node:util";
import {
  AuthorizationDeniedError,
  isShipbridgeError,
  MemoryTokenStore,
  OAUTH_CLIENT_ERROR_CODES,
  OAuthClient,
  type OAuthClientOptions,
  OAuthError,
  ReauthorizationRequiredError,
  StateMismatchError,
  TokenEndpointError,
} from "@shipbridge/core";
import { describe, expect, it } from "vitest";
import {
  authorizeInBrowser,
  closedPortUrl,
  DEMO,
  injectFault,
  tokenRequestCounts,
  useTestSandbox,
} from "../testing/oauth-sandbox.ts";

const DAY = 24 * 60 * 60;

const { sandbox, time } = useTestSandbox("each");

function client(options: Partial<OAuthClientOptions> = {}): OAuthClient {
  return new OAuthClient({
    clientId: DEMO.clientId,
    clientSecret: DEMO.clientSecret,
    redirectUri: DEMO.redirectUri,
    baseUrl: sandbox.baseUrl,
    accountUrl: sandbox.accountUrl,
    clock: time.clock,
    ...options,
  });
}

/** Records the token responses' expires_in, to check the client uses it. */
function recordingFetch(expiresIn: number[]): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (response.ok) {
      const body = (await response.clone().json()) as { expires_in?: number };
      if (typeof body.expires_in === "number") expiresIn.push(body.expires_in);
    }
    return response;
  };
}

function secondsUntil(date: Date | undefined): number {
  return ((date?.getTime() ?? Number.NaN) - time.clock().getTime()) / 1000;
}

describe("grants and token addresses", () => {
  it("password grant at {base_url}, with the expiry taken from expires_in", async () => {
    const expiresIn: number[] = [];
    const oauth = client({ fetch: recordingFetch(expiresIn) });
    const tokens = await oauth.loginWithPassword({
      username: DEMO.username,
      password: DEMO.password,
    });
    expect(tokens.refreshToken).toBeDefined();
    expect(tokens.grantType).toBe("password");
    expect(expiresIn).toHaveLength(1);
    const lifetime = expiresIn[0] ?? 0;
    expect(lifetime).toBeGreaterThan(3600);
    expect(secondsUntil(tokens.expiresAt)).toBeLessThanOrEqual(lifetime);
    expect(secondsUntil(tokens.expiresAt)).toBeGreaterThan(lifetime - 60);
    expect(await oauth.accessToken()).toBe(tokens.accessToken);
    const counts = await tokenRequestCounts(sandbox.baseUrl);
    expect(counts.total).toBe(1);
    expect(counts.by_grant.password).toBe(1);
    expect(counts.by_host?.base).toBe(1);
  });

  it("client_credentials fails over to {account_url} when {base_url} answers 503, and its token has no refresh token", async () => {
    await injectFault(sandbox.baseUrl, { status: 503, path: "/oauth/token", host: "base" });
    const expiresIn: number[] = [];
    const oauth = client({ fetch: recordingFetch(expiresIn) });
    const tokens = await oauth.loginWithClientCredentials();
    expect(tokens.grantType).toBe("client_credentials");
    expect(tokens.refreshToken).toBeUndefined();
    expect(tokens.refreshable).toBe(false);
    expect(expiresIn).toEqual([3600]);
    expect(secondsUntil(tokens.expiresAt)).toBeLessThanOrEqual(3600);
    const counts = await tokenRequestCounts(sandbox.baseUrl);
    expect(counts.by_host).toMatchObject({ base: 1, account: 1 });
    expect(counts.by_grant.client_credentials).toBe(2);
  });

  it("refresh_token grant fails over to {account_url} when {base_url} answers 502", async () => {
    const oauth = client();
    const first = await oauth.loginWithPassword({
      username: DEMO.username,
      password: DEMO.password,
    });
    await injectFault(sandbox.baseUrl, { status: 502, path: "/oauth/token", host: "base" });
    const second = await oauth.refresh();
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(await oauth.accessToken()).toBe(second.accessToken);
    const counts = await tokenRequestCounts(sandbox.baseUrl);
    expect(counts.by_grant.refresh_token).toBe(2);
    expect(counts.by_host).toMatchObject({ base: 2, account: 1 });
  });

  it("fails over to {account_url} when nothing listens at {base_url}", async () => {
    const oauth = client({ baseUrl: await closedPortUrl() });
    const tokens = await oauth.loginWithPassword({
      username: DEMO.username,
      password: DEMO.password,
    });
    expect(tokens.accessToken).toBeTruthy();
    const counts = await tokenRequestCounts(sandbox.baseUrl);
    expect(counts.by_host).toMatchObject({ base: 0, account: 1 });
  });

  it("fails over to {account_url} when {base_url} does not answer within timeoutMs", async () => {
    await injectFault(sandbox.baseUrl, { latency_ms: 10_000, path: "/oauth/token", host: "base" });
    // Long enough for {account_url} to answer on a busy machine; {base_url} never answers in time.
    const oauth = client({ timeoutMs: 1_000 });
    const tokens = await oauth.loginWithClientCredentials();
    expect(tokens.accessToken).toBeTruthy();
    expect((await tokenRequestCounts(sandbox.baseUrl)).by_host?.account).toBe(1);
  });

  it("reports a 429 as TokenEndpointError with its Retry-After, without failing over", async () => {
    await injectFault(sandbox.baseUrl, {
      status: 429,
      retry_after: 7,
      path: "/oauth/token",
      host: "base",
    });
    const error = await client()
      .loginWithClientCredentials()
      .catch((e) => e);
    expect(error).toBeInstanceOf(TokenEndpointError);
    expect(error.code).toBe(OAUTH_CLIENT_ERROR_CODES.token_endpoint_unavailable);
    expect(error.status).toBe(429);
    expect(error.message).toContain("retry after 7 seconds");
    expect((await tokenRequestCounts(sandbox.baseUrl)).by_host?.account).toBe(0);
  });

  it("does not fail over on a 4xx: a wrong client secret is an OAuthError that never shows the secret", async () => {
    const oauth = client({ clientSecret: "wrong-secret-value" });
    const error = await oauth
      .loginWithPassword({ username: DEMO.username, password: DEMO.password })
      .catch((e) => e);
    expect(error).toBeInstanceOf(OAuthError);
    expect(error.code).toBe(OAUTH_CLIENT_ERROR_CODES.oauth_error);
    expect(error.error).toBe("invalid_client");
    expect(error.status).toBe(401);
    expect(isShipbridgeError(error)).toBe(true);
    for (const shown of [
      error.message,
      inspect(error),
      String(error.stack),
      JSON.stringify(error),
    ]) {
      expect(shown).not.toContain("wrong-secret-value");
      expect(shown).not.toContain(DEMO.password);
    }
    const counts = await tokenRequestCounts(sandbox.baseUrl);
    expect(counts.total).toBe(1);
    expect(counts.by_host?.account).toBe(0);
  });

  it("raises TokenEndpointError when every address fails, naming the addresses but no secret", async () => {
    await injectFault(sandbox.baseUrl, { status: 503, path: "/oauth/token", host: "any" });
    const oauth = client();
    const error = await oauth
      .loginWithPassword({ username: DEMO.username, password: DEMO.password })
      .catch((e) => e);
    expect(error).toBeInstanceOf(TokenEndpointError);
    expect(error.code).toBe(OAUTH_CLIENT_ERROR_CODES.token_endpoint_unavailable);
    expect(error.status).toBe(503);
    expect(error.message).toContain(sandbox.accountUrl);
    expect(error.message).not.toContain(DEMO.password);
    expect(error.message).not.toContain(DEMO.clientSecret);
    expect((await tokenRequestCounts(sandbox.baseUrl)).total).toBe(2);
  });

  it("uses a full tokenEndpoint override alone", async () => {
    const oauth = client({
      baseUrl: undefined,
      accountUrl: undefined,
      tokenEndpoint: `${sandbox.accountUrl}/oauth/token`,
    });
    expect(oauth.tokenEndpoints).toEqual([`${sandbox.accountUrl}/oauth/token`]);
    await oauth.loginWithClientCredentials({ scope: "api" });
    expect((await tokenRequestCounts(sandbox.baseUrl)).by_host).toMatchObject({
      base: 0,
      account: 1,
    });
  });
});

describe("authorization-code flow through the sandbox's pages", () => {
  it("exchanges the URL-decoded code and stores the tokens", async () => {
    const oauth = client();
    const { url, state } = oauth.authorizationUrl();
    expect(state.length).toBeGreaterThanOrEqual(32);
    expect(oauth.authorizationUrl().state).not.toBe(state);
    const authorize = new URL(url);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${sandbox.baseUrl}/oauth/authorize`);
    expect(Object.fromEntries(authorize.searchParams)).toEqual({
      response_type: "code",
      client_id: DEMO.clientId,
      redirect_uri: DEMO.redirectUri,
      state,
    });
    const callback = await authorizeInBrowser(url, "allow");
    // The sandbox's codes hold + / =, which arrive percent-encoded.
    expect(new URL(callback).search).toMatch(/code=[^&]*%2[BF]/i);
    const tokens = await oauth.handleRedirect(callback, state);
    expect(tokens.grantType).toBe("authorization_code");
    expect(tokens.refreshToken).toBeDefined();
    expect(await oauth.accessToken()).toBe(tokens.accessToken);
    const renewed = await oauth.refresh();
    expect(renewed.accessToken).not.toBe(tokens.accessToken);
    const counts = await tokenRequestCounts(sandbox.baseUrl);
    expect(counts.by_grant).toMatchObject({ authorization_code: 1, refresh_token: 1 });
  });

  it("sends the scope and a given state", async () => {
    const { url, state } = client().authorizationUrl({ state: "my-state", scope: "api" });
    expect(state).toBe("my-state");
    expect(new URL(url).searchParams.get("scope")).toBe("api");
  });

  it("rejects a return address whose state is not the one sent, before any token request", async () => {
    const oauth = client();
    const { url } = oauth.authorizationUrl();
    const callback = await authorizeInBrowser(url, "allow");
    const other = oauth.authorizationUrl().state;
    const error = await oauth.handleRedirect(callback, other).catch((e) => e);
    expect(error).toBeInstanceOf(StateMismatchError);
    expect(error.code).toBe(OAUTH_CLIENT_ERROR_CODES.state_mismatch);
    const withoutState = new URL(callback);
    withoutState.searchParams.delete("state");
    await expect(oauth.handleRedirect(withoutState, other)).rejects.toBeInstanceOf(
      StateMismatchError,
    );
    expect((await tokenRequestCounts(sandbox.baseUrl)).total).toBe(0);
    expect(await oauth.tokens()).toBeUndefined();
  });

  it("turns a denied consent (error=access_denied) into AuthorizationDeniedError", async () => {
    const oauth = client();
    const { url, state } = oauth.authorizationUrl();
    const callback = await authorizeInBrowser(url, "deny");
    expect(new URL(callback).searchParams.get("error")).toBe("access_denied");
    const error = await oauth.handleRedirect(callback, state).catch((e) => e);
    expect(error).toBeInstanceOf(AuthorizationDeniedError);
    expect(error).toBeInstanceOf(OAuthError);
    expect(error.code).toBe(OAUTH_CLIENT_ERROR_CODES.authorization_denied);
    expect(error.error).toBe("access_denied");
    expect((await tokenRequestCounts(sandbox.baseUrl)).total).toBe(0);
  });

  it("reports a code used twice as an OAuthError invalid_grant", async () => {
    const oauth = client();
    const { url, state } = oauth.authorizationUrl();
    const callback = await authorizeInBrowser(url, "allow");
    await oauth.handleRedirect(callback, state);
    const error = await oauth.handleRedirect(callback, state).catch((e) => e);
    expect(error).toBeInstanceOf(OAuthError);
    expect(error.error).toBe("invalid_grant");
  });
});

describe("single flight", () => {
  it("500 concurrent accessToken() calls with an expired token cause exactly one token request", async () => {
    const oauth = client();
    const first = await oauth.loginWithPassword({
      username: DEMO.username,
      password: DEMO.password,
    });
    await time.advance(31 * DAY);
    const before = await tokenRequestCounts(sandbox.baseUrl);
    const tokens = await Promise.all(Array.from({ length: 500 }, () => oauth.accessToken()));
    const after = await tokenRequestCounts(sandbox.baseUrl);
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).not.toBe(first.accessToken);
    expect(after.total - before.total).toBe(1);
    expect((after.by_grant.refresh_token ?? 0) - (before.by_grant.refresh_token ?? 0)).toBe(1);
  });

  it("two clients sharing one store in a process renew once between them", async () => {
    const store = new MemoryTokenStore();
    const a = client({ store });
    const b = client({ store });
    await a.loginWithPassword({ username: DEMO.username, password: DEMO.password });
    await time.advance(31 * DAY);
    const tokens = await Promise.all(
      Array.from({ length: 200 }, (_, i) => (i % 2 ? a : b).accessToken()),
    );
    expect(new Set(tokens).size).toBe(1);
    expect((await tokenRequestCounts(sandbox.baseUrl)).by_grant.refresh_token).toBe(1);
  });

  it("renews early by the configured skew, not before", async () => {
    const expiresIn: number[] = [];
    const early = client({ refreshSkewSeconds: 600, fetch: recordingFetch(expiresIn) });
    const tokens = await early.loginWithPassword({
      username: DEMO.username,
      password: DEMO.password,
    });
    const late = client({ refreshSkewSeconds: 0, store: new MemoryTokenStore() });
    await late.store.compareAndSet(late.key, undefined, tokens);
    // Move to 300 seconds before expiry: inside a 600-second skew, outside a 0-second one.
    await time.advance(Math.ceil(secondsUntil(tokens.expiresAt)) - 300);
    expect(await late.accessToken()).toBe(tokens.accessToken);
    expect(await early.accessToken()).not.toBe(tokens.accessToken);
    expect((await tokenRequestCounts(sandbox.baseUrl)).by_grant.refresh_token).toBe(1);
  });

  it("re-acquires client_credentials tokens, never refreshing them, once for 100 concurrent callers", async () => {
    const oauth = client();
    const first = await oauth.loginWithClientCredentials();
    await time.advance(3601);
    const tokens = await Promise.all(Array.from({ length: 100 }, () => oauth.accessToken()));
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).not.toBe(first.accessToken);
    const counts = await tokenRequestCounts(sandbox.baseUrl);
    expect(counts.by_grant.client_credentials).toBe(2);
    expect(counts.by_grant.refresh_token ?? 0).toBe(0);
  });

  it("renews once for many simultaneous 401s of one token, and not again for a token already replaced", async () => {
    const oauth = client();
    const first = await oauth.loginWithPassword({
      username: DEMO.username,
      password: DEMO.password,
    });
    const renewed = await Promise.all(
      Array.from({ length: 50 }, () => oauth.accessToken({ rejected: first.accessToken })),
    );
    expect(new Set(renewed).size).toBe(1);
    expect(renewed[0]).not.toBe(first.accessToken);
    // A late 401 for the old token gets the current token without another renewal.
    expect(await oauth.accessToken({ rejected: first.accessToken })).toBe(renewed[0]);
    expect((await tokenRequestCounts(sandbox.baseUrl)).by_grant.refresh_token).toBe(1);
  });
});

/** One API call with a bearer token, as the REST client makes it. */
function callApi(token: string): Promise<Response> {
  return fetch(`${sandbox.baseUrl}/account/services`, {
    headers: { authorization: `Bearer ${token}`, accept: "application/vnd.furgonetka.v1+json" },
  });
}

describe("the 20-session rule", () => {
  it("recovers a token evicted by 20 newer logins: many 401s at once cause one refresh and one retry each", async () => {
    const oauth = client();
    const first = await oauth.loginWithPassword({
      username: DEMO.username,
      password: DEMO.password,
    });
    expect((await callApi(first.accessToken)).status).toBe(200);
    const elsewhere = client({ store: new MemoryTokenStore() });
    for (let login = 0; login < 20; login++) {
      await elsewhere.loginWithPassword({ username: DEMO.username, password: DEMO.password });
    }
    const before = await tokenRequestCounts(sandbox.baseUrl);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const token = await oauth.accessToken();
        const firstTry = await callApi(token);
        if (firstTry.status !== 401) return [firstTry.status];
        const retry = await callApi(await oauth.accessToken({ rejected: token }));
        return [401, retry.status];
      }),
    );
    expect(outcomes).toEqual(Array.from({ length: 10 }, () => [401, 200]));
    const after = await tokenRequestCounts(sandbox.baseUrl);
    expect(after.total - before.total).toBe(1);
    expect((after.by_grant.refresh_token ?? 0) - (before.by_grant.refresh_token ?? 0)).toBe(1);
    expect(await oauth.accessToken()).not.toBe(first.accessToken);
  });
});

describe("reauthorization", () => {
  it("raises ReauthorizationRequiredError and clears the store when the refresh token was used elsewhere", async () => {
    const oauth = client();
    const tokens = await oauth.loginWithPassword({
      username: DEMO.username,
      password: DEMO.password,
    });
    const elsewhere = client({ store: new MemoryTokenStore() });
    await elsewhere.store.compareAndSet(elsewhere.key, undefined, tokens);
    await elsewhere.refresh();
    const error = await oauth.accessToken({ forceRefresh: true }).catch((e) => e);
    expect(error).toBeInstanceOf(ReauthorizationRequiredError);
    expect(error.code).toBe(OAUTH_CLIENT_ERROR_CODES.reauthorization_required);
    expect(error.reason).toBe("refresh_token_rejected");
    expect(error.cause).toBeInstanceOf(OAuthError);
    expect(error.cause.error).toBe("invalid_grant");
    expect(await oauth.tokens()).toBeUndefined();
    const next = await oauth.accessToken().catch((e) => e);
    expect(next).toBeInstanceOf(ReauthorizationRequiredError);
    expect(next.reason).toBe("not_connected");
  });

  it("raises ReauthorizationRequiredError once the 3-month authorization has run out", async () => {
    const oauth = client();
    await oauth.loginWithPassword({ username: DEMO.username, password: DEMO.password });
    await time.advance(31 * DAY);
    await oauth.accessToken();
    await time.advance(31 * DAY);
    await oauth.accessToken();
    await time.advance(31 * DAY);
    const error = await oauth.accessToken().catch((e) => e);
    expect(error).toBeInstanceOf(ReauthorizationRequiredError);
    expect(error.reason).toBe("refresh_token_rejected");
    expect((await tokenRequestCounts(sandbox.baseUrl)).by_grant.refresh_token).toBe(3);
  });

  it("asks to connect when nothing is stored, and disconnect() forgets the tokens", async () => {
    const oauth = client();
    await expect(oauth.accessToken()).rejects.toMatchObject({
      code: "reauthorization_required",
      reason: "not_connected",
    });
    await oauth.loginWithClientCredentials();
    await oauth.disconnect();
    expect(await oauth.tokens()).toBeUndefined();
    await expect(oauth.accessToken()).rejects.toBeInstanceOf(ReauthorizationRequiredError);
  });
});

describe("secrets stay out of printed forms", () => {
  it("shows the client and its tokens without the secret or any token", async () => {
    const oauth = client();
    const tokens = await oauth.loginWithPassword({
      username: DEMO.username,
      password: DEMO.password,
    });
    const secrets = [
      DEMO.clientSecret,
      DEMO.password,
      tokens.accessToken,
      tokens.refreshToken ?? "missing",
    ];
    const shown = [
      inspect(oauth, { depth: 10, showHidden: true }),
      String(oauth),
      JSON.stringify(oauth),
      inspect(tokens, { depth: 10, showHidden: true }),
      String(tokens),
      JSON.stringify({ tokens }),
      inspect(oauth.store, { depth: 10 }),
      inspect(await oauth.store.get(oauth.key), { depth: 10 }),
    ].join("\n");
    expect(shown).toContain(DEMO.clientId);
    for (const secret of secrets) expect(shown).not.toContain(secret);
  });

  it("keeps the password out of the error of a failed password login", async () => {
    const error = await client()
      .loginWithPassword({ username: DEMO.username, password: "not-the-password-123" })
      .catch((e) => e);
    expect(error).toBeInstanceOf(OAuthError);
    expect(error.error).toBe("invalid_grant");
    expect(`${error.message} ${inspect(error)}`).not.toContain("not-the-password-123");
  });

  it("names the field of a bad option", () => {
    expect(
      () => new OAuthClient({ clientId: "", clientSecret: "x", baseUrl: "http://127.0.0.1" }),
    ).toThrow(/clientId/);
    expect(() => new OAuthClient({ clientId: "a", clientSecret: "x" })).toThrow(/baseUrl/);
    expect(
      () => new OAuthClient({ clientId: "a", clientSecret: "x", baseUrl: "not a url" }),
    ).toThrow(/baseUrl/);
    expect(() => client({ redirectUri: undefined }).authorizationUrl()).toThrow(/redirectUri/);
    expect(() => client({ refreshSkewSeconds: -1 })).toThrow(/refreshSkewSeconds/);
  });
});
