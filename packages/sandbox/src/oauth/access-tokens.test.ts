// Access token sessions (spec 3.3 and 5.6): at most 20 open sessions per user
// per application; a new token beyond that invalidates the oldest; expired
// sessions do not count; a refresh keeps the session's place.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DAY, OTHER_APP, OTHER_USER, TestSandbox } from "../../test/sandbox-fixture.ts";

let sandbox: TestSandbox;
beforeEach(async () => {
  sandbox = await TestSandbox.start();
});
afterEach(() => sandbox.close());

async function sessions(n: number, login = () => sandbox.password()) {
  const opened = [];
  for (let i = 0; i < n; i++) opened.push(await login());
  return opened;
}

async function statuses(tokens: { access_token: string }[]): Promise<number[]> {
  return Promise.all(tokens.map(async (t) => (await sandbox.whoami(t.access_token)).status));
}

describe("20 open sessions per user per application", () => {
  it("keeps 20 sessions open", async () => {
    const opened = await sessions(20);
    expect(await statuses(opened)).toEqual(Array(20).fill(200));
  });

  it("active -> oldest invalidated: the 21st session closes the oldest, the new one is active", async () => {
    const opened = await sessions(21);
    const result = await statuses(opened);
    expect(result[0]).toBe(401);
    expect(result.slice(1)).toEqual(Array(20).fill(200));
    const evicted = await (await sandbox.whoami(opened[0]!.access_token)).json();
    expect(evicted).toMatchObject({ error: "invalid_token" });
    expect(evicted.error_description).toContain("20 sessions");
    await sandbox.password();
    expect(await statuses(opened.slice(0, 3))).toEqual([401, 401, 200]);
  });

  it("counts per user and per application", async () => {
    const mine = await sessions(20);
    await sessions(5, () => sandbox.password(OTHER_USER));
    await sessions(5, () => sandbox.password(undefined, OTHER_APP));
    expect(await statuses(mine)).toEqual(Array(20).fill(200));
  });

  it("counts sessions from the authorization-code flow too", async () => {
    const opened = await sessions(20);
    const code = await sandbox.code();
    const answer = await sandbox.token({
      grant_type: "authorization_code",
      code,
      redirect_uri: "http://127.0.0.1:3000/oauth/callback",
    });
    expect(answer.status).toBe(200);
    expect((await statuses(opened))[0]).toBe(401);
  });

  it("does not count expired sessions", async () => {
    const early = await sessions(1);
    await sandbox.advance(29 * DAY);
    const later = await sessions(19);
    await sandbox.advance(2 * DAY); // the first session has expired; 19 are open
    const next = await sessions(1);
    expect(await statuses([...later, ...next])).toEqual(Array(20).fill(200));
    const another = await sessions(1); // 20 open: the oldest open one (later[0]) closes
    expect(await statuses([later[0]!, later[1]!, another[0]!])).toEqual([401, 200, 200]);
    expect((await sandbox.whoami(early[0]!.access_token)).status).toBe(401);
  });

  it("does not count client_credentials tokens, which carry no user", async () => {
    const opened = await sessions(20);
    for (let i = 0; i < 3; i++)
      expect((await sandbox.token({ grant_type: "client_credentials" })).status).toBe(200);
    expect(await statuses(opened)).toEqual(Array(20).fill(200));
  });
});

describe("refresh and sessions", () => {
  it("a refresh keeps the session's place and opens no new session", async () => {
    const opened = await sessions(20);
    const refreshed = await sandbox.token({
      grant_type: "refresh_token",
      refresh_token: opened[0]!.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    // Still 20 sessions: nobody was evicted.
    expect(await statuses(opened.slice(1))).toEqual(Array(19).fill(200));
    expect((await sandbox.whoami(refreshed.body.access_token as string)).status).toBe(200);
    // The refreshed session is still the oldest, so the next session closes it.
    await sessions(1);
    expect((await sandbox.whoami(refreshed.body.access_token as string)).status).toBe(401);
    expect((await sandbox.whoami(opened[1]!.access_token)).status).toBe(200);
  });

  it("an evicted session's refresh token still works and reopens it as the newest session", async () => {
    const opened = await sessions(21);
    expect((await sandbox.whoami(opened[0]!.access_token)).status).toBe(401);
    const reopened = await sandbox.token({
      grant_type: "refresh_token",
      refresh_token: opened[0]!.refresh_token,
    });
    expect(reopened.status).toBe(200);
    expect((await sandbox.whoami(reopened.body.access_token as string)).status).toBe(200);
    // Reopening counted as a new session: the oldest open one (opened[1]) closed.
    expect(await statuses([opened[1]!, opened[2]!])).toEqual([401, 200]);
  });
});
