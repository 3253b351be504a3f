// POST /oauth/token: request format, HTTP Basic client authentication, the
// grants' required parameters and errors, and both token addresses.
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP, basic, ODD_APP, OTHER_APP, TestSandbox, USER } from "../../test/sandbox-fixture.ts";

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await TestSandbox.start();
});
afterAll(() => sandbox.close());

function post(url: string, headers: Record<string, string>, body: string) {
  return fetch(url, { method: "POST", headers, body });
}

describe("request format", () => {
  it("refuses a JSON body with 400 invalid_request", async () => {
    const response = await post(
      `${sandbox.baseUrl}/oauth/token`,
      {
        "content-type": "application/json",
        authorization: basic(APP.client_id, APP.client_secret),
      },
      JSON.stringify({ grant_type: "client_credentials" }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_request" });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("refuses a parameter given twice", async () => {
    const response = await post(
      `${sandbox.baseUrl}/oauth/token`,
      {
        "content-type": "application/x-www-form-urlencoded",
        authorization: basic(APP.client_id, APP.client_secret),
      },
      "grant_type=client_credentials&grant_type=password",
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_request" });
  });

  describe("a body that is not UTF-8", () => {
    const passwordForm = (password: string) =>
      `grant_type=password&username=${encodeURIComponent(USER.username)}&password=${password}`;
    const send = (contentType: string, body: string | Uint8Array<ArrayBuffer>) =>
      fetch(`${sandbox.baseUrl}/oauth/token`, {
        method: "POST",
        headers: {
          "content-type": contentType,
          authorization: basic(APP.client_id, APP.client_secret),
        },
        body,
      });
    const latin1 = new Uint8Array([
      ...Buffer.from(passwordForm("caf")),
      0xe9, // é in ISO 8859-1: not UTF-8
    ]);

    it.each([
      [
        "charset=iso-8859-1",
        "application/x-www-form-urlencoded; charset=iso-8859-1",
        passwordForm(encodeURIComponent(USER.password)),
        /charset iso-8859-1.*UTF-8/,
      ],
      [
        "raw non-UTF-8 bytes",
        "application/x-www-form-urlencoded",
        latin1,
        /value of password is not valid UTF-8/,
      ],
      [
        "percent-encoded non-UTF-8 bytes",
        "application/x-www-form-urlencoded",
        passwordForm("caf%E9"),
        /value of password is not valid UTF-8/,
      ],
    ])("refuses %s with 400 invalid_request saying why", async (_, type, body, description) => {
      const response = await send(type, body);
      expect(response.status).toBe(400);
      const answer = await response.json();
      expect(answer.error).toBe("invalid_request");
      expect(answer.error_description).toMatch(description);
      // The value itself (a password) is never echoed.
      expect(answer.error_description).not.toContain("caf");
      expect(answer.error_description).not.toContain(USER.password);
    });

    it("does not count toward the user's lockout, and accepts charset=utf-8", async () => {
      for (let i = 0; i < 6; i++) {
        expect((await send("application/x-www-form-urlencoded", latin1)).status).toBe(400);
        expect(
          (
            await send(
              "application/x-www-form-urlencoded; charset=ISO-8859-1",
              passwordForm("wrong"),
            )
          ).status,
        ).toBe(400);
      }
      const response = await send(
        "application/x-www-form-urlencoded; charset=UTF-8",
        passwordForm(encodeURIComponent(USER.password)),
      );
      expect(response.status).toBe(200);
    });
  });

  it("answers GET with 405 and Allow: POST", async () => {
    const response = await fetch(`${sandbox.baseUrl}/oauth/token`);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toContain("POST");
  });

  it("requires grant_type and refuses unknown grants", async () => {
    expect(await sandbox.token({})).toMatchObject({
      status: 400,
      body: { error: "invalid_request" },
    });
    expect(await sandbox.token({ grant_type: "implicit" })).toMatchObject({
      status: 400,
      body: { error: "unsupported_grant_type" },
    });
  });

  it.each([
    ["authorization_code", { redirect_uri: APP.redirect_uri }, "code"],
    ["authorization_code", { code: "abc" }, "redirect_uri"],
    ["refresh_token", {}, "refresh_token"],
    ["password", { password: USER.password }, "username"],
    ["password", { username: USER.username }, "password"],
  ])("grant %s without %j's companion %s is invalid_request", async (grant, params, missing) => {
    const answer = await sandbox.token({ grant_type: grant, ...params });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: "invalid_request" });
    expect(String(answer.body.error_description)).toContain(missing);
  });
});

describe("client authentication: HTTP Basic only", () => {
  it("refuses a request without credentials with 401 invalid_client and WWW-Authenticate: Basic", async () => {
    const answer = await sandbox.token({ grant_type: "client_credentials" }, { client: null });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ error: "invalid_client" });
    expect(answer.headers.get("www-authenticate")).toMatch(/^Basic /);
  });

  it("refuses credentials in the body alone with 401 invalid_client", async () => {
    const answer = await sandbox.token(
      {
        grant_type: "client_credentials",
        client_id: APP.client_id,
        client_secret: APP.client_secret,
      },
      { client: null },
    );
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ error: "invalid_client" });
  });

  it("refuses a client_secret in the body beside Basic with 400 invalid_request", async () => {
    const answer = await sandbox.token({
      grant_type: "client_credentials",
      client_secret: APP.client_secret,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: "invalid_request" });
  });

  it("refuses a body client_id that differs from the Basic one", async () => {
    const answer = await sandbox.token({
      grant_type: "client_credentials",
      client_id: OTHER_APP.client_id,
    });
    expect(answer).toMatchObject({ status: 400, body: { error: "invalid_request" } });
  });

  it("refuses a wrong secret and an unknown client with 401 invalid_client", async () => {
    for (const client of [
      { client_id: APP.client_id, client_secret: "not-the-secret-42" },
      { client_id: "nobody", client_secret: "nobodys-secret-42" },
    ]) {
      const answer = await sandbox.token({ grant_type: "client_credentials" }, { client });
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ error: "invalid_client" });
      expect(answer.headers.get("www-authenticate")).toMatch(/^Basic /);
      expect(JSON.stringify(answer.body)).not.toContain(client.client_secret);
    }
  });

  it("refuses a malformed Basic header", async () => {
    const response = await post(
      `${sandbox.baseUrl}/oauth/token`,
      { "content-type": "application/x-www-form-urlencoded", authorization: "Basic !!!" },
      "grant_type=client_credentials",
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: "invalid_client" });
  });

  it("URL-decodes the client id and secret of the Basic credentials (RFC 6749 2.3.1)", async () => {
    const answer = await sandbox.token({ grant_type: "client_credentials" }, { client: ODD_APP });
    expect(answer.status).toBe(200);
    expect(decodeJwt(answer.body.access_token as string).client_id).toBe(ODD_APP.client_id);
    const raw = `Basic ${Buffer.from(`${ODD_APP.client_id}:${ODD_APP.client_secret}`).toString("base64")}`;
    const response = await post(
      `${sandbox.baseUrl}/oauth/token`,
      { "content-type": "application/x-www-form-urlencoded", authorization: raw },
      "grant_type=client_credentials",
    );
    expect(response.status).toBe(401);
  });
});

