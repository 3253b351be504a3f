// Repeated wrong passwords lock the user out (5 failures within 15 minutes
// lock the user for 15 minutes, by the sandbox clock), on the password grant
// and on the login page alike, and a client that sends many wrong passwords
// (over any users) is locked the same way; reset and DELETE
// /_sandbox/lockouts clear them.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  APP,
  OTHER_APP,
  OTHER_USER,
  TEST_CONFIG,
  TestSandbox,
  USER,
} from "../../test/sandbox-fixture.ts";
import { CookieJar, readForm } from "../oauth/browser-login.ts";

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await TestSandbox.start({
    config: {
      ...TEST_CONFIG,
      users: [
        ...(TEST_CONFIG.users ?? []),
        ...Array.from({ length: 25 }, (_, i) => ({
          username: `user${i}@example.pl`,
          password: `password-${i}`,
        })),
      ],
    },
  });
});
afterAll(() => sandbox.close());
afterEach(async () => {
  expect((await sandbox.control("POST", "/_sandbox/reset")).status).toBe(200);
});

const wrong = (user = USER, client = APP) =>
  sandbox.token({ grant_type: "password", username: user.username, password: "wrong" }, { client });
const right = (user = USER, client = APP) =>
  sandbox.token({ grant_type: "password", ...user }, { client });

async function advance(seconds: number) {
  expect((await sandbox.control("POST", "/_sandbox/clock/advance", { seconds })).status).toBe(200);
}

describe("the password grant", () => {
  it("locks a user after 5 wrong passwords for 15 minutes of the sandbox clock", async () => {
    for (let i = 0; i < 4; i++) expect((await wrong()).body.error).toBe("invalid_grant");
    expect((await right()).status).toBe(200);
    // A success clears the user's count: 5 more are needed.
    for (let i = 0; i < 5; i++) {
      const answer = await wrong();
      expect(answer.body).toEqual({
        error: "invalid_grant",
        error_description: "Wrong username or password.",
      });
    }
    const locked = await right();
    expect(locked.status).toBe(400);
    expect(locked.body).toEqual({
      error: "invalid_grant",
      error_description: "Too many failed sign-ins for this user; try again in 900 seconds.",
    });
    expect(locked.headers.get("retry-after")).toBe("900");
    expect((await right(OTHER_USER)).status).toBe(200);
    await advance(899);
    expect((await right()).headers.get("retry-after")).toBe("1");
    await advance(1);
    expect((await right()).status).toBe(200);
  });

  it("forgets failures older than the 15-minute window", async () => {
    for (let i = 0; i < 4; i++) await wrong();
    await advance(901);
    await wrong();
    expect((await right()).status).toBe(200);
  });

  it("locks a client after 20 wrong passwords over any users", async () => {
    for (let i = 0; i < 20; i++) {
      const user = { username: `user${i}@example.pl`, password: "x" };
      expect((await wrong(user, OTHER_APP)).body.error_description).toBe(
        "Wrong username or password.",
      );
    }
    const locked = await right(USER, OTHER_APP);
    expect(locked.body.error_description).toBe(
      "Too many failed sign-ins from this application; try again in 900 seconds.",
    );
    expect((await right(USER, APP)).status).toBe(200);
  });

  it("is listed and cleared by the controls", async () => {
    for (let i = 0; i < 5; i++) await wrong();
    const list = await (await sandbox.control("GET", "/_sandbox/lockouts")).json();
    expect(list.lockouts).toEqual([
      expect.objectContaining({ kind: "user", id: USER.username, retry_after_seconds: 900 }),
    ]);
    expect((await sandbox.control("DELETE", "/_sandbox/lockouts")).status).toBe(204);
    expect((await right()).status).toBe(200);
  });
});

async function login(password: string) {
  const jar = new CookieJar();
  const page = await fetch(sandbox.authorizationUrl(), { redirect: "manual" });
  jar.store(page);
  const form = readForm(await page.text());
  const response = await fetch(new URL(form.action, sandbox.baseUrl), {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
    body: new URLSearchParams({ ...form.fields, username: USER.username, password }).toString(),
  });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

describe("the login page", () => {
  it("locks the same user after 5 wrong passwords, with a message and Retry-After", async () => {
    for (let i = 0; i < 5; i++) {
      const failed = await login("wrong");
      expect(failed.status).toBe(401);
      expect(failed.html).toContain("Nieprawidłowa nazwa użytkownika lub hasło.");
    }
    const refused = await login(USER.password);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("900");
    expect(refused.html).toContain(
      "Zbyt wiele nieudanych prób logowania tego użytkownika; spróbuj ponownie za 15 min.",
    );
    expect(refused.html).not.toContain("decision");
    expect((await right()).body.error_description).toBe(
      "Too many failed sign-ins for this user; try again in 900 seconds.",
    );
  });
});
