// Booking the courier against the sandbox over HTTP, in sandbox time:
// proposals per carrier with the packages handed in at a point reported as
// needing no pickup, one booking however often it is asked for, a
// cancellation that can be repeated, and a pickup that can no longer be
// cancelled once its window has started. Bad arguments are refused at once.
import {
  bookPickup,
  COURIER_ERROR_CODES,
  cancelPickup,
  courierPickup,
  isCourierError,
  isValidationError,
  type ShippingClient,
} from "@shipbridge/core";
import type { PackageV2, PickupWindow } from "@shipbridge/core/schemas";
import { describe, expect, it } from "vitest";
import { packageV2 } from "../testing/packages.ts";
import { countingFetch } from "../testing/sandbox-server.ts";
import { useSandbox } from "../testing/shared-sandbox.ts";

const sandbox = useSandbox({ client: { validateResponses: true } });

async function ordered(
  client: ShippingClient,
  reference: string,
  service: string,
  extra: Partial<PackageV2> = {},
): Promise<number> {
  const body = { ...packageV2(reference), service, ...extra } as PackageV2;
  const id = (await client.packages.create(body)).package.package_id;
  const done = await client.orderCommands.run(crypto.randomUUID(), { packages: [{ id }] });
  expect(done.status).toBe("successful");
  return id;
}

/** A package the sender hands in at an open InPost locker in Warsaw. */
async function handedInAtLocker(client: ShippingClient, reference: string): Promise<number> {
  const { points } = await client.points.map({
    location: { search_phrase: "Warszawa" },
    filters: { services: ["inpost"] },
  });
  const locker = points.find(
    (p) => p.active !== false && p.holiday !== true && p.code?.endsWith("M"),
  );
  if (!locker?.code) throw new Error("no open InPost locker in Warszawa");
  const pickup = { ...(packageV2().pickup as object), point: locker.code } as PackageV2["pickup"];
  return ordered(client, reference, "inpost", { pickup });
}

async function pickupStats(): Promise<{ pickup_commands: number; pickup_cancellations: number }> {
  const stats = (await sandbox.control("/stats")) as {
    rest: { pickup_commands: number; pickup_cancellations: number };
  };
  return stats.rest;
}

function windowOf(day: {
  date: string;
  min_time?: string | null;
  max_time?: string | null;
}): PickupWindow {
  if (!day.min_time || !day.max_time) throw new Error(`no window on ${day.date}`);
  return { date: day.date, min_time: day.min_time, max_time: day.max_time };
}

describe("courierPickup", () => {
  it("proposes days per carrier and says which packages need no courier or cannot have one", async () => {
    const client = sandbox.timedClient();
    const dpdA = await ordered(client, "courier-dpd-a", "dpd");
    const gls = await ordered(client, "courier-gls", "gls");
    const locker = await handedInAtLocker(client, "courier-locker");
    const dpdB = await ordered(client, "courier-dpd-b", "dpd");
    const draft = (await client.packages.create(packageV2("courier-draft"))).package.package_id;

    const proposal = await courierPickup(client, [dpdA, gls, locker, dpdB, draft, 987_654_321]);
    expect(proposal.carriers.map((c) => [c.service, c.packageIds])).toEqual([
      ["dpd", [dpdA, dpdB]],
      ["gls", [gls]],
    ]);
    for (const carrier of proposal.carriers) {
      expect(carrier.dates.length).toBeGreaterThan(0);
      expect(carrier.dates[0]?.date).toMatch(/^\d{4}-\d\d-\d\d$/);
    }
    expect(proposal.noPickupNeeded).toEqual([
      {
        packageId: locker,
        service: "inpost",
        rule: "pickup_not_needed",
        reason: expect.stringContaining(`Package ${locker} is handed in by the sender at point`),
      },
    ]);
    expect(proposal.unavailable.map((u) => [u.packageId, u.rule])).toEqual([
      [draft, "pickup_unavailable"],
      [987_654_321, "package_not_found"],
    ]);
  });
});

