// POST /_sandbox/points/{code} over real HTTP: a test puts a point on holiday
// or closes it, POST /points/map then answers it so, and a reset opens it again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RestSandbox } from "../testing/rest-fixture.ts";

let sandbox: RestSandbox;
beforeAll(async () => {
  sandbox = await RestSandbox.start();
});
afterAll(() => sandbox.close());

interface MapPoint {
  code: string;
  active: boolean;
  holiday: boolean;
}

async function findPoint(code: string): Promise<MapPoint | undefined> {
  const res = await sandbox.call("POST", "/points/map", {
    body: { location: { search_phrase: "Kraków" }, filters: { point_id: code } },
  });
  expect(res.status).toBe(200);
  return (res.body.points as MapPoint[])[0];
}

async function openLocker(): Promise<MapPoint> {
  const res = await sandbox.call("POST", "/points/map", {
    body: {
      location: { search_phrase: "Kraków" },
      filters: { services: ["inpost"], point_types: ["parcel_machine"] },
    },
  });
  const locker = (res.body.points as MapPoint[]).find((p) => p.active && !p.holiday);
  if (!locker) throw new Error("no open InPost locker in Kraków");
  return locker;
}

const setState = (code: string, body: unknown) =>
  sandbox.call("POST", `/_sandbox/points/${code}`, {
    body,
    token: null,
    accept: null,
    contentType: "application/json",
  });

describe("POST /_sandbox/points/{code}", () => {
  it("puts a point on holiday and takes it off again, in /points/map too", async () => {
    const locker = await openLocker();
    const holiday = await setState(locker.code, { holiday: true });
    expect(holiday.status).toBe(200);
    expect(holiday.body).toMatchObject({ code: locker.code, active: true, holiday: true });
    expect(await findPoint(locker.code)).toMatchObject({ active: true, holiday: true });
    // Also found by a nearby search, not only by its code.
    const near = await sandbox.call("POST", "/points/map", {
      body: { location: { search_phrase: "Kraków" }, filters: { services: ["inpost"] } },
    });
    expect((near.body.points as MapPoint[]).find((p) => p.code === locker.code)).toMatchObject({
      holiday: true,
    });

    const back = await setState(locker.code, { holiday: false });
    expect(back.body).toMatchObject({ active: true, holiday: false });
    expect(await findPoint(locker.code)).toMatchObject({ active: true, holiday: false });
  });

  it("closes a point, keeping what was not sent, and a reset opens it", async () => {
    const locker = await openLocker();
    await setState(locker.code, { holiday: true });
    const closed = await setState(locker.code.toLowerCase(), { active: false });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ code: locker.code, active: false, holiday: true });
    expect(await findPoint(locker.code)).toMatchObject({ active: false, holiday: true });

    expect((await sandbox.call("POST", "/_sandbox/reset", { token: null })).status).toBe(200);
    expect(await findPoint(locker.code)).toMatchObject({ active: true, holiday: false });
  });

  it("refuses an unknown point with 404, and a bad body naming the field", async () => {
    const unknown = await setState("NOPE01X", { holiday: true });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: "point_not_found" });
    expect(unknown.body.message).toContain("NOPE01X");

    const locker = await openLocker();
    const wrongType = await setState(locker.code, { holiday: "yes" });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors).toEqual([
      expect.objectContaining({ path: "holiday", rule: "invalid_type" }),
    ]);
    const empty = await setState(locker.code, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([
      expect.objectContaining({ path: "holiday", message: "send active, holiday or both" }),
    ]);
    const extra = await setState(locker.code, { holiday: true, until: "tomorrow" });
    expect(extra.status).toBe(400);
    expect(extra.body.errors).toEqual([
      expect.objectContaining({ path: "until", rule: "unknown_field" }),
    ]);
    // Nothing was changed by the refused requests.
    expect(await findPoint(locker.code)).toMatchObject({ active: true, holiday: false });
  });
});
