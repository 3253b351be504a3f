// Tracking over real HTTP: states advance with the sandbox clock, v2 covers
// every parcel, add-to-tracking recognises carriers, and registered webhooks
// receive each new state with a verifiable control checksum.
import { createHash, randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { verifyTrackingPush } from "@shipbridge/core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { refusedInBothLanguages } from "../testing/both-languages.ts";
import { RestSandbox, sampleV2 } from "../testing/rest-fixture.ts";

let sandbox: RestSandbox;
beforeAll(async () => {
  sandbox = await RestSandbox.start({ clockStart: "2026-11-22T08:00:00Z" });
});
afterAll(() => sandbox.close());

async function orderTwoParcels(reference = "SHOP-77"): Promise<{ id: number; numbers: string[] }> {
  const created = await sandbox.call("POST", "/packages", {
    version: 2,
    body: sampleV2({
      service: "gls",
      user_reference_number: reference,
      parcels: [
        { width: 30, depth: 20, height: 10, weight: 2, type: "package" },
        { width: 30, depth: 20, height: 10, weight: 1, type: "package" },
      ],
    }),
  });
  const id = created.body.package_id;
  await sandbox.call("PUT", `/order-commands/${randomUUID()}`, { body: { packages: [{ id }] } });
  const details = await sandbox.call("GET", `/packages/${id}`, { version: 2 });
  return { id, numbers: details.body.parcels.map((p: { package_no: string }) => p.package_no) };
}

const states = (events: Array<{ state: string }>) => events.map((e) => e.state);

describe("GET /packages/{id}/tracking", () => {
  it("moves ordered → collected → in-transit → delivered with the clock", async () => {
    const { id, numbers } = await orderTwoParcels();
    expect((await sandbox.call("GET", `/packages/${id}/tracking`)).body).toEqual({ tracking: [] });
    await sandbox.advance(5);
    const ordered = await sandbox.call("GET", `/packages/${id}/tracking`);
    expect(ordered.body.tracking).toEqual([
      {
        state: "ordered",
        status: expect.any(String),
        datetime: expect.stringMatching(/Z$/),
        branch: "Warszawa",
      },
    ]);
    await sandbox.advance(2 * 3600);
    expect(states((await sandbox.call("GET", `/packages/${id}/tracking`)).body.tracking)).toEqual([
      "ordered",
      "collected",
    ]);
    await sandbox.advance(4 * 3600);
    expect(states((await sandbox.call("GET", `/packages/${id}/tracking`)).body.tracking)).toEqual([
      "ordered",
      "collected",
      "in-transit",
    ]);
    // Still on its way a day after the order (T + 24 h)...
    await sandbox.advance(18 * 3600);
    expect(
      states((await sandbox.call("GET", `/packages/${id}/tracking`)).body.tracking).at(-1),
    ).toBe("in-transit");
    // ...and delivered at T + 30 h.
    await sandbox.advance(6 * 3600);
    const v2 = await sandbox.call("GET", `/packages/${id}/tracking`, {
      version: 2,
      headers: { "X-Language": "pl_PL" },
    });
    expect(v2.body).toHaveLength(2);
    expect(v2.body[0].package_no).toBe(numbers[0]);
    expect(states(v2.body[0].tracking)).toEqual([
      "ordered",
      "collected",
      "in-transit",
      "delivered",
    ]);
    expect(v2.body[0].tracking[3]).toMatchObject({ status: "Doręczona", branch: "Kraków" });
    expect(states(v2.body[1].tracking)).toEqual(["ordered", "collected", "in-transit"]);
    await sandbox.advance(1800);
    const later = await sandbox.call("GET", `/packages/${id}/tracking`, { version: 2 });
    expect(states(later.body[1].tracking).at(-1)).toBe("delivered");
    const details = await sandbox.call("GET", `/packages/${id}`, { version: 2 });
    expect(details.body.state).toBe("delivered");
    expect(details.body.datetime_delivery).toBe(v2.body[0].tracking[3].datetime);
  });

  it("shows a parcel in transit one day after the order and delivered the next day", async () => {
    const { id } = await orderTwoParcels("SHOP-DAYS");
    // The order completes (5 s) and the label is ready, as a shop sees it shipped.
    await sandbox.advance(10);
    expect((await sandbox.call("GET", `/packages/${id}`)).body.state).toBe("ordered");
    const day = async () => {
      await sandbox.advance(24 * 3600);
      return sandbox.call("GET", `/packages/${id}`, { version: 2 });
    };
    const first = await day();
    expect(first.body.state).toBe("in-transit");
    expect(first.body.parcels.map((p: { state: string }) => p.state)).toEqual([
      "in-transit",
      "in-transit",
    ]);
    expect(first.body.datetime_delivery).toBeNull();
    const second = await day();
    expect(second.body.state).toBe("delivered");
    expect(second.body.parcels.map((p: { state: string }) => p.state)).toEqual([
      "delivered",
      "delivered",
    ]);
  });

  it("answers 404 for an unknown package", async () => {
    expect((await sandbox.call("GET", "/packages/777777/tracking")).status).toBe(404);
  });
});

describe("POST /packages/add-to-tracking", () => {
  it("answers 200 with the carrier and type it recognises", async () => {
    const res = await sandbox.call("POST", "/packages/add-to-tracking", {
      body: { package_no: "1ZSB7E416800000001" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      service: "ups",
      type: "package",
      package_no: "1ZSB7E416800000001",
      package_id: null,
    });
    const own = await orderTwoParcels("OWN");
    const mine = await sandbox.call("POST", "/packages/add-to-tracking", {
      body: { package_no: own.numbers[0] },
    });
    expect(mine.body).toMatchObject({ service: "gls", package_id: own.id });
  });

  it("refuses a number whose carrier cannot be told, or that contradicts service", async () => {
    const unknown = await sandbox.call("POST", "/packages/add-to-tracking", {
      body: { package_no: "ABC" },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].path).toBe("package_no");
    await refusedInBothLanguages(
      sandbox,
      "POST",
      "/packages/add-to-tracking",
      () => ({ body: { package_no: "ABC" } }),
      { path: "package_no", rule: "carrier_unknown" },
    );
    const mismatch = await refusedInBothLanguages(
      sandbox,
      "POST",
      "/packages/add-to-tracking",
      () => ({ body: { package_no: "1zsb7e416800000001", service: "dpd" } }),
      { path: "package_no", rule: "carrier_mismatch" },
    );
    expect(mismatch.en_GB).toBe("The number 1ZSB7E416800000001 has the format of ups, not dpd.");
    expect(mismatch.pl_PL).toBe("Numer 1ZSB7E416800000001 ma format przewoźnika ups, a nie dpd.");
    const given = await sandbox.call("POST", "/packages/add-to-tracking", {
      body: { package_no: "ABC", service: "meest" },
    });
    expect(given.body.service).toBe("meest");
  });
});

describe("tracking push", () => {
  let server: Server;
  const received: Array<Record<string, unknown>> = [];
  let url = "";
  beforeAll(async () => {
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
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/furgonetka/tracking`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("registers a webhook without ever showing the secret, and pushes nothing from before", async () => {
    const bad = await sandbox.call("PUT", "/account/tracking-webhook", {
      body: { url: "ftp://x", secret: "short" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(["secret", "url"]);
    const put = await sandbox.call("PUT", "/account/tracking-webhook", {
      body: { url, secret: "s3cret-s3cret-s3cret", language: "en_GB" },
    });
    expect(put.status).toBe(200);
    const get = await sandbox.call("GET", "/account/tracking-webhook");
    expect(get.body).toMatchObject({ url, language: "en_GB" });
    expect(JSON.stringify(get.body)).not.toContain("s3cret");
    await sandbox.advance(0);
    expect(received).toEqual([]);
  });

  it("POSTs each new state with control = md5 of the fields and the secret, before the clock advance answers", async () => {
    await sandbox.advance(0);
    received.length = 0;
    const { id, numbers } = await orderTwoParcels("SHOP-PUSH");
    const first = await sandbox.advance(5);
    expect(first.failed).toBe(0);
    expect(received.filter((p) => p.package_id === id)).toHaveLength(2);
    const push = received.find((p) => p.package_id === id && p.package_no === numbers[0]);
    expect(push).toMatchObject({
      package_id: id,
      package_no: numbers[0],
      partner_order_id: "SHOP-PUSH",
      tracking: {
        state: "ordered",
        description: expect.any(String),
        datetime: expect.any(String),
        branch: "Warszawa",
      },
    });
    const t = push?.tracking as Record<string, string>;
    const expected = createHash("md5")
      .update(
        `${id}${numbers[0]}SHOP-PUSH${t.state}${t.description}${t.datetime}${t.branch}s3cret-s3cret-s3cret`,
      )
      .digest("hex");
    expect(push?.control).toBe(expected);
    expect(verifyTrackingPush(push, "s3cret-s3cret-s3cret").ok).toBe(true);
    expect(verifyTrackingPush(push, "another-secret-entirely").ok).toBe(false);
    expect(await sandbox.advance(0)).toEqual({ delivered: 0, failed: 0 });
    expect((await sandbox.advance(2 * 3600)).failed).toBe(0);
    expect(
      received
        .filter((p) => p.package_id === id)
        .map((p) => (p.tracking as { state: string }).state),
    ).toEqual(["ordered", "ordered", "collected", "collected"]);
  });

  it("delivers due pushes by itself, once a second, without being asked", async () => {
    // A sandbox whose clock runs with real time, as outside tests.
    const running = await RestSandbox.start({ freezeClock: false });
    try {
      await running.call("PUT", "/account/tracking-webhook", {
        body: { url, secret: "s3cret-s3cret-s3cret" },
      });
      const created = await running.call("POST", "/packages", {
        version: 2,
        body: sampleV2({ user_reference_number: "SHOP-TIMER" }),
      });
      await running.call("PUT", `/order-commands/${randomUUID()}`, {
        body: { packages: [{ id: created.body.package_id }] },
      });
      // The order completes 5 s after it was accepted: 4 s by the control, the
      // last second by real time, so the timer (not the advance) sends it.
      await running.advance(4);
      const mine = () => received.filter((p) => p.partner_order_id === "SHOP-TIMER");
      await vi.waitFor(() => expect(mine()).toHaveLength(1), { timeout: 10_000, interval: 100 });
      expect(mine()[0]).toMatchObject({ tracking: { state: "ordered" } });
    } finally {
      await running.close();
    }
  });

  it("after a failed push, holds the later pushes to that URL for the next run, in order", async () => {
    let refuseNext = true;
    const got: Array<Record<string, unknown>> = [];
    const flaky = createServer((req, res) => {
      let data = "";
      req.on("data", (chunk) => {
        data += chunk;
      });
      req.on("end", () => {
        if (refuseNext) {
          refuseNext = false;
          res.writeHead(500).end();
          return;
        }
        got.push(JSON.parse(data));
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => flaky.listen(0, "127.0.0.1", () => resolve()));
    const own = await RestSandbox.start();
    try {
      const port = (flaky.address() as AddressInfo).port;
      await own.call("PUT", "/account/tracking-webhook", {
        body: { url: `http://127.0.0.1:${port}/hook`, secret: "s3cret-s3cret-s3cret" },
      });
      const created = await own.call("POST", "/packages", {
        version: 2,
        body: sampleV2({
          parcels: [
            { width: 30, depth: 20, height: 10, weight: 2, type: "package" },
            { width: 30, depth: 20, height: 10, weight: 1, type: "package" },
          ],
        }),
      });
      await own.call("PUT", `/order-commands/${randomUUID()}`, {
        body: { packages: [{ id: created.body.package_id }] },
      });
      expect(await own.advance(5)).toEqual({ delivered: 0, failed: 1 });
      expect(await own.advance(0)).toEqual({ delivered: 2, failed: 0 });
      const numbers = (
        await own.call("GET", `/packages/${created.body.package_id}`)
      ).body.parcels.map((p: { package_no: string }) => p.package_no);
      expect(got.map((p) => p.package_no)).toEqual(numbers);
      expect(await own.restStats()).toMatchObject({
        tracking_pushes_delivered: 2,
        tracking_pushes_failed: 0,
      });
    } finally {
      await own.close();
      await new Promise<void>((resolve) => flaky.close(() => resolve()));
    }
  });

  it("stops pushing once the webhook is deleted", async () => {
    expect((await sandbox.call("DELETE", "/account/tracking-webhook")).status).toBe(204);
    expect((await sandbox.call("GET", "/account/tracking-webhook")).status).toBe(404);
    received.length = 0;
    await sandbox.advance(24 * 3600);
    await sandbox.advance(0);
    expect(received).toEqual([]);
  });
});