describe("bookPickup and cancelPickup", () => {
  it("books one courier however often it is asked, cancels it (again harmlessly), and books anew under another key", async () => {
    const client = sandbox.timedClient();
    const a = await ordered(client, "book-dpd-a", "dpd");
    const b = await ordered(client, "book-dpd-b", "dpd");
    const gls = await ordered(client, "book-gls", "gls");
    const { carriers } = await courierPickup(client, [a, b]);
    const day = carriers[0]?.dates[1];
    if (day === undefined) throw new Error("no second pickup day proposed");
    const window = windowOf(day);
    const before = await pickupStats();

    const booked = await bookPickup(client, [a, b, gls], window, { key: "shop-1:day-1:pickup" });
    expect(booked).toMatchObject({ service: "dpd", window, packageIds: [a, b] });
    expect(booked.pickupNumber).toMatch(/^DPD-\d{8}-\d{6}$/);
    expect(booked.skipped.map((s) => [s.packageId, s.rule])).toEqual([[gls, "pickup_one_carrier"]]);
    // A double click: the same command, booked once.
    const again = await bookPickup(client, [a, b, gls], window, { key: "shop-1:day-1:pickup" });
    expect(again).toEqual(booked);
    expect((await pickupStats()).pickup_commands).toBe(before.pickup_commands + 1);
    expect((await client.packages.get(a)).pickup_number).toBe(booked.pickupNumber);

    expect(await cancelPickup(client, booked.commandId)).toEqual({ cancelled: true });
    expect(await cancelPickup(client, booked.commandId)).toEqual({ cancelled: true });
    expect((await pickupStats()).pickup_cancellations).toBe(before.pickup_cancellations + 1);

    const error = await bookPickup(client, [a, b, gls], window, {
      key: "shop-1:day-1:pickup",
    }).catch((e: unknown) => e);
    expect(isCourierError(error) && error.code).toBe(COURIER_ERROR_CODES.pickup_cancelled);
    const polish = await bookPickup(client, [a, b, gls], window, {
      key: "shop-1:day-1:pickup",
      language: "pl_PL",
    }).catch((e: unknown) => e);
    expect(isCourierError(polish) && polish.message).toBe(
      `Odbiór zamówiony pod tym kluczem na ${window.date} ${window.min_time}-${window.max_time} (polecenie ${booked.commandId}) został anulowany; zamów go ponownie pod innym kluczem.`,
    );
    const anew = await bookPickup(client, [a, b], window, { key: "shop-1:day-1:pickup:2" });
    expect(anew.commandId).not.toBe(booked.commandId);
    expect(anew.packageIds).toEqual([a, b]);
  });

  it("books the same packages listed in any order once", async () => {
    const client = sandbox.timedClient();
    const a = await ordered(client, "order-a", "dpd");
    const b = await ordered(client, "order-b", "dpd");
    const { carriers } = await courierPickup(client, [a, b]);
    const window = windowOf(carriers[0]?.dates[1] ?? { date: "none" });
    const before = await pickupStats();
    const booked = await bookPickup(client, [a, b], window, { key: "order:pickup" });
    const reversed = await bookPickup(client, [b, a], window, { key: "order:pickup" });
    expect(reversed).toEqual(booked);
    expect(booked.packageIds).toEqual([a, b]);
    expect((await pickupStats()).pickup_commands).toBe(before.pickup_commands + 1);
  });

  it("books a package refused under the key once its blocker is cancelled, never a second courier for the rest", async () => {
    const client = sandbox.timedClient();
    const a = await ordered(client, "blocked-a", "dpd");
    const c = await ordered(client, "blocked-c", "dpd");
    const { carriers } = await courierPickup(client, [a, c]);
    const window = windowOf(carriers[0]?.dates[1] ?? { date: "none" });
    const blocker = await bookPickup(client, [c], window, { key: "blocked:other" });

    // Everything refused under K, then the blocker cancelled: K books it.
    const refused = await bookPickup(client, [c], window, { key: "blocked:K" }).catch(
      (e: unknown) => e,
    );
    expect(isCourierError(refused) && refused.code).toBe(COURIER_ERROR_CODES.pickup_refused);
    await cancelPickup(client, blocker.commandId);
    const before = await pickupStats();
    const retried = await bookPickup(client, [c], window, { key: "blocked:K" });
    expect(retried.packageIds).toEqual([c]);
    expect(retried.commandId).not.toBe(isCourierError(refused) ? refused.commandId : "");
    expect(await bookPickup(client, [c], window, { key: "blocked:K" })).toEqual(retried);
    expect((await pickupStats()).pickup_commands).toBe(before.pickup_commands + 1);
    await cancelPickup(client, retried.commandId);

    // Part booked under L (a), part refused (c, held by another pickup); that one cancelled:
    // L books c under its next attempt and leaves a with its first courier.
    const holder = await bookPickup(client, [c], window, { key: "blocked:holder" });
    const part = await bookPickup(client, [a, c], window, { key: "blocked:L" });
    expect(part.packageIds).toEqual([a]);
    expect(part.skipped.map((s) => [s.packageId, s.rule])).toEqual([[c, "pickup_unavailable"]]);
    const numberOfA = (await client.packages.get(a)).pickup_number;
    await cancelPickup(client, holder.commandId);
    const whole = await bookPickup(client, [c, a], window, { key: "blocked:L" });
    expect(whole.packageIds).toEqual([a, c]);
    expect(whole.skipped).toEqual([]);
    expect(whole.commandId).toBe(part.commandId);
    expect(whole.commandIds).toHaveLength(2);
    expect(whole.commandIds[0]).toBe(part.commandId);
    expect((await client.packages.get(a)).pickup_number).toBe(numberOfA);
    expect((await client.packages.get(c)).pickup_number).toMatch(/^DPD-/);
  });

  it("throws CourierError pickup_refused, with each reason, when no package can be booked", async () => {
    const client = sandbox.timedClient();
    const a = await ordered(client, "refused-a", "dpd");
    const { carriers } = await courierPickup(client, [a]);
    const window = windowOf(carriers[0]?.dates[1] ?? { date: "none" });
    await bookPickup(client, [a], window, { key: "refused:first" });
    const error = await bookPickup(client, [a], window, { key: "refused:second" }).catch(
      (e: unknown) => e,
    );
    expect(isCourierError(error) && error.code).toBe(COURIER_ERROR_CODES.pickup_refused);
    expect(isCourierError(error) && error.skipped).toEqual([
      expect.objectContaining({ packageId: a, rule: "pickup_unavailable" }),
    ]);
    const polish = await bookPickup(client, [a], window, {
      key: "refused:second",
      language: "pl_PL",
    }).catch((e: unknown) => e);
    expect(isCourierError(polish) && polish.message).toMatch(
      new RegExp(`^Nie zamówiono kuriera: serwis odmówił dla każdej paczki \\(${a}: .+\\)\\.$`),
    );
  });

  it("refuses every bad argument at once, in English or Polish, before sending anything", async () => {
    const { fetch, requests } = countingFetch();
    const client = sandbox.timedClient(fetch);
    const window = { date: "2026-13-01", min_time: "14:00", max_time: "12:00" };
    const error = await bookPickup(client, [0, 1], window, {} as { key: string }).catch(
      (e: unknown) => e,
    );
    expect(isValidationError(error) && error.issues.map((i) => [i.path, i.rule])).toEqual([
      ["packageIds[0]", "invalid_type"],
      ["options.key", "required"],
      ["window.date", "invalid_format"],
      ["window.max_time", "pickup_window_invalid"],
    ]);
    const many = Array.from({ length: 101 }, (_, i) => i + 1);
    const polish = await bookPickup(
      client,
      many,
      { date: "2026-12-01", min_time: "10:00", max_time: "12:00" },
      { key: "k", language: "pl_PL" },
    ).catch((e: unknown) => e);
    expect(isValidationError(polish) && polish.issues.map((i) => [i.path, i.message])).toEqual([
      ["packageIds", "Podaj co najwyżej 100 elementów."],
    ]);
    const cancel = await cancelPickup(client, "not-a-uuid").catch((e: unknown) => e);
    expect(isValidationError(cancel) && cancel.issues.map((i) => [i.path, i.rule])).toEqual([
      ["commandId", "invalid_format"],
    ]);
    expect(requests).toEqual([]);
  });

  // Last in the file: it moves the sandbox clock to the pickup's day.
  it("cannot cancel a pickup once the courier's window has started: an answer, not an error", async () => {
    const client = sandbox.timedClient();
    const a = await ordered(client, "late-a", "dpd");
    const { carriers } = await courierPickup(client, [a]);
    const window = windowOf(carriers[0]?.dates[1] ?? { date: "none" });
    const booked = await bookPickup(client, [a], window, { key: "late:pickup" });
    // To the window's start in Warsaw (UTC+1 in winter), and a minute past.
    const start = Date.parse(`${window.date}T${window.min_time}:00+01:00`);
    const now = Date.parse((await client.packages.get(a)).datetime_order ?? "") || Date.now();
    await sandbox.advanceClock(Math.max(0, (start - now) / 1000) + 3_600);
    const answer = await cancelPickup(client, booked.commandId, { language: "pl_PL" });
    expect(answer.cancelled).toBe(false);
    expect(answer.reason).toContain("nie można już anulować");
  });
});
