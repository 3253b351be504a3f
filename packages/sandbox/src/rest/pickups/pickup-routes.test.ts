// Courier pickups over real HTTP: proposals in Polish time, a pickup command
// that runs like ordering, and the package's pickup fields.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusedInBothLanguages } from "../testing/both-languages.ts";
import { RestSandbox, sampleV2 } from "../testing/rest-fixture.ts";

let sandbox: RestSandbox;
// Monday 2026-11-23, 09:00 in Warsaw.
beforeAll(async () => {
  sandbox = await RestSandbox.start({ clockStart: "2026-11-23T08:00:00Z" });
});
afterAll(() => sandbox.close());

async function ordered(service = "dpd", overrides: Record<string, unknown> = {}): Promise<number> {
  const created = await sandbox.call("POST", "/packages", {
    version: 2,
    body: sampleV2({ service, ...overrides }),
  });
  expect(created.status).toBe(201);
  const id = created.body.package_id;
  await sandbox.call("PUT", `/order-commands/${randomUUID()}`, { body: { packages: [{ id }] } });
  return id;
}

describe("courier pickups", () => {
  it("proposes working days in Polish time and orders a pickup for the chosen window", async () => {
    const a = await ordered();
    const b = await ordered();
    expect((await sandbox.call("GET", `/packages/${a}`)).body).toMatchObject({
      pickup_available: true,
      pickup_number: null,
    });
    const proposals = await sandbox.call("POST", "/packages/pickup-date-proposals", {
      body: { packages: [{ id: a }, { id: b }] },
    });
    expect(proposals.status).toBe(200);
    expect(proposals.body.pickup_dates[0]).toMatchObject({
      date: "2026-11-23",
      min_time: "11:00",
      max_time: "16:00",
      info: expect.any(String),
    });
    const uuid = randomUUID();
    const body = {
      packages: [{ id: a }, { id: b }],
      pickup_date: { date: "2026-11-24", min_time: "12:00", max_time: "15:00" },
    };
    const put = await sandbox.call("PUT", `/pickup-commands/${uuid}`, { body });
    expect(put.status).toBe(202);
    expect(
      (await sandbox.call("PUT", `/pickup-commands/${uuid}`, { body })).body.datetime_add,
    ).toBe(put.body.datetime_add);
    await sandbox.advance(5);
    const done = await sandbox.call("GET", `/pickup-commands/${uuid}`);
    expect(done.body.status).toBe("successful");
    const numbers = done.body.successfully_ordered_packages.map(
      (p: { pickup_number: string }) => p.pickup_number,
    );
    expect(numbers[0]).toMatch(/^DPD-20261124-\d{6}$/);
    expect(numbers[1]).toBe(numbers[0]);
    const details = await sandbox.call("GET", `/packages/${a}`);
    expect(details.body).toMatchObject({
      pickup_available: false,
      pickup_number: numbers[0],
      pickup_date: body.pickup_date,
    });
    const again = randomUUID();
    await sandbox.call("PUT", `/pickup-commands/${again}`, {
      body: { ...body, packages: [{ id: a }, { id: 999999 }] },
    });
    await sandbox.advance(5);
    const refused = await sandbox.call("GET", `/pickup-commands/${again}`);
    expect(refused.body.status).toBe("error");
    expect(refused.body.errors).toEqual([
      {
        package_id: a,
        path: "packages[0].id",
        rule: "pickup_unavailable",
        message: `A pickup (${numbers[0]}) is already ordered for package ${a}.`,
      },
      {
        package_id: 999999,
        path: "packages[1].id",
        rule: "package_not_found",
        message: "There is no package 999999 on this account.",
      },
    ]);
  });

  it("refuses a day or window that is not on offer, and packages that cannot be picked up", async () => {
    const id = await ordered();
    const draft = (await sandbox.call("POST", "/packages", { version: 2, body: sampleV2() })).body
      .package_id;
    const saturday = await sandbox.call("PUT", `/pickup-commands/${randomUUID()}`, {
      body: {
        packages: [{ id }],
        pickup_date: { date: "2026-11-28", min_time: "10:00", max_time: "12:00" },
      },
    });
    expect(saturday.status).toBe(400);
    expect(saturday.body.errors[0].path).toBe("pickup_date.date");
    const early = await sandbox.call("PUT", `/pickup-commands/${randomUUID()}`, {
      body: {
        packages: [{ id }],
        pickup_date: { date: "2026-11-24", min_time: "07:00", max_time: "18:00" },
      },
    });
    expect(early.body.errors.map((e: { path: string }) => e.path)).toEqual([
      "pickup_date.min_time",
      "pickup_date.max_time",
    ]);
    const backwards = await sandbox.call("PUT", `/pickup-commands/${randomUUID()}`, {
      body: {
        packages: [{ id }],
        pickup_date: { date: "2026-11-24", min_time: "14:00", max_time: "12:00" },
      },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual([
      expect.objectContaining({ path: "pickup_date.max_time", rule: "pickup_window_invalid" }),
    ]);
    const notOrdered = await sandbox.call("POST", "/packages/pickup-date-proposals", {
      body: { packages: [{ id: draft }] },
    });
    expect(notOrdered.status).toBe(400);
    expect(notOrdered.body.errors[0]).toMatchObject({
      path: "packages[0].id",
      rule: "pickup_unavailable",
    });
    const mixed = await sandbox.call("POST", "/packages/pickup-date-proposals", {
      body: { packages: [{ id }, { id: await ordered("gls") }] },
    });
    expect(mixed.body.errors[0]).toMatchObject({ path: "packages", rule: "pickup_one_carrier" });
  });

  it("answers its own refusals with core's rule codes, in Polish and in English", async () => {
    const id = await ordered();
    const gls = await ordered("gls");
    const draft = (await sandbox.call("POST", "/packages", { version: 2, body: sampleV2() })).body
      .package_id;
    const proposals = (packages: { id: number }[]) => () => ({ body: { packages } });
    const pickup = (date: string, min_time: string, max_time: string) => () => ({
      body: { packages: [{ id }], pickup_date: { date, min_time, max_time } },
    });

    const missing = await refusedInBothLanguages(
      sandbox,
      "POST",
      "/packages/pickup-date-proposals",
      proposals([{ id: 987654321 }]),
      { path: "packages[0].id", rule: "pickup_unavailable" },
    );
    expect(missing.en_GB).toContain("987654321");
    expect(missing.pl_PL).toBe("Na tym koncie nie ma przesyłki 987654321.");
    const notPickable = await refusedInBothLanguages(
      sandbox,
      "POST",
      "/packages/pickup-date-proposals",
      proposals([{ id: draft }]),
      { path: "packages[0].id", rule: "pickup_unavailable" },
    );
    expect(notPickable.en_GB).toContain(`Package ${draft} must be ordered`);
    const carriers = await refusedInBothLanguages(
      sandbox,
      "POST",
      "/packages/pickup-date-proposals",
      proposals([{ id }, { id: gls }]),
      { path: "packages", rule: "pickup_one_carrier" },
    );
    expect(carriers.pl_PL).toContain("dpd, gls");

    const saturday = await refusedInBothLanguages(
      sandbox,
      "PUT",
      `/pickup-commands/${randomUUID()}`,
      pickup("2026-11-28", "10:00", "12:00"),
      { path: "pickup_date.date", rule: "pickup_date_unavailable" },
    );
    expect(saturday.en_GB).toContain("2026-11-28");
    const early = await refusedInBothLanguages(
      sandbox,
      "PUT",
      `/pickup-commands/${randomUUID()}`,
      pickup("2026-11-24", "07:00", "15:00"),
      { path: "pickup_date.min_time", rule: "pickup_outside_window" },
    );
    expect(early.en_GB).toBe("min_time must be from 10:00 and before 16:00.");
    const late = await refusedInBothLanguages(
      sandbox,
      "PUT",
      `/pickup-commands/${randomUUID()}`,
      pickup("2026-11-24", "12:00", "18:00"),
      { path: "pickup_date.max_time", rule: "pickup_outside_window" },
    );
    expect(late.pl_PL).toBe("max_time musi być po min_time i najpóźniej 16:00.");

    const put = await sandbox.call("PUT", `/pickup-commands/${randomUUID()}`, {
      body: pickup("2026-11-24", "12:00", "15:00")().body,
    });
    expect(put.status).toBe(202);
    await sandbox.advance(5);
    const number = (await sandbox.call("GET", `/packages/${id}`)).body.pickup_number;
    const again = await refusedInBothLanguages(
      sandbox,
      "POST",
      "/packages/pickup-date-proposals",
      proposals([{ id }]),
      { path: "packages[0].id", rule: "pickup_unavailable" },
    );
    expect(again.en_GB).toBe(`A pickup (${number}) is already ordered for package ${id}.`);
  });

  it("refuses a package of another carrier inside a pickup command with core's message", async () => {
    const dpd = await ordered();
    const gls = await ordered("gls");
    const uuid = randomUUID();
    const put = await sandbox.call("PUT", `/pickup-commands/${uuid}`, {
      headers: { "x-language": "pl_PL" },
      body: {
        packages: [{ id: dpd }, { id: gls }],
        pickup_date: { date: "2026-11-24", min_time: "12:00", max_time: "15:00" },
      },
    });
    expect(put.status).toBe(202);
    await sandbox.advance(5);
    const done = await sandbox.call("GET", `/pickup-commands/${uuid}`, {
      headers: { "x-language": "pl_PL" },
    });
    expect(JSON.stringify(done.body)).toContain(
      "Jeden odbiór obejmuje przesyłki jednego przewoźnika, a podano: dpd, gls.",
    );
  });

  it("needs no courier for a package the sender hands in at a point: pickup_not_needed, couriers unchanged", async () => {
    const lockers = await sandbox.call("POST", "/points/map", {
      body: { location: { search_phrase: "Warszawa" }, filters: { services: ["inpost"] } },
    });
    const locker = (
      lockers.body.points as { code: string; active: boolean; holiday: boolean }[]
    ).find((p) => p.active && !p.holiday && p.code.endsWith("M"));
    if (!locker) throw new Error("no open InPost locker in Warszawa");
    const dropped = await ordered("inpost", {
      pickup: { ...(sampleV2().pickup as object), point: locker.code },
    });
    const courier = await ordered("inpost");
    expect((await sandbox.call("GET", `/packages/${dropped}`)).body.pickup_available).toBe(false);
    expect((await sandbox.call("GET", `/packages/${courier}`)).body.pickup_available).toBe(true);

    const messages = await refusedInBothLanguages(
      sandbox,
      "POST",
      "/packages/pickup-date-proposals",
      () => ({ body: { packages: [{ id: courier }, { id: dropped }] } }),
      { path: "packages[1].id", rule: "pickup_not_needed" },
    );
    expect(messages.en_GB).toBe(
      `Package ${dropped} is handed in by the sender at point ${locker.code}, so no courier pickup is needed for it.`,
    );
    const alone = await sandbox.call("POST", "/packages/pickup-date-proposals", {
      body: { packages: [{ id: courier }] },
    });
    expect(alone.status).toBe(200);
    expect(alone.body.pickup_dates.length).toBeGreaterThan(0);

    const uuid = randomUUID();
    await sandbox.call("PUT", `/pickup-commands/${uuid}`, {
      body: {
        packages: [{ id: dropped }, { id: courier }],
        pickup_date: { date: "2026-11-25", min_time: "10:00", max_time: "16:00" },
      },
    });
    await sandbox.advance(5);
    const done = await sandbox.call("GET", `/pickup-commands/${uuid}`);
    expect(done.body).toMatchObject({
      status: "partial_success",
      successfully_ordered_packages: [{ package_id: courier }],
      errors: [{ package_id: dropped, path: "packages[0].id", rule: "pickup_not_needed" }],
    });
    expect((await sandbox.call("GET", `/packages/${dropped}`)).body.pickup_number).toBeNull();
  });
});
