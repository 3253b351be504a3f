// Runs the token endpoint rows of the spec table against the sandbox over
// HTTP at both token addresses, then the rules that take several steps (the
// authorization code's single use and 30 seconds, redirect_uri at the
// authorization endpoint, single-use refresh tokens, 20 sessions, 3 months),
// and the same rules as core's OAuthClient meets them.
import { OAuthClient, OAuthError, ReauthorizationRequiredError } from "@shipbridge/core";
import type { TokenSet } from "@shipbridge/core/oauth";
import { authorizeInBrowser } from "@shipbridge/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { followSandboxClock, tokenRequestCounts } from "../testing/oauth-sandbox.ts";
import { DEMO } from "../testing/sandbox-server.ts";
import {
  type ClientAuth,
  CODE,
  PASSWORD,
  REFRESH_TOKEN,
  REGISTERED_REDIRECT,
  TOKEN_CASES,
  type TokenOutcome,
  USERNAME,
} from "./oauth-cases.ts";
import { basic, DEMO_BASIC, type HttpAnswer, SpecSandbox } from "./spec-sandbox.ts";

const REDIRECT_URI = "http://127.0.0.1:3000/oauth/callback";
const HOSTS = ["base", "account"] as const;
const DAY = 24 * 3600;

function authorizeUrl(sandbox: SpecSandbox, params: Record<string, string>): string {
  const url = new URL(`${sandbox.baseUrl}/oauth/authorize`);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.href;
}

/** The return address after the demo user logs in and allows access. */
async function consent(sandbox: SpecSandbox, params: Record<string, string> = {}): Promise<URL> {
  const back = await authorizeInBrowser(
    authorizeUrl(sandbox, {
      response_type: "code",
      client_id: DEMO.clientId,
      redirect_uri: REDIRECT_URI,
      ...params,
    }),
    { username: DEMO.username, password: DEMO.password },
  );
  return new URL(back);
}

async function freshCode(sandbox: SpecSandbox): Promise<string> {
  const code = (await consent(sandbox)).searchParams.get("code");
  if (code === null) throw new Error("the return address carries no code");
  return code;
}

function codeGrant(code: string, redirectUri = REDIRECT_URI): Record<string, string> {
  return { grant_type: "authorization_code", code, redirect_uri: redirectUri };
}

async function freshRefreshToken(sandbox: SpecSandbox): Promise<string> {
  return (await sandbox.passwordLogin()).body.refresh_token;
}

/** Replaces the placeholders of a row's form with fresh values. */
async function resolveForm(
  sandbox: SpecSandbox,
  form: Readonly<Record<string, string>>,
): Promise<Record<string, string>> {
  const resolved: Record<string, string> = {};
  for (const [name, value] of Object.entries(form)) {
    if (value === CODE) resolved[name] = await freshCode(sandbox);
    else if (value === REFRESH_TOKEN) resolved[name] = await freshRefreshToken(sandbox);
    else if (value === REGISTERED_REDIRECT) resolved[name] = REDIRECT_URI;
    else if (value === USERNAME) resolved[name] = DEMO.username;
    else if (value === PASSWORD) resolved[name] = DEMO.password;
    else resolved[name] = value;
  }
  return resolved;
}

function authorizationOf(auth: ClientAuth): string | null {
  if (auth === "basic") return DEMO_BASIC;
  if (auth === "wrong_secret") return basic(DEMO.clientId, "not-the-secret");
  return null;
}

function decodeJwtPart(part: string | undefined): unknown {
  return JSON.parse(Buffer.from(part ?? "", "base64url").toString("utf8"));
}

function expectTokenAnswer(answer: HttpAnswer, outcome: TokenOutcome): void {
  expect(answer.headers.get("content-type") ?? "").toMatch(/^application\/json/);
  if ("error" in outcome) {
    expect(answer.body.error).toBe(outcome.error);
    expect(outcome.status).toContain(answer.status);
    expect(answer.body).not.toHaveProperty("access_token");
    return;
  }
  expect(answer.status).toBe(200);
  expect(answer.body.token_type).toBe("Bearer");
  expect(Number.isInteger(answer.body.expires_in)).toBe(true);
  expect(answer.body.expires_in).toBeGreaterThan(0);
  if (outcome.expiresIn !== undefined) expect(answer.body.expires_in).toBe(outcome.expiresIn);
  // 1.4: access tokens are JWTs (three base64url parts, the first two JSON).
  const parts = String(answer.body.access_token).split(".");
  expect(parts).toHaveLength(3);
  expect(decodeJwtPart(parts[0])).toHaveProperty("alg");
  expect(decodeJwtPart(parts[1])).toBeTypeOf("object");
  if (outcome.refreshToken) expect(answer.body.refresh_token).toBeTypeOf("string");
  else expect(answer.body).not.toHaveProperty("refresh_token");
}

