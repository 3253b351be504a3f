// GET /oauth/authorize, the login and consent pages, and the life of an
// authorization code (spec 3.1): issued -> valid -> used, valid -> expired.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP, OTHER_APP, TestSandbox, USER } from "../../test/sandbox-fixture.ts";
import { CookieJar, readForm } from "./browser-login.ts";

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await TestSandbox.start();
});
afterAll(() => sandbox.close());

async function openLogin(params: Record<string, string> = {}) {
  const jar = new CookieJar();
  const response = await fetch(sandbox.authorizationUrl(params), { redirect: "manual" });
  jar.store(response);
  expect(response.status).toBe(200);
  const html = await response.text();
  return { jar, html, form: readForm(html) };
}

function submit(action: string, jar: CookieJar | null, fields: Record<string, string>) {
  return fetch(new URL(action, sandbox.baseUrl), {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(jar ? { cookie: jar.header() } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

async function openConsent() {
  const login = await openLogin({ state: "s1" });
  const response = await submit(login.form.action, login.jar, { ...login.form.fields, ...USER });
  login.jar.store(response);
  expect(response.status).toBe(200);
  const html = await response.text();
  return { jar: login.jar, html, form: readForm(html) };
}

function exchange(code: string, redirectUri = APP.redirect_uri, client = APP) {
  return sandbox.token(
    { grant_type: "authorization_code", code, redirect_uri: redirectUri },
    { client },
  );
}

describe("the pages", () => {
  it("shows a login form with username and password and a hidden CSRF token plus cookie", async () => {
    const { html, form, jar } = await openLogin();
    expect(html).toMatch(/<input[^>]*name="username"/);
    expect(html).toMatch(/<input[^>]*type="password"[^>]*name="password"/);
    expect(form.fields.csrf_token).toBeTruthy();
    expect(jar.header()).toContain(form.fields.csrf_token);
  });

  it("shows a consent form with decision buttons allow and deny after login", async () => {
    const { html } = await openConsent();
    expect(html).toMatch(/<button[^>]*name="decision"[^>]*value="allow"/);
    expect(html).toMatch(/<button[^>]*name="decision"[^>]*value="deny"/);
  });

  it("shows the login page again (401) for a wrong password", async () => {
    const login = await openLogin();
    const response = await submit(login.form.action, login.jar, {
      ...login.form.fields,
      username: USER.username,
      password: "wrong",
    });
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(html).toContain("Nieprawidłowa nazwa użytkownika lub hasło.");
    expect(html).not.toContain('wrong"');
  });
});

describe("CSRF protection", () => {
  it("refuses the login form without the cookie", async () => {
    const login = await openLogin();
    const response = await submit(login.form.action, null, { ...login.form.fields, ...USER });
    expect(response.status).toBe(403);
  });

  it("refuses the login form with a forged token", async () => {
    const login = await openLogin();
    const response = await submit(login.form.action, login.jar, {
      ...login.form.fields,
      csrf_token: "forged",
      ...USER,
    });
    expect(response.status).toBe(403);
  });

  it("refuses the consent form without the cookie, and issues no code", async () => {
    const consent = await openConsent();
    const response = await submit(consent.form.action, null, {
      ...consent.form.fields,
      decision: "allow",
    });
    expect(response.status).toBe(403);
    expect(response.headers.get("location")).toBeNull();
  });

  it("refuses the consent form with the login page's (rotated) token", async () => {
    const login = await openLogin();
    const loggedIn = await submit(login.form.action, login.jar, { ...login.form.fields, ...USER });
    expect(loggedIn.status).toBe(200);
    const response = await submit("/oauth/authorize/consent", login.jar, {
      ...login.form.fields,
      decision: "allow",
    });
    expect(response.status).toBe(403);
  });

  it("refuses a form after the authorization request expired (10 minutes)", async () => {
    const login = await openLogin();
    await sandbox.advance(601);
    const response = await submit(login.form.action, login.jar, { ...login.form.fields, ...USER });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("To żądanie autoryzacji jest nieznane albo wygasło.");
  });

  it("refuses consent before login", async () => {
    const login = await openLogin();
    const response = await submit("/oauth/authorize/consent", login.jar, {
      ...login.form.fields,
      decision: "allow",
    });
    expect(response.status).toBe(400);
  });
});

describe("redirects", () => {
  it("echoes state exactly, with the code, to the registered address", async () => {
    const state = "a b/c+d=e&f?g%h ż";
    const back = await sandbox.authorize({ state });
    expect(`${back.origin}${back.pathname}`).toBe(APP.redirect_uri);
    expect(back.searchParams.get("state")).toBe(state);
    expect(back.searchParams.get("code")).toBeTruthy();
  });

  it("sends no state when none was sent", async () => {
    const back = await sandbox.authorize();
    expect(back.searchParams.has("state")).toBe(false);
  });

  it("keeps the registered address's own query", async () => {
    const url = new URL(`${sandbox.baseUrl}/oauth/authorize`);
    url.search = new URLSearchParams({
      response_type: "code",
      client_id: OTHER_APP.client_id,
      redirect_uri: OTHER_APP.redirect_uri,
      state: "x",
    }).toString();
    const { authorizeInBrowser } = await import("./browser-login.ts");
    const back = new URL(await authorizeInBrowser(url.toString(), USER));
    expect(back.searchParams.get("tenant")).toBe("7");
    expect(back.searchParams.get("code")).toBeTruthy();
  });

  it("redirects a denial with error=access_denied and the state", async () => {
    const back = await sandbox.authorize({ state: "deny-me" }, { decision: "deny" });
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("state")).toBe("deny-me");
    expect(back.searchParams.has("code")).toBe(false);
  });

  it("redirects a wrong response_type with unsupported_response_type", async () => {
    const response = await fetch(sandbox.authorizationUrl({ response_type: "token", state: "z" }), {
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    const back = new URL(response.headers.get("location") as string);
    expect(back.searchParams.get("error")).toBe("unsupported_response_type");
    expect(back.searchParams.get("state")).toBe("z");
  });

  it("redirects a missing response_type with invalid_request", async () => {
    const url = new URL(sandbox.authorizationUrl());
    url.searchParams.delete("response_type");
    const response = await fetch(url, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("location") as string).searchParams.get("error")).toBe(
      "invalid_request",
    );
  });
});

describe("error pages instead of redirects", () => {
  it.each([
    ["an unknown client", { client_id: "nobody" }],
    ["a redirect_uri that does not match", { redirect_uri: `${APP.redirect_uri}/other` }],
    ["a redirect_uri differing only by a trailing slash", { redirect_uri: `${APP.redirect_uri}/` }],
    ["a missing client_id", { client_id: "" }],
    ["a missing redirect_uri", { redirect_uri: "" }],
  ])("shows an HTML error page (400) for %s, never redirecting", async (_, params) => {
    const response = await fetch(sandbox.authorizationUrl({ ...params, state: "s" }), {
      redirect: "manual",
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
    expect(response.headers.get("content-type")).toContain("text/html");
  });

  it("shows the error page even when response_type is also wrong", async () => {
    const response = await fetch(
      sandbox.authorizationUrl({ redirect_uri: "https://evil.example/cb", response_type: "token" }),
      { redirect: "manual" },
    );
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
  });
});

describe("authorization code (spec 3.1)", () => {
  it("is issued with characters that need URL-encoding (/, + and =)", async () => {
    const back = await sandbox.authorize();
    const code = back.searchParams.get("code") as string;
    expect(code).toMatch(/\//);
    expect(code).toMatch(/\+/);
    expect(code).toMatch(/=$/);
    expect(back.search).toContain("%2F");
    expect(back.search).toContain("%2B");
  });

  it("valid -> used: the first exchange within 30 seconds issues access and refresh tokens", async () => {
    const code = await sandbox.code();
    await sandbox.advance(29);
    const answer = await exchange(code);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ token_type: "Bearer", expires_in: 2_592_000 });
    expect(typeof answer.body.refresh_token).toBe("string");
  });

  it("valid -> expired: after 30 seconds by the sandbox clock the code is refused", async () => {
    const code = await sandbox.code();
    await sandbox.advance(30);
    expect(await exchange(code)).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });

  it("fails for a client that forgets to URL-decode the code", async () => {
    const back = await sandbox.authorize();
    const raw = /[?&]code=([^&]*)/.exec(back.search)?.[1] as string;
    expect(raw).not.toBe(back.searchParams.get("code"));
    expect(await exchange(raw)).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    // A client that decodes but then sends the code without form-encoding turns + into a space.
    const response = await fetch(`${sandbox.baseUrl}/oauth/token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: (await import("../../test/sandbox-fixture.ts")).basic(
          APP.client_id,
          APP.client_secret,
        ),
      },
      body: `grant_type=authorization_code&redirect_uri=${encodeURIComponent(APP.redirect_uri)}&code=${back.searchParams.get("code")}`,
    });
    expect(response.status).toBe(400);
    // The code was not consumed by the failures: decoded properly, it works.
    expect((await exchange(back.searchParams.get("code") as string)).status).toBe(200);
  });

  it("is bound to the redirect_uri", async () => {
    const code = await sandbox.code();
    expect(await exchange(code, `${APP.redirect_uri}?x=1`)).toMatchObject({
      status: 400,
      body: { error: "invalid_grant" },
    });
  });

  it("is bound to the client", async () => {
    const code = await sandbox.code();
    expect(await exchange(code, APP.redirect_uri, OTHER_APP)).toMatchObject({
      status: 400,
      body: { error: "invalid_grant" },
    });
    expect((await exchange(code)).status).toBe(200);
  });

  it("used -> refused: a second use is invalid_grant and revokes the tokens issued from it", async () => {
    const code = await sandbox.code();
    const first = await exchange(code);
    expect(first.status).toBe(200);
    expect((await sandbox.whoami(first.body.access_token as string)).status).toBe(200);
    expect(await exchange(code)).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    const check = await sandbox.whoami(first.body.access_token as string);
    expect(check.status).toBe(401);
    expect(await check.json()).toMatchObject({ error: "invalid_token" });
    const refresh = await sandbox.token({
      grant_type: "refresh_token",
      refresh_token: first.body.refresh_token as string,
    });
    expect(refresh).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });

  it("keeps the requested scope, api by default", async () => {
    const { decodeJwt } = await import("jose");
    const plain = await exchange(await sandbox.code());
    expect(decodeJwt(plain.body.access_token as string).scope).toBe("api");
    const scoped = await exchange(await sandbox.code({ scope: "api" }));
    expect(decodeJwt(scoped.body.access_token as string).scope).toBe("api");
  });
});
