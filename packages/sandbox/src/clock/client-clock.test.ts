// Clients in a test follow the sandbox clock: core's OAuthClient given the
// handle's `clock`, or `sandboxClock(baseUrl)` for a sandbox in another
// process, renews a token the sandbox clock has expired instead of handing it
// out.
import { OAuthClient } from "@shipbridge/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningSandbox, startSandbox } from "../start-sandbox.ts";
import { sandboxClock } from "./client-clock.ts";

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ freezeClock: true, clockStart: "2026-09-01T10:00:00Z" });
});
afterAll(() => sandbox.close());

function client(clock: () => Date): OAuthClient {
  return new OAuthClient({
    clientId: "demo-client",
    clientSecret: "demo-secret",
    baseUrl: sandbox.baseUrl,
    accountUrl: sandbox.accountUrl,
    clock,
  });
}

async function restStatus(token: string): Promise<number> {
  const response = await fetch(`${sandbox.baseUrl}/configuration/dictionary`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await response.arrayBuffer();
  return response.status;
}

async function advance(seconds: number): Promise<void> {
  const response = await fetch(`${sandbox.baseUrl}/_sandbox/clock/advance`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ seconds }),
  });
  expect(response.status).toBe(200);
}

describe("the handle's clock", () => {
  it("is the sandbox clock, so OAuthClient renews what the sandbox expired", async () => {
    expect(sandbox.clock().toISOString()).toBe("2026-09-01T10:00:00.000Z");
    const oauth = client(sandbox.clock);
    await oauth.loginWithPassword({ username: "demo@shipbridge.dev", password: "demo-password" });
    const first = await oauth.accessToken();
    expect(await restStatus(first)).toBe(200);
    await advance(31 * 86_400);
    expect(sandbox.clock().toISOString()).toBe("2026-10-02T10:00:00.000Z");
    const second = await oauth.accessToken();
    expect(second).not.toBe(first);
    expect(await restStatus(second)).toBe(200);
  });
});

describe("sandboxClock(baseUrl)", () => {
  it("reads the sandbox clock once and follows the advances made through it", async () => {
    const remote = await sandboxClock(sandbox.baseUrl);
    expect(remote.now().toISOString()).toBe(sandbox.clock().toISOString());
    const oauth = client(remote.now);
    const first = await oauth.loginWithClientCredentials();
    expect(await restStatus(first.accessToken)).toBe(200);
    await remote.advance(3601);
    expect(remote.now().toISOString()).toBe(sandbox.clock().toISOString());
    expect(await restStatus(first.accessToken)).toBe(401);
    // The client sees the token expired and asks for a new one.
    const second = await oauth.accessToken();
    expect(second).not.toBe(first.accessToken);
    expect(await restStatus(second)).toBe(200);
    // An advance made by someone else is seen after sync().
    await advance(60);
    await remote.sync();
    expect(remote.now().toISOString()).toBe(sandbox.clock().toISOString());
  });
});

describe("sandboxClock errors", () => {
  it.each([
    [undefined, "undefined"],
    ["", '""'],
    ["127.0.0.1:4010", '"127.0.0.1:4010"'],
    ["ftp://127.0.0.1:4010", '"ftp://127.0.0.1:4010"'],
  ])("refuses the base URL %j, naming baseUrl", async (baseUrl, shown) => {
    const error = await sandboxClock(baseUrl as string).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toContain("sandboxClock(baseUrl)");
    expect((error as Error).message).toContain(`not ${shown}`);
    expect((error as Error).message).toMatch(/http:\/\/127\.0\.0\.1:4010/);
  });

  it("says which address it could not reach", async () => {
    // A port that was just free: nothing listens there.
    const closed = await startSandbox({ port: 0, accountPort: 0 });
    const url = closed.baseUrl;
    await closed.close();
    const error = await sandboxClock(url).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toContain(`cannot reach the sandbox at ${url}`);
    expect(error?.message).toContain("ECONNREFUSED");
    expect(error?.cause).toBeDefined();
  });

  it("passes on the sandbox's reason for a refused advance", async () => {
    const remote = await sandboxClock(sandbox.baseUrl);
    const before = remote.now().toISOString();
    await expect(remote.advance(-5)).rejects.toThrow(
      /advance\(seconds = -5\).*answered 400: .*seconds: seconds must be 0 or more: the clock only moves forward/,
    );
    expect(remote.now().toISOString()).toBe(before);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, "10"])(
    "refuses advance(%s) before asking, naming seconds",
    async (seconds) => {
      const remote = await sandboxClock(sandbox.baseUrl);
      await expect(remote.advance(seconds as number)).rejects.toThrow(
        /advance\(seconds\): seconds must be a finite number of seconds/,
      );
    },
  );
});