describe("spec table: the token endpoint, over HTTP at both addresses (4.2, 9.10)", () => {
  let sandbox: SpecSandbox;
  beforeAll(async () => {
    sandbox = await SpecSandbox.start();
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  for (const row of TOKEN_CASES) {
    for (const host of HOSTS) {
      it(`§${row.section} ${row.title} (at {${host}_url})`, async () => {
        const form = await resolveForm(sandbox, row.form);
        if (row.auth === "form_fields") {
          form["client_id"] = DEMO.clientId;
          form["client_secret"] = DEMO.clientSecret;
        }
        const answer = await sandbox.token(form, {
          host,
          authorization: authorizationOf(row.auth),
        });
        expectTokenAnswer(answer, row.expect);
      });
    }
  }
});

describe("spec table: authorization and tokens over time, over HTTP", () => {
  let sandbox: SpecSandbox;
  beforeAll(async () => {
    sandbox = await SpecSandbox.start();
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it("§2.2 the return address carries the code and echoes state; no state when none was sent", async () => {
    const withState = await consent(sandbox, { state: "csrf-123" });
    expect(withState.origin + withState.pathname).toBe(REDIRECT_URI);
    expect(withState.searchParams.get("code")).toBeTruthy();
    expect(withState.searchParams.get("state")).toBe("csrf-123");
    const without = await consent(sandbox);
    expect(without.searchParams.get("code")).toBeTruthy();
    expect(without.searchParams.has("state")).toBe(false);
  });

  for (const [first, second] of [
    ["base", "base"],
    ["base", "account"],
  ] as const) {
    it(`§3.1 §8 an authorization code is single use (first at {${first}_url}, again at {${second}_url})`, async () => {
      const code = await freshCode(sandbox);
      expectTokenAnswer(await sandbox.token(codeGrant(code), { host: first }), {
        status: 200,
        refreshToken: true,
      });
      expectTokenAnswer(await sandbox.token(codeGrant(code), { host: second }), {
        error: "invalid_grant",
        status: [400],
      });
    });
  }

  it("§3.1 §8 an authorization code is valid 30 seconds", async () => {
    const young = await freshCode(sandbox);
    const old = await freshCode(sandbox);
    await sandbox.advance(29);
    expectTokenAnswer(await sandbox.token(codeGrant(young)), { status: 200, refreshToken: true });
    await sandbox.advance(2);
    expectTokenAnswer(await sandbox.token(codeGrant(old)), {
      error: "invalid_grant",
      status: [400],
    });
  });

  for (const other of [
    "http://127.0.0.1:3000/oauth/other",
    "http://127.0.0.1:3001/oauth/callback",
    "http://127.0.0.1:3000/oauth/callback/",
    "http://127.0.0.1:3000/oauth/callback?next=1",
  ]) {
    it(`§4.1 §7.1 /oauth/authorize refuses the unregistered redirect_uri ${other} without redirecting to it`, async () => {
      const answer = await sandbox.get(
        authorizeUrl(sandbox, {
          response_type: "code",
          client_id: DEMO.clientId,
          redirect_uri: other,
          state: "s",
        }),
      );
      // RFC 6749 4.1.2.1: inform the user, never redirect to an invalid redirect_uri.
      expect(answer.status).toBe(400);
      expect(answer.headers.get("location")).toBeNull();
    });
  }

  it("§4.1 /oauth/authorize refuses an unknown client_id without redirecting", async () => {
    const answer = await sandbox.get(
      authorizeUrl(sandbox, {
        response_type: "code",
        client_id: "no-such-client",
        redirect_uri: REDIRECT_URI,
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.headers.get("location")).toBeNull();
  });

  it("§4.1 response_type other than code returns unsupported_response_type to the registered address", async () => {
    const answer = await sandbox.get(
      authorizeUrl(sandbox, {
        response_type: "token",
        client_id: DEMO.clientId,
        redirect_uri: REDIRECT_URI,
        state: "s1",
      }),
    );
    // RFC 6749 4.1.2.1: the redirect_uri is valid, so the error goes back on it with the state.
    expect(answer.status).toBeGreaterThanOrEqual(300);
    expect(answer.status).toBeLessThan(400);
    const back = new URL(answer.headers.get("location") ?? "", sandbox.baseUrl);
    expect(back.origin + back.pathname).toBe(REDIRECT_URI);
    expect(back.searchParams.get("error")).toBe("unsupported_response_type");
    expect(back.searchParams.get("state")).toBe("s1");
  });

  it("§4.1 §5.7 without scope the scope is api: the token opens the REST API", async () => {
    const code = await freshCode(sandbox);
    const viaCode = await sandbox.token(codeGrant(code));
    const viaPassword = await sandbox.passwordLogin();
    for (const token of [viaCode.body.access_token, viaPassword.body.access_token]) {
      const services = await sandbox.call("GET", "/account/services", { token });
      expect(services.status).toBe(200);
    }
  });

  for (const host of HOSTS) {
    it(`§3.2 §5.4 a refresh token is single use (at {${host}_url})`, async () => {
      const refreshToken = await freshRefreshToken(sandbox);
      const grant = { grant_type: "refresh_token", refresh_token: refreshToken };
      const first = await sandbox.token(grant, { host });
      expectTokenAnswer(first, { status: 200, refreshToken: true });
      expect(first.body.refresh_token).not.toBe(refreshToken);
      expectTokenAnswer(await sandbox.token(grant, { host }), {
        error: "invalid_grant",
        status: [400],
      });
    });
  }

  it("§3.3 §5.6 §8 a 21st session invalidates the oldest token and no other", async () => {
    const fresh = await SpecSandbox.start();
    try {
      const tokens: string[] = [];
      for (let i = 0; i < 21; i++) {
        const login = await fresh.passwordLogin();
        expect(login.status).toBe(200);
        tokens.push(login.body.access_token);
        await fresh.advance(1);
      }
      const status = async (token: string | undefined) =>
        (await fresh.call("GET", "/account/services", { token: token ?? "" })).status;
      expect(await status(tokens[0])).toBe(401);
      for (const token of tokens.slice(1)) expect(await status(token)).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it("§2.1 §8 access tokens open the REST API until expires_in and not after", async () => {
    const fresh = await SpecSandbox.start();
    try {
      const user = await fresh.passwordLogin();
      const system = await fresh.token({ grant_type: "client_credentials" });
      // 2.1: the documented 30 days, and the sample answers' 2588400 and 2678400 seconds.
      expect(user.body.expires_in).toBeGreaterThanOrEqual(2588400);
      expect(user.body.expires_in).toBeLessThanOrEqual(2678400);
      expect(system.body.expires_in).toBe(3600);
      const status = async (token: string) =>
        (await fresh.call("GET", "/configuration/allowed-countries", { token })).status;
      await fresh.advance(3600 - 1);
      expect(await status(system.body.access_token)).toBe(200);
      await fresh.advance(2);
      expect(await status(system.body.access_token)).toBe(401);
      await fresh.advance(user.body.expires_in - 3600 - 2);
      expect(await status(user.body.access_token)).toBe(200);
      await fresh.advance(2);
      expect(await status(user.body.access_token)).toBe(401);
    } finally {
      await fresh.close();
    }
  });

  it("§2.1 §5.4 §8 refreshing extends the authorization up to 3 months, not beyond", async () => {
    const fresh = await SpecSandbox.start("2026-01-10T12:00:00Z");
    try {
      let refreshToken = await freshRefreshToken(fresh);
      const refresh = () =>
        fresh.token({ grant_type: "refresh_token", refresh_token: refreshToken });
      // 88 days is within 3 months from any start date.
      for (const step of [25, 25, 25, 13]) {
        await fresh.advance(step * DAY);
        const answer = await refresh();
        expectTokenAnswer(answer, { status: 200, refreshToken: true });
        refreshToken = answer.body.refresh_token;
      }
      // 93 days is beyond 3 months from any start date.
      await fresh.advance(5 * DAY);
      expectTokenAnswer(await refresh(), { error: "invalid_grant", status: [400] });
    } finally {
      await fresh.close();
    }
  });
});

describe("spec table: the OAuth rules as core's OAuthClient meets them", () => {
  let sandbox: SpecSandbox;
  beforeAll(async () => {
    sandbox = await SpecSandbox.start();
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  function client(options: { host?: "base" | "account"; clock?: () => Date } = {}): OAuthClient {
    const tokenHost = options.host === "account" ? sandbox.accountUrl : sandbox.baseUrl;
    return new OAuthClient({
      clientId: DEMO.clientId,
      clientSecret: DEMO.clientSecret,
      redirectUri: REDIRECT_URI,
      baseUrl: sandbox.baseUrl,
      tokenEndpoint: `${tokenHost}/oauth/token`,
      ...(options.clock === undefined ? {} : { clock: options.clock }),
    });
  }

  it("§4.1 the authorization address: response_type code, client_id, the registered redirect_uri, state", () => {
    const { url, state } = client().authorizationUrl();
    const parsed = new URL(url);
    expect(parsed.origin + parsed.pathname).toBe(`${sandbox.baseUrl}/oauth/authorize`);
    expect(parsed.searchParams.get("response_type")).toBe("code");
    expect(parsed.searchParams.get("client_id")).toBe(DEMO.clientId);
    expect(parsed.searchParams.get("redirect_uri")).toBe(REDIRECT_URI);
    expect(parsed.searchParams.get("state")).toBe(state);
    expect(state.length).toBeGreaterThan(0);
  });

  for (const host of HOSTS) {
    it(`§2.1 §4.2 §9.10 each grant through the token endpoint at {${host}_url}`, async () => {
      const expectBearer = (tokens: TokenSet, refresh: boolean) => {
        expect(tokens.tokenType).toBe("Bearer");
        expect(tokens.accessToken.split(".")).toHaveLength(3);
        expect(tokens.refreshToken !== undefined).toBe(refresh);
      };
      expectBearer(await client({ host }).loginWithClientCredentials(), false);
      const user = client({ host });
      expectBearer(await user.loginWithPassword(DEMO), true);
      expectBearer(await user.refresh(), true);
      const browser = client({ host });
      const { url, state } = browser.authorizationUrl();
      const back = await authorizeInBrowser(url, DEMO);
      expectBearer(await browser.handleRedirect(back, state), true);
    });
  }

  it("§2.1 §8 a client_credentials token lasts 3600 seconds and is renewed without a refresh grant", async () => {
    const before = await tokenRequestCounts(sandbox.baseUrl);
    const system = client();
    const tokens = await system.loginWithClientCredentials();
    expect(tokens.expiresAt?.getTime()).toBe((tokens.issuedAt?.getTime() ?? 0) + 3600 * 1000);
    await system.refresh();
    const after = await tokenRequestCounts(sandbox.baseUrl);
    expect(
      (after.by_grant["client_credentials"] ?? 0) - (before.by_grant["client_credentials"] ?? 0),
    ).toBe(2);
    expect(after.by_grant["refresh_token"] ?? 0).toBe(before.by_grant["refresh_token"] ?? 0);
  });

  it("§3.1 a return address used twice: the code is spent, core reports invalid_grant", async () => {
    const first = client();
    const { url, state } = first.authorizationUrl();
    const back = await authorizeInBrowser(url, DEMO);
    await first.handleRedirect(back, state);
    const error = await client()
      .handleRedirect(back, state)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OAuthError);
    expect((error as OAuthError).error).toBe("invalid_grant");
    expect((error as OAuthError).status).toBe(400);
  });

  it("§2.1 §5.4 §8 after 3 months of refreshing, core asks for the account to be connected again", async () => {
    const fresh = await SpecSandbox.start("2026-01-10T12:00:00Z");
    try {
      const time = await followSandboxClock(fresh.baseUrl);
      const user = new OAuthClient({
        clientId: DEMO.clientId,
        clientSecret: DEMO.clientSecret,
        baseUrl: fresh.baseUrl,
        accountUrl: fresh.accountUrl,
        clock: time.clock,
      });
      await user.loginWithPassword(DEMO);
      for (const step of [25, 25, 25, 13]) {
        await time.advance(step * DAY);
        await user.refresh();
      }
      await time.advance(5 * DAY);
      const error = await user.refresh().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ReauthorizationRequiredError);
      expect((error as ReauthorizationRequiredError).reason).toBe("refresh_token_rejected");
    } finally {
      await fresh.close();
    }
  });
});
