// startSandbox: two hosts on free ports, a clean close, and --data keeping
// every piece of state across a restart.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "@shipbridge/tooling/free-port";
import { afterAll, describe, expect, it } from "vitest";
import { APP, DAY, TestSandbox, USER } from "../test/sandbox-fixture.ts";
import { DEMO_CONFIG } from "./config.ts";
import { startSandbox } from "./start-sandbox.ts";

const dir = mkdtempSync(join(tmpdir(), "sandbox-data-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("startSandbox", () => {
  it("serves two hosts on 127.0.0.1 and closes both", async () => {
    const sandbox = await startSandbox();
    expect(sandbox.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox.accountUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox.accountUrl).not.toBe(sandbox.baseUrl);
    const demo = DEMO_CONFIG.applications[0]!;
    const auth = `Basic ${Buffer.from(`${demo.client_id}:${demo.client_secret}`).toString("base64")}`;
    const response = await fetch(`${sandbox.accountUrl}/oauth/token`, {
      method: "POST",
      headers: { authorization: auth, "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials",
    });
    expect(response.status).toBe(200);
    await sandbox.close();
    await sandbox.close();
    await expect(fetch(`${sandbox.baseUrl}/_sandbox/clock`)).rejects.toThrow();
    await expect(fetch(`${sandbox.accountUrl}/.well-known/jwks.json`)).rejects.toThrow();
  });

  it("puts a pickup point on holiday and closes it through the handle", async () => {
    const sandbox = await startSandbox();
    const demo = DEMO_CONFIG.applications[0]!;
    try {
      const token = await (
        await fetch(`${sandbox.baseUrl}/oauth/token`, {
          method: "POST",
          headers: {
            authorization: `Basic ${Buffer.from(`${demo.client_id}:${demo.client_secret}`).toString("base64")}`,
            "content-type": "application/x-www-form-urlencoded",
          },
          body: "grant_type=client_credentials",
        })
      ).json();
      const find = async (code: string) => {
        const response = await fetch(`${sandbox.baseUrl}/points/map`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${token.access_token}`,
            accept: "application/vnd.furgonetka.v1+json",
            "content-type": "application/vnd.furgonetka.v1+json",
          },
          body: JSON.stringify({
            location: { search_phrase: "Kraków" },
            filters: { point_id: code },
          }),
        });
        expect(response.status).toBe(200);
        return ((await response.json()) as { points: { active: boolean; holiday: boolean }[] })
          .points[0];
      };
      expect(sandbox.setPointState("kra01m", { holiday: true })).toEqual({
        code: "KRA01M",
        active: true,
        holiday: true,
      });
      expect(await find("KRA01M")).toMatchObject({ active: true, holiday: true });
      expect(sandbox.setPointState("KRA01M", { active: false, holiday: false })).toEqual({
        code: "KRA01M",
        active: false,
        holiday: false,
      });
      expect(await find("KRA01M")).toMatchObject({ active: false, holiday: false });
      expect(() => sandbox.setPointState("NOPE01X", { holiday: true })).toThrow(RangeError);
      expect(() =>
        sandbox.setPointState("KRA01M", { holiday: "yes" } as unknown as { holiday: boolean }),
      ).toThrow(/^not a point state: holiday: /);
    } finally {
      await sandbox.close();
    }
  });

  it("refuses an invalid config, naming the field", async () => {
    await expect(
      startSandbox({
        config: { applications: [{ client_id: "", client_secret: "x" }], users: [] },
      }),
    ).rejects.toThrow(/applications\.0\.client_id/);
  });

  it("starts the clock at clockStart, which then runs on", async () => {
    const sandbox = await startSandbox({ clockStart: "2026-08-23T00:00:00Z" });
    try {
      const clock = await (await fetch(`${sandbox.baseUrl}/_sandbox/clock`)).json();
      const start = Date.parse("2026-08-23T00:00:00Z");
      // Only the order is asserted: the clock runs on with real time.
      expect(Date.parse(clock.now)).toBeGreaterThanOrEqual(start);
      expect(Date.parse(clock.now)).toBeLessThan(Date.parse("2026-08-24T00:00:00Z"));
      expect(sandbox.now().getTime()).toBeGreaterThanOrEqual(Date.parse(clock.now));
      expect(clock.offset_seconds).toBeLessThan(0);
      expect(clock.frozen).toBe(false);
    } finally {
      await sandbox.close();
    }
  });

  it("with freezeClock, stands still until advanced, then moves by exactly that much", async () => {
    const sandbox = await startSandbox({ freezeClock: true, clockStart: "2026-08-23T23:59:59Z" });
    try {
      const read = async () =>
        (await (await fetch(`${sandbox.baseUrl}/_sandbox/clock`)).json()).now;
      expect(await read()).toBe("2026-08-23T23:59:59.000Z");
      expect((await (await fetch(`${sandbox.baseUrl}/_sandbox/clock`)).json()).frozen).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await read()).toBe("2026-08-23T23:59:59.000Z");
      await fetch(`${sandbox.baseUrl}/_sandbox/clock/advance`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ seconds: 1.5 }),
      });
      expect(await read()).toBe("2026-08-24T00:00:00.500Z");
      expect(sandbox.now().toISOString()).toBe("2026-08-24T00:00:00.500Z");
    } finally {
      await sandbox.close();
    }
  });

  it.each(["yesterday", "2026-13-45", "1 Aug 2026", ""])(
    "refuses the clock start %j before opening anything",
    async (clockStart) => {
      await expect(startSandbox({ clockStart })).rejects.toThrow(/ISO 8601 instant/);
    },
  );

  it("refuses an invalid Date as the clock start", async () => {
    await expect(startSandbox({ clockStart: new Date(Number.NaN) })).rejects.toThrow(RangeError);
  });

  it("refuses a port that is taken, and frees what it opened", async () => {
    const first = await startSandbox();
    const port = Number(new URL(first.baseUrl).port);
    await expect(startSandbox({ port })).rejects.toMatchObject({ code: "EADDRINUSE" });
    await first.close();
  });

  it("closes the base server it opened when the account port is taken", async () => {
    const first = await startSandbox();
    const taken = Number(new URL(first.accountUrl).port);
    const free = await freePort();
    await expect(startSandbox({ port: free, accountPort: taken })).rejects.toMatchObject({
      code: "EADDRINUSE",
    });
    // The base port it had opened is free again.
    await expect(fetch(`http://127.0.0.1:${free}/_sandbox/clock`)).rejects.toThrow();
    await first.close();
  });
});

describe("--data keeps state across restarts", () => {
  it("keeps tokens, refresh tokens, sessions, applications, the key and the clock offset", async () => {
    const dataFile = join(dir, "state.sqlite");
    const first = await TestSandbox.start({ dataFile });
    await first.advance(2 * DAY);
    const tokens = await first.password();
    const registered = await (
      await first.control("POST", "/_sandbox/applications", {
        client_id: "runtime-app",
        client_secret: "runtime-secret",
      })
    ).json();
    const jwks = await (await fetch(`${first.baseUrl}/.well-known/jwks.json`)).json();
    const code = await first.code();
    const evicted = await first.password();
    for (let i = 0; i < 19; i++) await first.password();
    expect((await first.whoami(tokens.access_token)).status).toBe(401);
    await first.close();

    const second = await TestSandbox.start({ dataFile });
    try {
      const clock = await (await second.control("GET", "/_sandbox/clock")).json();
      expect(clock.offset_seconds).toBeGreaterThanOrEqual(2 * DAY);
      expect(await (await fetch(`${second.baseUrl}/.well-known/jwks.json`)).json()).toEqual(jwks);
      expect((await second.whoami(evicted.access_token)).status).toBe(200);
      expect((await second.whoami(tokens.access_token)).status).toBe(401);
      const refreshed = await second.token({
        grant_type: "refresh_token",
        refresh_token: evicted.refresh_token,
      });
      expect(refreshed.status).toBe(200);
      const app = await second.token({ grant_type: "client_credentials" }, { client: registered });
      expect(app.status).toBe(200);
      const exchanged = await second.token({
        grant_type: "authorization_code",
        code,
        redirect_uri: APP.redirect_uri,
      });
      expect(exchanged.status).toBe(200);
      expect((await second.token({ grant_type: "password", ...USER })).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it("keeps the clock of a data file: an earlier clockStart does not move it back, a later one moves it forward", async () => {
    const dataFile = join(dir, "clock.sqlite");
    const read = async (sandbox: { baseUrl: string }) =>
      Date.parse((await (await fetch(`${sandbox.baseUrl}/_sandbox/clock`)).json()).now);
    const first = await startSandbox({ dataFile, clockStart: "2026-08-23T00:00:00Z" });
    await fetch(`${first.baseUrl}/_sandbox/clock/advance`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ seconds: 3 * DAY }),
    });
    const advanced = await read(first);
    await first.close();
    const second = await startSandbox({ dataFile, clockStart: "2026-08-23T00:00:00Z" });
    const kept = await read(second);
    await second.close();
    expect(kept).toBeGreaterThanOrEqual(advanced);
    const later = Date.parse("2030-01-01T00:00:00Z");
    const third = await startSandbox({ dataFile, clockStart: new Date(later) });
    try {
      expect(await read(third)).toBeGreaterThanOrEqual(later);
      expect(await read(third)).toBeLessThan(later + DAY * 1000);
    } finally {
      await third.close();
    }
  });

  it("starts empty in memory without --data", async () => {
    const first = await TestSandbox.start();
    const tokens = await first.password();
    await first.close();
    const second = await TestSandbox.start();
    try {
      expect((await second.whoami(tokens.access_token)).status).toBe(401);
    } finally {
      await second.close();
    }
  });
});