describe("password grant", () => {
  it("issues a Bearer JWT valid 30 days with a refresh token and default scope api", async () => {
    const answer = await sandbox.token({ grant_type: "password", ...USER });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.body.token_type).toBe("Bearer");
    expect(answer.body.expires_in).toBe(2_592_000);
    expect(typeof answer.body.refresh_token).toBe("string");
    const claims = decodeJwt(answer.body.access_token as string);
    expect(claims).toMatchObject({ sub: USER.username, client_id: APP.client_id, scope: "api" });
    expect((claims.exp as number) - (claims.iat as number)).toBe(2_592_000);
    expect(typeof claims.jti).toBe("string");
  });

  it("refuses a wrong password or an unknown user with invalid_grant", async () => {
    for (const user of [
      { username: USER.username, password: "wrong" },
      { username: "nobody@example.pl", password: USER.password },
    ]) {
      const answer = await sandbox.token({ grant_type: "password", ...user });
      expect(answer).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
      expect(JSON.stringify(answer.body)).not.toContain(user.password);
    }
  });

  it("keeps a requested scope and refuses a malformed one", async () => {
    const answer = await sandbox.token({ grant_type: "password", ...USER, scope: "api" });
    expect(decodeJwt(answer.body.access_token as string).scope).toBe("api");
    expect(
      await sandbox.token({ grant_type: "password", ...USER, scope: 'api "x"' }),
    ).toMatchObject({
      status: 400,
      body: { error: "invalid_scope" },
    });
  });
});

