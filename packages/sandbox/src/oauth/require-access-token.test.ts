// The access-token check of every REST call: signature, expiry by the sandbox
// clock, invalidation. Exercised through GET /_sandbox/whoami, which runs the
// same middleware as the REST routes.
import { decodeJwt, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP, DAY, TestSandbox, USER } from "../../test/sandbox-fixture.ts";

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await TestSandbox.start();
});
afterAll(() => sandbox.close());

function call(authorization?: string) {
  return fetch(`${sandbox.baseUrl}/_sandbox/whoami`, {
    headers: authorization === undefined ? {} : { authorization },
  });
}

describe("requireAccessToken", () => {
  it("accepts a valid token and exposes its grant", async () => {
    const { access_token } = await sandbox.password();
    const response = await call(`Bearer ${access_token}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      client_id: APP.client_id,
      username: USER.username,
      scope: "api",
      token_id: decodeJwt(access_token).jti,
    });
  });

  it("accepts the scheme in any case", async () => {
    const { access_token } = await sandbox.password();
    expect((await call(`bearer ${access_token}`)).status).toBe(200);
  });

  it("answers a missing token with 401 and a Bearer challenge without an error code (RFC 6750 3.1)", async () => {
    const response = await call();
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer realm=/);
    expect(response.headers.get("www-authenticate")).not.toContain("error=");
    expect(await response.json()).toMatchObject({ error: "invalid_token" });
  });

  it.each([
    ["a malformed token", "Bearer not-a-jwt"],
    ["a Basic header", `Basic ${Buffer.from("a:b").toString("base64")}`],
  ])("refuses %s with 401 invalid_token", async (_, header) => {
    const response = await call(header);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: "invalid_token" });
  });

  it("refuses a token signed with another key, with WWW-Authenticate error=invalid_token", async () => {
    const { privateKey } = await generateKeyPair("ES256");
    const forged = await new SignJWT({ client_id: APP.client_id, scope: "api" })
      .setProtectedHeader({ alg: "ES256" })
      .setSubject(USER.username)
      .setJti("forged")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(privateKey);
    const response = await call(`Bearer ${forged}`);
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });

  it("refuses a token whose payload was altered", async () => {
    const { access_token } = await sandbox.password();
    const [header, , signature] = access_token.split(".");
    const payload = Buffer.from(
      JSON.stringify({ ...decodeJwt(access_token), sub: "someone-else" }),
    ).toString("base64url");
    expect((await call(`Bearer ${header}.${payload}.${signature}`)).status).toBe(401);
  });

  it("refuses a client_credentials token after 3600 seconds (not before) by the sandbox clock", async () => {
    const answer = await sandbox.token({ grant_type: "client_credentials" });
    const token = answer.body.access_token as string;
    await sandbox.advance(3599);
    expect((await call(`Bearer ${token}`)).status).toBe(200);
    await sandbox.advance(1);
    const response = await call(`Bearer ${token}`);
    expect(response.status).toBe(401);
    expect((await response.json()).error_description).toContain("expired");
  });

  it("refuses a user token after 30 days (not before) by the sandbox clock", async () => {
    const { access_token } = await sandbox.password();
    await sandbox.advance(30 * DAY - 1);
    expect((await call(`Bearer ${access_token}`)).status).toBe(200);
    await sandbox.advance(1);
    expect((await call(`Bearer ${access_token}`)).status).toBe(401);
  });
});
