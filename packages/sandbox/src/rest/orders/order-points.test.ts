// An order command for a package whose point closed after the package was
// created, over real HTTP: the command does not charge for it. The package
// ends in the command's `errors` with core's point_unavailable and the reason
// in the request's language, stays unordered (no tracking number, no label),
// and the other packages of the command are ordered and charged as usual.
// Once the point opens again, a new command orders and charges it.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RestSandbox, sampleV2 } from "../testing/rest-fixture.ts";

let sandbox: RestSandbox;
beforeAll(async () => {
  sandbox = await RestSandbox.start({ clockStart: "2026-11-23T09:00:00Z" });
});
afterAll(() => sandbox.close());

const lockers: string[] = [];
/** An open InPost locker in Kraków that no other test of this file touches. */
async function openLocker(): Promise<string> {
  if (lockers.length === 0) {
    const res = await sandbox.call("POST", "/points/map", {
      body: {
        location: { search_phrase: "Kraków" },
        filters: { services: ["inpost"], point_types: ["parcel_machine"] },
        limit: 100,
      },
    });
    lockers.push(
      ...(res.body.points as { code: string; active: boolean; holiday: boolean }[])
        .filter((p) => p.active && !p.holiday)
        .map((p) => p.code),
    );
  }
  const code = lockers.shift();
  if (!code) throw new Error("no open InPost locker left in Kraków");
  return code;
}

async function packageTo(point: string): Promise<number> {
  const res = await sandbox.call("POST", "/packages", {
    version: 2,
    body: sampleV2({ receiver: { ...(sampleV2().receiver as object), point } }),
  });
  expect(res.status).toBe(201);
  return res.body.package_id;
}

/** Orders the packages and answers the command once it is final. */
async function order(ids: number[], language = "en_GB") {
  const uuid = randomUUID();
  const put = await sandbox.call("PUT", `/order-commands/${uuid}`, {
    body: { packages: ids.map((id) => ({ id })) },
    headers: { "x-language": language },
  });
  expect(put.status).toBe(202);
  await sandbox.advance(5);
  const done = await sandbox.call("GET", `/order-commands/${uuid}`, {
    headers: { "x-language": language },
  });
  expect(done.status).toBe(200);
  return done.body;
}

describe("ordering a package whose point closed", () => {
  it("orders and charges the others, and reports the closed one without charging it", async () => {
    const [open, closing] = [await openLocker(), await openLocker()];
    const good = await packageTo(open);
    const refused = await packageTo(closing);
    await sandbox.pointState(closing, { active: false });
    const before = await sandbox.restStats();

    const command = await order([good, refused]);
    expect(command.status).toBe("partial_success");
    expect(command.errors).toEqual([
      {
        package_id: refused,
        path: "packages[1].id",
        rule: "point_unavailable",
        message: `Point ${closing} is closed and takes no parcels; choose another point on the map.`,
      },
    ]);
    expect(
      command.successfully_ordered_packages.map((p: { package_id: number }) => p.package_id),
    ).toEqual([good]);

    const after = await sandbox.restStats();
    expect(after.charges).toBe(before.charges + 1);
    expect(after.ordered_packages).toBe(before.ordered_packages + 1);
    const price = (await sandbox.call("GET", `/packages/${good}`)).body.pricing.price_gross;
    expect(after.balance_gross).toBeCloseTo(before.balance_gross + price, 2);

    const details = await sandbox.call("GET", `/packages/${refused}`, { version: 2 });
    expect(details.body).toMatchObject({ state: "waiting", label: null, tracking_url: null });
    expect(details.body.parcels[0].package_no).toBeNull();
  });

  it("charges nothing for a point on holiday by the clock, and orders it once the holiday ends", async () => {
    const code = await openLocker();
    const id = await packageTo(code);
    await sandbox.advance(3600);
    // The handle of startSandbox() does what POST /_sandbox/points/{code} does.
    expect(sandbox.setPointState(code, { holiday: true })).toEqual({
      code,
      active: true,
      holiday: true,
    });
    const before = await sandbox.restStats();

    const command = await order([id], "pl_PL");
    expect(command.status).toBe("error");
    expect(command.errors).toEqual([
      {
        package_id: id,
        path: "packages[0].id",
        rule: "point_unavailable",
        message: `Punkt ${code} jest zamknięty na czas przerwy świątecznej; wybierz inny punkt na mapie.`,
      },
    ]);
    expect(command.successfully_ordered_packages).toEqual([]);
    const after = await sandbox.restStats();
    expect(after.charges).toBe(before.charges);
    expect(after.balance_gross).toBe(before.balance_gross);

    sandbox.setPointState(code, { holiday: false });
    const again = await order([id]);
    expect(again.status).toBe("successful");
    expect((await sandbox.restStats()).charges).toBe(before.charges + 1);
  });
});
