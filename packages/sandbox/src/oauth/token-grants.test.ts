// The refresh token (spec 3.2 and 5.4): single use, rotated, bound to the
// issuing client, extending the user's authorization up to 3 months.
import { decodeJwt } from "jose";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { APP, DAY, OTHER_APP, TestSandbox, USER } from "../../test/sandbox-fixture.ts";

let sandbox: TestSandbox;
beforeEach(async () => {
  sandbox = await TestSandbox.start();
});
afterEach(() => sandbox.close());

function refresh(refreshToken: string, client = APP, extra: Record<string, string> = {}) {
  return sandbox.token(
    { grant_type: "refresh_token", refresh_token: refreshToken, ...extra },
    { client },
  );
}

describe("refresh token (spec 3.2)", () => {
  it("valid -> used: the first use issues a new access token valid 30 days and a new refresh token", async () => {
    const first = await sandbox.password();
    const answer = await refresh(first.refresh_token);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ token_type: "Bearer", expires_in: 2_592_000 });
    expect(answer.body.refresh_token).not.toBe(first.refresh_token);
    expect(answer.body.access_token).not.toBe(first.access_token);
    expect(decodeJwt(answer.body.access_token as string)).toMatchObject({
      sub: USER.username,
      client_id: APP.client_id,
      scope: "api",
    });
  });

  it("is single use: the second use is invalid_grant, and the rotated token still works", async () => {
    const first = await sandbox.password();
    const rotated = await refresh(first.refresh_token);
    expect(await refresh(first.refresh_token)).toMatchObject({
      status: 400,
      body: { error: "invalid_grant" },
    });
    expect((await refresh(rotated.body.refresh_token as string)).status).toBe(200);
  });

  it("spends a refresh token once even when two requests race", async () => {
    const first = await sandbox.password();
    const answers = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });

  it("belongs to the issuing client", async () => {
    const first = await sandbox.password();
    expect(await refresh(first.refresh_token, OTHER_APP)).toMatchObject({
      status: 400,
      body: { error: "invalid_grant" },
    });
    expect((await refresh(first.refresh_token)).status).toBe(200);
  });

  it("refuses an unknown refresh token", async () => {
    expect(await refresh("not-a-token")).toMatchObject({
      status: 400,
      body: { error: "invalid_grant" },
    });
  });

  it("replaces the session's previous access token", async () => {
    const first = await sandbox.password();
    const answer = await refresh(first.refresh_token);
    expect((await sandbox.whoami(answer.body.access_token as string)).status).toBe(200);
    const old = await sandbox.whoami(first.access_token);
    expect(old.status).toBe(401);
    expect((await old.json()).error_description).toContain("replaced");
  });

  it("may narrow the scope but not widen it", async () => {
    const first = await sandbox.password();
    expect(await refresh(first.refresh_token, APP, { scope: "api extra" })).toMatchObject({
      status: 400,
      body: { error: "invalid_scope" },
    });
    expect((await refresh(first.refresh_token, APP, { scope: "api" })).status).toBe(200);
  });

  it("works after the access token expired (30 days by the sandbox clock)", async () => {
    const first = await sandbox.password();
    await sandbox.advance(30 * DAY);
    expect((await sandbox.whoami(first.access_token)).status).toBe(401);
    const answer = await refresh(first.refresh_token);
    expect(answer.status).toBe(200);
    expect((await sandbox.whoami(answer.body.access_token as string)).status).toBe(200);
  });
});

describe("the user's authorization extends up to 3 months (spec 5.4, section 8)", () => {
  it("refreshes through the chain for 88 days, then is refused after 3 months", async () => {
    let tokens = await sandbox.password();
    for (let day = 0; day < 88; day += 22) {
      await sandbox.advance(22 * DAY);
      const answer = await refresh(tokens.refresh_token);
      expect(answer.status).toBe(200);
      tokens = answer.body as typeof tokens;
    }
    await sandbox.advance(5 * DAY);
    const late = await refresh(tokens.refresh_token);
    expect(late).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    expect(String(late.body.error_description)).toContain("3 months");
  });

  it("counts the 3 months from the user's authorization (code flow), not from the last refresh", async () => {
    const code = await sandbox.code();
    const issued = await sandbox.token({
      grant_type: "authorization_code",
      code,
      redirect_uri: APP.redirect_uri,
    });
    await sandbox.advance(93 * DAY);
    expect(await refresh(issued.body.refresh_token as string)).toMatchObject({
      status: 400,
      body: { error: "invalid_grant" },
    });
    // A new authorization starts a new 3 months.
    const fresh = await sandbox.password();
    expect((await refresh(fresh.refresh_token)).status).toBe(200);
  });
});
