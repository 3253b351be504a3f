// The test controls under /_sandbox: clock, faults, stats, reset, run-time
// application registration; and the answers for unknown paths and methods.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { APP, OTHER_APP, TestSandbox, USER } from "../../test/sandbox-fixture.ts";
import { authorizeInBrowser } from "../oauth/browser-login.ts";

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await TestSandbox.start();
});
afterAll(() => sandbox.close());
afterEach(async () => {
  expect((await sandbox.control("POST", "/_sandbox/reset")).status).toBe(200);
});

async function addFault(rule: Record<string, unknown>): Promise<{ id: string }> {
  const response = await sandbox.control("POST", "/_sandbox/faults", rule);
  expect(response.status).toBe(201);
  return response.json();
}

const clientCredentials = (url = `${sandbox.baseUrl}/oauth/token`) =>
  sandbox.token({ grant_type: "client_credentials" }, { url });

describe("clock", () => {
  it("answers now and the offset, and moves forward", async () => {
    const before = await (await sandbox.control("GET", "/_sandbox/clock")).json();
    expect(typeof before.now).toBe("string");
    const response = await sandbox.control("POST", "/_sandbox/clock/advance", { seconds: 90 });
    expect(response.status).toBe(200);
    const after = await response.json();
    expect(after.offset_seconds).toBe(before.offset_seconds + 90);
    expect(Date.parse(after.now) - Date.parse(before.now)).toBeGreaterThanOrEqual(90_000);
    expect(after.tracking_pushes).toEqual({ delivered: 0, failed: 0 });
  });

  it.each([
    [{ seconds: -1 }, "seconds", "too_small"],
    [{}, "seconds", "required"],
    [{ seconds: "10" }, "seconds", "invalid_type"],
    [{ seconds: 1, extra: true }, "extra", "unknown_field"],
  ])("refuses %j with 400 naming the field %s and the rule %s", async (body, path, rule) => {
    const response = await sandbox.control("POST", "/_sandbox/clock/advance", body);
    expect(response.status).toBe(400);
    const answer = await response.json();
    expect(answer.code).toBe("invalid_request");
    expect(answer.errors).toEqual([{ path, rule, message: expect.stringMatching(/\S/) }]);
  });

  it("refuses a malformed JSON body with 400", async () => {
    const response = await fetch(`${sandbox.baseUrl}/_sandbox/clock/advance`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{seconds: 1",
    });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toContain("not valid JSON");
  });
});

