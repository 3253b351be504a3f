// Cancelling a courier pickup over real HTTP (DELETE /pickup-commands/{uuid}):
// the command answers cancelled, its packages are freed for a new pickup, a
// repeated DELETE answers the same, and once the window has started by the
// sandbox clock it is a 409 pickup_not_cancellable, in both languages.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RestSandbox, sampleV2 } from "../testing/rest-fixture.ts";

let sandbox: RestSandbox;
// Monday 2026-11-23, 09:00 in Warsaw.
beforeAll(async () => {
  sandbox = await RestSandbox.start({ clockStart: "2026-11-23T08:00:00Z" });
});
afterAll(() => sandbox.close());

async function ordered(): Promise<number> {
  const created = await sandbox.call("POST", "/packages", {
    version: 2,
    body: sampleV2({ service: "dpd" }),
  });
  const id = created.body.package_id;
  await sandbox.call("PUT", `/order-commands/${randomUUID()}`, { body: { packages: [{ id }] } });
  return id;
}

async function book(ids: number[], date: string, min_time: string, max_time = "16:00") {
  const uuid = randomUUID();
  const put = await sandbox.call("PUT", `/pickup-commands/${uuid}`, {
    body: { packages: ids.map((id) => ({ id })), pickup_date: { date, min_time, max_time } },
  });
  expect(put.status).toBe(202);
  expect(put.body.cancelled).toBe(false);
  return uuid;
}

describe("DELETE /pickup-commands/{uuid}", () => {
  it("cancels the pickup, frees its packages for a new one, and answers the same when repeated", async () => {
    const a = await ordered();
    const b = await ordered();
    const before = await sandbox.restStats();
    const uuid = await book([a, b], "2026-11-24", "12:00", "15:00");
    await sandbox.advance(5);
    const booked = await sandbox.call("GET", `/pickup-commands/${uuid}`);
    expect(booked.body).toMatchObject({ status: "successful", cancelled: false });
    const number = booked.body.successfully_ordered_packages[0].pickup_number;
    expect(number).toMatch(/^DPD-20261124-\d{6}$/);

    const cancelled = await sandbox.call("DELETE", `/pickup-commands/${uuid}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({ ...booked.body, cancelled: true });
    for (const id of [a, b]) {
      expect((await sandbox.call("GET", `/packages/${id}`)).body).toMatchObject({
        pickup_available: true,
        pickup_number: null,
        pickup_date: null,
      });
    }
    const repeated = await sandbox.call("DELETE", `/pickup-commands/${uuid}`);
    expect(repeated.status).toBe(200);
    expect(repeated.body).toEqual(cancelled.body);
    expect((await sandbox.call("GET", `/pickup-commands/${uuid}`)).body).toEqual(cancelled.body);
    expect(await sandbox.restStats()).toMatchObject({
      pickup_commands: before.pickup_commands + 1,
      pickup_cancellations: before.pickup_cancellations + 1,
    });

    const again = await book([a, b], "2026-11-25", "10:00");
    await sandbox.advance(5);
    const rebooked = await sandbox.call("GET", `/pickup-commands/${again}`);
    expect(rebooked.body.status).toBe("successful");
    expect(rebooked.body.successfully_ordered_packages[0].pickup_number).toMatch(
      /^DPD-20261125-\d{6}$/,
    );
    expect((await sandbox.call("GET", `/pickup-commands/${uuid}`)).body).toEqual(cancelled.body);
  });

  it("answers 409 pickup_not_cancellable once the window has started, 404 for an unknown command", async () => {
    const id = await ordered();
    const today = await book([id], "2026-11-23", "12:00");
    const other = await ordered();
    const cancelledFirst = await book([other], "2026-11-23", "12:00");
    expect((await sandbox.call("DELETE", `/pickup-commands/${cancelledFirst}`)).status).toBe(200);
    // 11:59 in Warsaw: still cancellable; 12:00: the courier's window has started.
    const now = Date.parse((await (await fetch(`${sandbox.baseUrl}/_sandbox/clock`)).json()).now);
    await sandbox.advance((Date.parse("2026-11-23T10:59:00Z") - now) / 1000);
    expect((await sandbox.call("GET", `/packages/${id}`)).body.pickup_number).not.toBeNull();
    await sandbox.advance(60);
    const messages: string[] = [];
    for (const language of ["en_GB", "pl_PL"]) {
      const late = await sandbox.call("DELETE", `/pickup-commands/${today}`, {
        headers: { "x-language": language },
      });
      expect(late.status).toBe(409);
      expect(late.body.code).toBe("pickup_not_cancellable");
      messages.push(late.body.message);
    }
    expect(messages[0]).toBe(
      `Pickup ${today} can no longer be cancelled: the courier's window started at 2026-11-23 12:00 (Polish time).`,
    );
    expect(messages[1]).toContain("nie można już anulować");
    expect((await sandbox.call("GET", `/pickup-commands/${today}`)).body.cancelled).toBe(false);
    expect((await sandbox.call("GET", `/packages/${id}`)).body.pickup_number).not.toBeNull();
    const stillCancelled = await sandbox.call("DELETE", `/pickup-commands/${cancelledFirst}`);
    expect(stillCancelled.status).toBe(200);
    expect(stillCancelled.body.cancelled).toBe(true);
    const unknown = await sandbox.call("DELETE", `/pickup-commands/${randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("command_not_found");
  });
});
