// A package to a point that cannot take it, over real HTTP: POST /packages,
// PUT /packages/{id} and POST /packages/validate refuse a receiver or pickup
// point that is unknown, closed (by the point control or in the data set), on
// holiday at that moment of the sandbox clock, of another carrier, or (for
// the receiver) one that hands nothing out, with a 400 at the point's path,
// core's point_unavailable and a message in each language; nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusedInBothLanguages } from "../testing/both-languages.ts";
import { RestSandbox, sampleV2 } from "../testing/rest-fixture.ts";

let sandbox: RestSandbox;
beforeAll(async () => {
  sandbox = await RestSandbox.start({ clockStart: "2026-11-23T09:00:00Z" });
});
afterAll(() => sandbox.close());

interface MapPoint {
  code: string;
  service: string;
  active: boolean;
  holiday: boolean;
  is_delivery_point: boolean;
  is_send_point: boolean;
}

async function pointsIn(city: string, service: string): Promise<MapPoint[]> {
  const res = await sandbox.call("POST", "/points/map", {
    body: { location: { search_phrase: city }, filters: { services: [service] }, limit: 100 },
  });
  expect(res.status).toBe(200);
  return res.body.points as MapPoint[];
}

/** An open InPost locker in Kraków that no other test of this file touches. */
const lockers: MapPoint[] = [];
async function openLocker(): Promise<string> {
  if (lockers.length === 0) {
    lockers.push(
      ...(await pointsIn("Kraków", "inpost")).filter(
        (p) => p.active && !p.holiday && p.code.endsWith("M"),
      ),
    );
  }
  const locker = lockers.shift();
  if (!locker) throw new Error("no open InPost locker left in Kraków");
  return locker.code;
}

const toPoint = (point: string, overrides: Record<string, unknown> = {}) =>
  sampleV2({ receiver: { ...(sampleV2().receiver as object), point }, ...overrides });

const create = (body: unknown, headers: Record<string, string> = {}) =>
  sandbox.call("POST", "/packages", { version: 2, body, headers });

async function packageCount(): Promise<number> {
  return (await sandbox.restStats()).packages;
}

