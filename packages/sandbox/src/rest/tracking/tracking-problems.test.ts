// The test control that puts a problem state on a package's tracking
// (POST /_sandbox/packages/{id}/tracking), over real HTTP: the event appears
// at the sandbox clock's now in GET /packages/{id}/tracking and in the
// package's state, it is pushed to the account's webhook with a valid control
// checksum, `returned` ends the timeline, and bad requests are refused.
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { verifyTrackingPush } from "@shipbridge/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RestSandbox, sampleV2 } from "../testing/rest-fixture.ts";

const SECRET = "problem-secret-problem";

let sandbox: RestSandbox;
let server: Server;
const received: Array<Record<string, unknown>> = [];
beforeAll(async () => {
  sandbox = await RestSandbox.start({ clockStart: "2026-11-22T08:00:00Z" });
  server = createServer((req, res) => {
    let data = "";
    req.on("data", (chunk) => {
      data += chunk;
    });
    req.on("end", () => {
      received.push(JSON.parse(data));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tracking`;
  const put = await sandbox.call("PUT", "/account/tracking-webhook", {
    body: { url, secret: SECRET, language: "en_GB" },
  });
  expect(put.status).toBe(200);
});
afterAll(async () => {
  await sandbox.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function created(): Promise<number> {
  const res = await sandbox.call("POST", "/packages", { version: 2, body: sampleV2() });
  expect(res.status).toBe(201);
  return res.body.package_id;
}

async function ordered(): Promise<number> {
  const id = await created();
  await sandbox.call("PUT", `/order-commands/${randomUUID()}`, { body: { packages: [{ id }] } });
  await sandbox.advance(5);
  return id;
}

function addProblem(id: number | string, body: unknown): Promise<Response> {
  return fetch(`${sandbox.baseUrl}/_sandbox/packages/${id}/tracking`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

const clockNow = async (): Promise<string> => {
  const clock = (await (await fetch(`${sandbox.baseUrl}/_sandbox/clock`)).json()) as {
    now: string;
  };
  return `${clock.now.slice(0, 19)}Z`;
};

describe("POST /_sandbox/packages/{id}/tracking", () => {
  it("appends collect-problem at the clock's now, shows it in tracking and pushes it", async () => {
    const id = await ordered();
    await sandbox.advance(3600);
    received.length = 0;
    const now = await clockNow();
    const res = await addProblem(id, {
      state: "collect-problem",
      description: "Nobody at the pickup address",
    });
    expect(res.status).toBe(201);
    const answer = await res.json();
    expect(answer).toEqual({
      package_id: id,
      state: "collect-problem",
      description: "Nobody at the pickup address",
      datetime: now,
      tracking_pushes: { delivered: 1, failed: 0 },
    });
    const tracking = await sandbox.call("GET", `/packages/${id}/tracking`);
    expect(tracking.body.tracking.map((e: { state: string }) => e.state)).toEqual([
      "ordered",
      "collect-problem",
    ]);
    expect(tracking.body.tracking[1]).toMatchObject({
      status: "Nobody at the pickup address",
      datetime: now,
    });
    const details = await sandbox.call("GET", `/packages/${id}`, { version: 2 });
    expect(details.body.state).toBe("collect-problem");
    const push = received.find((p) => p.package_id === id);
    expect(push).toMatchObject({
      tracking: { state: "collect-problem", description: "Nobody at the pickup address" },
    });
    expect(verifyTrackingPush(push, SECRET).ok).toBe(true);
    // The scheduled states still follow: a collect problem does not end the journey.
    await sandbox.advance(3600);
    const later = await sandbox.call("GET", `/packages/${id}/tracking`);
    expect(later.body.tracking.map((e: { state: string }) => e.state)).toEqual([
      "ordered",
      "collect-problem",
      "collected",
    ]);
  });

  it("describes a problem in X-Language when no description is given", async () => {
    const id = await ordered();
    await sandbox.advance(7 * 3600);
    const res = await addProblem(id, { state: "delivery-problem" });
    expect(res.status).toBe(201);
    const [en, pl] = await Promise.all(
      (["en_GB", "pl_PL"] as const).map((language) =>
        sandbox.call("GET", `/packages/${id}/tracking`, { headers: { "x-language": language } }),
      ),
    );
    const last = (r: { body: { tracking: Array<{ state: string; status: string }> } }) =>
      r.body.tracking.at(-1);
    expect(last(en as never)).toMatchObject({ state: "delivery-problem" });
    expect(last(en as never)?.status).toMatch(/\S/);
    expect(last(pl as never)?.status).toMatch(/\S/);
    expect(last(pl as never)?.status).not.toBe(last(en as never)?.status);
  });

  it("ends the timeline with returned: no later state follows", async () => {
    const id = await ordered();
    await sandbox.advance(7 * 3600);
    expect((await addProblem(id, { state: "returned" })).status).toBe(201);
    await sandbox.advance(48 * 3600);
    const tracking = await sandbox.call("GET", `/packages/${id}/tracking`);
    expect(tracking.body.tracking.map((e: { state: string }) => e.state)).toEqual([
      "ordered",
      "collected",
      "in-transit",
      "returned",
    ]);
    const again = await addProblem(id, { state: "delivery-problem" });
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe("package_returned");
  });

  it("refuses an unknown package (404), one without tracking yet (409) and a bad body (400)", async () => {
    expect((await addProblem(999999, { state: "returned" })).status).toBe(404);
    const draft = await created();
    const notOrdered = await addProblem(draft, { state: "collect-problem" });
    expect(notOrdered.status).toBe(409);
    expect((await notOrdered.json()).code).toBe("package_not_ordered");
    const id = await ordered();
    const bad = await addProblem(id, { state: "delivered", colour: "red" });
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: "state", rule: "invalid_value" }),
        expect.objectContaining({ path: "colour", rule: "unknown_field" }),
      ]),
    );
    const missing = await addProblem(id, {});
    expect((await missing.json()).errors).toEqual([
      { path: "state", rule: "required", message: expect.stringContaining("collect-problem") },
    ]);
    const empty = await addProblem(id, { state: "returned", description: "" });
    expect((await empty.json()).errors[0]).toMatchObject({
      path: "description",
      rule: "too_small",
    });
  });
});