describe("faults", () => {
  it("answers 502 before the handler, count times, then lets requests through", async () => {
    const rule = await addFault({ status: 502, path: "/oauth/token", count: 2 });
    const first = await clientCredentials();
    expect(first.status).toBe(502);
    expect(first.headers.get("x-sandbox-fault")).toBe(rule.id);
    expect(first.body).toMatchObject({ error: "server_error" });
    expect((await clientCredentials()).status).toBe(502);
    expect((await clientCredentials()).status).toBe(200);
    const listed = await (await sandbox.control("GET", "/_sandbox/faults")).json();
    expect(listed.faults[0]).toMatchObject({ id: rule.id, fired: 2, count: 2 });
  });

  it("answers 429 with Retry-After (1 second by default, or as configured)", async () => {
    await addFault({ status: 429, count: 1 });
    const first = await clientCredentials();
    expect(first.status).toBe(429);
    expect(first.headers.get("retry-after")).toBe("1");
    await addFault({ status: 429, retry_after: 7, count: 1 });
    expect((await clientCredentials()).headers.get("retry-after")).toBe("7");
  });

  it("answers 503 with Retry-After when configured", async () => {
    await addFault({ status: 503, retry_after: 3, count: 1 });
    const answer = await clientCredentials();
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("3");
  });

  it("leaves state untouched by default: the code survives a faulted exchange", async () => {
    const code = await sandbox.code();
    await addFault({ status: 502, path: "/oauth/token", count: 1 });
    const params = { grant_type: "authorization_code", code, redirect_uri: APP.redirect_uri };
    expect((await sandbox.token(params)).status).toBe(502);
    expect((await sandbox.token(params)).status).toBe(200);
  });

  it("with after: true processes the request and loses the answer", async () => {
    const code = await sandbox.code();
    await addFault({ status: 502, path: "/oauth/token", count: 1, after: true });
    const params = { grant_type: "authorization_code", code, redirect_uri: APP.redirect_uri };
    const lost = await sandbox.token(params);
    expect(lost.status).toBe(502);
    expect(lost.body).not.toHaveProperty("access_token");
    expect(await sandbox.token(params)).toMatchObject({
      status: 400,
      body: { error: "invalid_grant" },
    });
  });

  it("applies to one host when asked", async () => {
    await addFault({ status: 503, host: "account" });
    expect((await clientCredentials()).status).toBe(200);
    expect((await clientCredentials(`${sandbox.accountUrl}/oauth/token`)).status).toBe(503);
  });

  it("matches a path prefix by whole segments, and globs", async () => {
    await addFault({ status: 502, path: "/packages" });
    await addFault({ status: 503, path: "/points/*/details" });
    expect((await fetch(`${sandbox.baseUrl}/packages/12`)).status).toBe(502);
    expect((await fetch(`${sandbox.baseUrl}/packages-tracking`)).status).not.toBe(502);
    expect((await fetch(`${sandbox.baseUrl}/points/7/details`)).status).toBe(503);
    expect((await fetch(`${sandbox.baseUrl}/points/7/other`)).status).not.toBe(503);
    expect((await clientCredentials()).status).toBe(200);
  });

  it("matches a method when asked", async () => {
    await addFault({ status: 502, path: "/oauth/token", method: "get" });
    expect((await clientCredentials()).status).toBe(200);
  });

  it("never touches /_sandbox, the authorization pages or the key set", async () => {
    await addFault({ status: 502 });
    expect((await sandbox.control("GET", "/_sandbox/clock")).status).toBe(200);
    expect((await fetch(`${sandbox.baseUrl}/.well-known/jwks.json`)).status).toBe(200);
    const back = new URL(await authorizeInBrowser(sandbox.authorizationUrl(), USER));
    expect(back.searchParams.get("code")).toBeTruthy();
    expect((await clientCredentials()).status).toBe(502);
  });

  it("fires at the chosen rate, repeatably with a seed", async () => {
    const run = async () => {
      await addFault({ status: 502, path: "/oauth/token", rate: 0.5, seed: 42 });
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await clientCredentials()).status);
      await sandbox.control("POST", "/_sandbox/reset");
      return statuses;
    };
    const first = await run();
    const second = await run();
    expect(second).toEqual(first);
    const failures = first.filter((s) => s === 502).length;
    expect(failures).toBeGreaterThan(8);
    expect(failures).toBeLessThan(32);
  });

  it("never fires at rate 0", async () => {
    await addFault({ status: 502, rate: 0 });
    for (let i = 0; i < 10; i++) expect((await clientCredentials()).status).toBe(200);
  });

  it("adds latency without failing, when the rule has no status", async () => {
    const rule = await addFault({ latency_ms: 20, path: "/oauth/token", count: 1 });
    expect((await clientCredentials()).status).toBe(200);
    const listed = await (await sandbox.control("GET", "/_sandbox/faults")).json();
    expect(listed.faults.find((f: { id: string }) => f.id === rule.id).fired).toBe(1);
  });

  it("removes one rule, or all", async () => {
    const rule = await addFault({ status: 502 });
    expect((await sandbox.control("DELETE", `/_sandbox/faults/${rule.id}`)).status).toBe(204);
    expect((await sandbox.control("DELETE", `/_sandbox/faults/${rule.id}`)).status).toBe(404);
    await addFault({ status: 502 });
    expect((await sandbox.control("DELETE", "/_sandbox/faults")).status).toBe(204);
    expect((await clientCredentials()).status).toBe(200);
  });

  it.each([
    [{ status: 418 }, "status", "invalid_value"],
    [{ status: 502, rate: 2 }, "rate", "too_big"],
    [{ rate: 1 }, "status", "required"],
    [{ status: 502, path: "packages" }, "path", "invalid_format"],
    [{ latency_ms: 5, after: true }, "after", "invalid_value"],
    [{ status: 502, count: 0 }, "count", "too_small"],
    [{ status: 502, colour: "red" }, "colour", "unknown_field"],
  ])("refuses the rule %j with 400 naming %s and the rule %s", async (body, path, rule) => {
    const response = await sandbox.control("POST", "/_sandbox/faults", body);
    expect(response.status).toBe(400);
    const answer = await response.json();
    expect(answer.errors).toContainEqual({ path, rule, message: expect.stringMatching(/\S/) });
  });
});