describe("client_credentials grant", () => {
  it("issues a token valid 3600 seconds without a refresh token", async () => {
    const answer = await sandbox.token({ grant_type: "client_credentials" });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ token_type: "Bearer", expires_in: 3600 });
    expect(answer.body).not.toHaveProperty("refresh_token");
    const claims = decodeJwt(answer.body.access_token as string);
    expect(claims).toMatchObject({ sub: APP.client_id, client_id: APP.client_id, scope: "api" });
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
  });

  it("cannot be renewed: its access token is no refresh token", async () => {
    const issued = await sandbox.token({ grant_type: "client_credentials" });
    const renewal = await sandbox.token({
      grant_type: "refresh_token",
      refresh_token: issued.body.access_token as string,
    });
    expect(renewal).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });
});

describe("both token addresses", () => {
  it.each(["baseUrl", "accountUrl"] as const)("%s/oauth/token serves every grant", async (host) => {
    const url = `${sandbox[host]}/oauth/token`;
    const password = await sandbox.token({ grant_type: "password", ...USER }, { url });
    expect(password.status).toBe(200);
    const refreshed = await sandbox.token(
      { grant_type: "refresh_token", refresh_token: password.body.refresh_token as string },
      { url },
    );
    expect(refreshed.status).toBe(200);
    expect((await sandbox.token({ grant_type: "client_credentials" }, { url })).status).toBe(200);
    const code = await sandbox.code();
    const exchanged = await sandbox.token(
      { grant_type: "authorization_code", code, redirect_uri: APP.redirect_uri },
      { url },
    );
    expect(exchanged.status).toBe(200);
    expect((await sandbox.whoami(exchanged.body.access_token as string)).status).toBe(200);
  });

  it("answers the same errors on the account host", async () => {
    const answer = await sandbox.token(
      { grant_type: "client_credentials" },
      { url: `${sandbox.accountUrl}/oauth/token`, client: null },
    );
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ error: "invalid_client" });
  });

  it("serves the same key set on both hosts, and it verifies the tokens", async () => {
    const base = await (await fetch(`${sandbox.baseUrl}/.well-known/jwks.json`)).json();
    const account = await (await fetch(`${sandbox.accountUrl}/.well-known/jwks.json`)).json();
    expect(account).toEqual(base);
    expect(base.keys).toHaveLength(1);
    expect(base.keys[0]).toMatchObject({ kty: "EC", alg: "ES256", use: "sig" });
    expect(base.keys[0]).not.toHaveProperty("d");
    const { createLocalJWKSet, jwtVerify } = await import("jose");
    const token = (await sandbox.token({ grant_type: "client_credentials" })).body
      .access_token as string;
    const { payload } = await jwtVerify(token, createLocalJWKSet(base));
    expect(payload.client_id).toBe(APP.client_id);
  });

  it("does not serve the authorization pages on the account host", async () => {
    const response = await fetch(`${sandbox.accountUrl}/oauth/authorize`);
    expect(response.status).toBe(404);
  });
});