describe("a package to a point", () => {
  it("is created to an open point of its carrier", async () => {
    const code = await openLocker();
    const res = await create(toPoint(code));
    expect(res.status).toBe(201);
    expect(res.body.receiver.point).toBe(code);
    expect(
      (await sandbox.call("POST", "/packages/validate", { version: 2, body: toPoint(code) }))
        .status,
    ).toBe(204);
  });

  it("is refused when the point control closed it, in both languages, and created once it opens", async () => {
    const code = await openLocker();
    await sandbox.pointState(code, { active: false });
    const before = await packageCount();
    const messages = await refusedInBothLanguages(
      sandbox,
      "POST",
      "/packages",
      () => ({ version: 2, body: toPoint(code) }),
      { path: "receiver.point", rule: "point_unavailable" },
    );
    expect(messages.en_GB).toBe(
      `Point ${code} is closed and takes no parcels; choose another point on the map.`,
    );
    expect(messages.pl_PL).toBe(
      `Punkt ${code} jest nieczynny i nie przyjmuje przesyłek; wybierz inny punkt na mapie.`,
    );
    const validate = await sandbox.call("POST", "/packages/validate", {
      version: 2,
      body: toPoint(code),
    });
    expect(validate.status).toBe(400);
    expect(validate.body.errors).toEqual([
      expect.objectContaining({ path: "receiver.point", rule: "point_unavailable" }),
    ]);
    expect(await packageCount()).toBe(before);

    await sandbox.pointState(code, { active: true });
    expect((await create(toPoint(code))).status).toBe(201);
  });

  it("is refused while the point is on holiday, by the sandbox clock", async () => {
    const code = await openLocker();
    await sandbox.pointState(code, { holiday: true });
    await sandbox.advance(3600);
    const refused = await create(toPoint(code), { "x-language": "pl_PL" });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      {
        path: "receiver.point",
        rule: "point_unavailable",
        message: `Punkt ${code} jest zamknięty na czas przerwy świątecznej; wybierz inny punkt na mapie.`,
      },
    ]);
    await sandbox.pointState(code, { holiday: false });
    expect((await create(toPoint(code))).status).toBe(201);
  });

  it("is refused to a point the data set has closed", async () => {
    const closed = (await pointsIn("Gdańsk", "inpost")).find((p) => !p.active);
    if (!closed) throw new Error("the data set has no closed InPost point in Gdańsk");
    const res = await create(toPoint(closed.code));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      expect.objectContaining({
        path: "receiver.point",
        rule: "point_unavailable",
        message: expect.stringContaining("is closed"),
      }),
    ]);
  });

  it("is refused to an unknown point, another carrier's point and one that hands nothing out", async () => {
    const unknown = await create(toPoint("KRA999Z"));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([
      {
        path: "receiver.point",
        rule: "point_unavailable",
        message: "There is no point KRA999Z; choose another point on the map.",
      },
    ]);

    const dpd = (await pointsIn("Kraków", "dpd")).find((p) => p.active && !p.holiday);
    if (!dpd) throw new Error("no open DPD point in Kraków");
    const other = await create(toPoint(dpd.code));
    expect(other.status).toBe(400);
    expect(other.body.errors).toEqual([
      {
        path: "receiver.point",
        rule: "point_unavailable",
        message: `Point ${dpd.code} belongs to dpd, but the package ships with inpost; choose a point of inpost.`,
      },
    ]);

    const station = (await pointsIn("Kraków", "fedex")).find(
      (p) => p.active && !p.is_delivery_point,
    );
    if (!station) throw new Error("no FedEx station in Kraków");
    const fedex = await create(toPoint(station.code, { service: "fedex" }));
    expect(fedex.status).toBe(400);
    expect(fedex.body.errors).toEqual([
      expect.objectContaining({
        path: "receiver.point",
        rule: "point_unavailable",
        message: expect.stringContaining("does not hand parcels out"),
      }),
    ]);
  });

  it("checks the pickup point too, and reports it with every other problem at once", async () => {
    const code = await openLocker();
    await sandbox.pointState(code, { active: false });
    const body = toPoint("KRA999Z", {
      pickup: { ...(sampleV2().pickup as object), point: code },
      parcels: [{ width: 30, depth: 20, height: 10, weight: -1, type: "package" }],
    });
    const res = await create(body);
    expect(res.status).toBe(400);
    const paths = (res.body.errors as { path: string; rule: string }[]).map((e) => [
      e.path,
      e.rule,
    ]);
    expect(paths).toContainEqual(["pickup.point", "point_unavailable"]);
    expect(paths).toContainEqual(["receiver.point", "point_unavailable"]);
    expect(paths.some(([path]) => path?.startsWith("parcels[0]"))).toBe(true);
  });

  it("is refused with a drop-off (pickup) point that takes no parcels in, and made at one that does", async () => {
    const dpd = (await pointsIn("Kraków", "dpd")).filter((p) => p.active && !p.holiday);
    const pickupOnly = dpd.find((p) => !p.is_send_point);
    const sendPoint = dpd.find((p) => p.is_send_point);
    if (!pickupOnly || !sendPoint) throw new Error("no open DPD points of both kinds in Kraków");
    const from = (point: string) =>
      sampleV2({ service: "dpd", pickup: { ...(sampleV2().pickup as object), point } });
    const before = await packageCount();
    const messages = await refusedInBothLanguages(
      sandbox,
      "POST",
      "/packages",
      () => ({ version: 2, body: from(pickupOnly.code) }),
      { path: "pickup.point", rule: "point_unavailable" },
    );
    expect(messages.en_GB).toBe(
      `Point ${pickupOnly.code} does not take parcels in from senders; choose a point of the same carrier that does.`,
    );
    expect(messages.pl_PL).toBe(
      `Punkt ${pickupOnly.code} nie przyjmuje przesyłek od nadawców; wybierz punkt tego samego przewoźnika, który je przyjmuje.`,
    );
    expect(await packageCount()).toBe(before);
    // Such a point still hands parcels out to receivers.
    const delivered = await create(
      sampleV2({
        service: "dpd",
        receiver: { ...(sampleV2().receiver as object), point: pickupOnly.code },
      }),
    );
    expect(delivered.status).toBe(201);
    const sent = await create(from(sendPoint.code));
    expect(sent.status).toBe(201);
  });

  it("is refused when an edit (PUT) moves it to a closed point", async () => {
    const open = await openLocker();
    const closed = await openLocker();
    const created = await create(toPoint(open));
    expect(created.status).toBe(201);
    await sandbox.pointState(closed, { active: false });
    const edited = await sandbox.call("PUT", `/packages/${created.body.package_id}`, {
      version: 2,
      body: toPoint(closed),
    });
    expect(edited.status).toBe(400);
    expect(edited.body.errors).toEqual([
      expect.objectContaining({ path: "receiver.point", rule: "point_unavailable" }),
    ]);
    const details = await sandbox.call("GET", `/packages/${created.body.package_id}`, {
      version: 2,
    });
    expect(details.body.receiver.point).toBe(open);
  });
});