describe("stats and reset", () => {
  it("counts token requests in total, by grant, by client, by host and by status", async () => {
    await sandbox.token({ grant_type: "client_credentials" });
    await sandbox.token(
      { grant_type: "password", ...USER },
      { url: `${sandbox.accountUrl}/oauth/token` },
    );
    await sandbox.token({ grant_type: "client_credentials" }, { client: OTHER_APP });
    await sandbox.token({ grant_type: "client_credentials" }, { client: null });
    const stats = await (await sandbox.control("GET", "/_sandbox/stats")).json();
    expect(stats.token_requests).toEqual({
      total: 4,
      by_grant: { client_credentials: 3, password: 1 },
      by_client: { [APP.client_id]: 2, [OTHER_APP.client_id]: 1, "(none)": 1 },
      by_host: { base: 3, account: 1 },
      by_status: { "200": 3, "401": 1 },
    });
  });

  it("adds what the REST API has done: packages, commands, charges, refunds, balance, pushes", async () => {
    const stats = await (await sandbox.control("GET", "/_sandbox/stats")).json();
    expect(stats.rest).toEqual({
      packages: 0,
      ordered_packages: 0,
      canceled_packages: 0,
      order_commands: 0,
      cancel_commands: 0,
      documents_commands: 0,
      pickup_commands: 0,
      pickup_cancellations: 0,
      charges: 0,
      refunds: 0,
      balance_gross: 0,
      tracking_pushes_delivered: 0,
      tracking_pushes_failed: 0,
    });
  });

  it("counts faulted token requests too, and reset clears stats and faults", async () => {
    await addFault({ status: 502, path: "/oauth/token", count: 1 });
    await clientCredentials();
    await clientCredentials();
    let stats = await (await sandbox.control("GET", "/_sandbox/stats")).json();
    expect(stats.token_requests.total).toBe(2);
    expect(stats.token_requests.by_status).toEqual({ "502": 1, "200": 1 });
    expect(stats.faults_injected).toBe(1);
    await addFault({ status: 502 });
    const reset = await sandbox.control("POST", "/_sandbox/reset");
    expect((await reset.json()).reset).toEqual(expect.arrayContaining(["faults", "stats"]));
    stats = await (await sandbox.control("GET", "/_sandbox/stats")).json();
    expect(stats.token_requests.total).toBe(0);
    expect((await (await sandbox.control("GET", "/_sandbox/faults")).json()).faults).toEqual([]);
    expect((await clientCredentials()).status).toBe(200);
  });
});

describe("run-time application registration", () => {
  it("registers an application with generated credentials that work at once", async () => {
    const response = await sandbox.control("POST", "/_sandbox/applications", {
      redirect_uri: "https://shop.example/cb",
      name: "Shop",
    });
    expect(response.status).toBe(201);
    const created = await response.json();
    expect(created).toMatchObject({ redirect_uri: "https://shop.example/cb", name: "Shop" });
    expect(created.client_id).toBeTruthy();
    expect(created.client_secret.length).toBeGreaterThanOrEqual(16);
    const answer = await sandbox.token({ grant_type: "client_credentials" }, { client: created });
    expect(answer.status).toBe(200);
    const url = new URL(`${sandbox.baseUrl}/oauth/authorize`);
    url.search = new URLSearchParams({
      response_type: "code",
      client_id: created.client_id,
      redirect_uri: created.redirect_uri,
    }).toString();
    const back = new URL(await authorizeInBrowser(url.toString(), USER));
    expect(back.origin).toBe("https://shop.example");
    expect(back.searchParams.get("code")).toBeTruthy();
  });

  it("takes given credentials, refuses a taken client_id with 409, and lists without secrets", async () => {
    const body = { client_id: "given-id", client_secret: "given-secret-123" };
    expect((await sandbox.control("POST", "/_sandbox/applications", body)).status).toBe(201);
    const again = await sandbox.control("POST", "/_sandbox/applications", body);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      errors: [{ path: "client_id", rule: "invalid_value" }],
    });
    const list = await (await sandbox.control("GET", "/_sandbox/applications")).json();
    expect(list.applications.map((a: { client_id: string }) => a.client_id)).toContain("given-id");
    expect(JSON.stringify(list)).not.toContain("given-secret-123");
    expect(JSON.stringify(list)).not.toContain(APP.client_secret);
  });

  it.each([
    [{ redirect_uri: "not a url" }, "redirect_uri", "invalid_format"],
    [{ redirect_uri: "https://x.example/cb#frag" }, "redirect_uri", "invalid_value"],
    [{ redirect_uri: "javascript:alert(1)" }, "redirect_uri", "invalid_format"],
    [{ redirect_uri: "data:text/html,hi" }, "redirect_uri", "invalid_format"],
    [{ redirect_uri: "ftp://x.example/cb" }, "redirect_uri", "invalid_format"],
    [{ client_secret: "short" }, "client_secret", "too_small"],
    [{ client_id: "has space" }, "client_id", "invalid_format"],
    [{ name: 5 }, "name", "invalid_type"],
  ])("refuses %j naming %s and the rule %s", async (body, path, rule) => {
    const response = await sandbox.control("POST", "/_sandbox/applications", body);
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual([
      { path, rule, message: expect.stringMatching(/\S/) },
    ]);
  });
});

describe("unknown paths and methods", () => {
  it("answers an unknown path with 404 JSON on both hosts", async () => {
    for (const url of [`${sandbox.baseUrl}/no/such/thing`, `${sandbox.accountUrl}/packages`]) {
      const response = await fetch(url);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: "not_found" });
    }
  });

  it("answers a wrong method with 405 and Allow", async () => {
    const response = await fetch(`${sandbox.baseUrl}/_sandbox/clock`, { method: "PUT" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toContain("GET");
    expect(await response.json()).toMatchObject({ code: "method_not_allowed" });
    const authorize = await fetch(`${sandbox.baseUrl}/oauth/authorize/login`);
    expect(authorize.status).toBe(405);
  });

  it("refuses an oversized control body with 413", async () => {
    const response = await sandbox.control("POST", "/_sandbox/applications", {
      name: "x".repeat(100_000),
    });
    expect(response.status).toBe(413);
  });
});
