// Pickups, documents in bulk and the address book against the sandbox over
// real HTTP: proposals, a pickup command and a documents command run to a
// final status, address-book entries added, listed and removed, and the core
// request schemas refusing bad input before anything is sent.

import {
  ConflictError,
  isValidationError,
  NotFoundError,
  type ShippingClient,
} from "@shipbridge/core";
import { describe, expect, it } from "vitest";
import { packageV2 } from "../testing/packages.ts";
import { countingFetch } from "../testing/sandbox-server.ts";
import { useSandbox } from "../testing/shared-sandbox.ts";

const sandbox = useSandbox({ client: { validateResponses: true } });

async function orderedPackage(client: ShippingClient, reference: string): Promise<number> {
  const created = await client.packages.create(packageV2(reference));
  const id = created.package.package_id;
  const ordered = await client.orderCommands.run(crypto.randomUUID(), { packages: [{ id }] });
  expect(ordered.status).toBe("successful");
  return id;
}

const address = {
  name: "Jan Kowalski",
  street: "Marszałkowska 10",
  postcode: "00-590",
  city: "Warszawa",
  country_code: "PL",
  phone: "600100200",
};

describe("pickups", () => {
  it("proposes days and orders a courier within one", async () => {
    const client = sandbox.timedClient();
    const id = await orderedPackage(client, "pickup-client-1");
    const { pickup_dates } = await client.pickups.dateProposals({ packages: [{ id }] });
    const day = pickup_dates[0];
    expect(day?.min_time).toMatch(/^\d\d:\d\d$/);
    if (!day?.min_time || !day.max_time) throw new Error("the sandbox proposed no window");
    const done = await client.pickupCommands.run(crypto.randomUUID(), {
      packages: [{ id }],
      pickup_date: { date: day.date, min_time: day.min_time, max_time: day.max_time },
    });
    expect(done.status).toBe("successful");
    expect(done.successfully_ordered_packages?.[0]?.package_id).toBe(id);
    expect(done.successfully_ordered_packages?.[0]?.pickup_number).toBeTruthy();
  });

  it("cancels a pickup while the window has not started, again harmlessly, and then refuses", async () => {
    const client = sandbox.timedClient();
    const id = await orderedPackage(client, "pickup-cancel-1");
    const { pickup_dates } = await client.pickups.dateProposals({ packages: [{ id }] });
    const day = pickup_dates[0];
    if (!day?.min_time || !day.max_time) throw new Error("the sandbox proposed no window");
    const uuid = crypto.randomUUID();
    const pickup_date = { date: day.date, min_time: day.min_time, max_time: day.max_time };
    const booked = await client.pickupCommands.run(uuid, { packages: [{ id }], pickup_date });
    expect(booked.cancelled).toBe(false);
    const cancelled = await client.pickupCommands.cancel(uuid);
    expect(cancelled).toMatchObject({ uuid, status: "successful", cancelled: true });
    expect(await client.pickupCommands.cancel(uuid)).toEqual(cancelled);
    expect((await client.packages.get(id)).pickup_number ?? null).toBeNull();
    const rebooked = crypto.randomUUID();
    await client.pickupCommands.run(rebooked, { packages: [{ id }], pickup_date });
    const clock = await (await fetch(`${sandbox.baseUrl}/_sandbox/clock`)).json();
    const start = Date.parse(`${pickup_date.date}T${pickup_date.min_time}:00+01:00`);
    await sandbox.advanceClock(Math.max(0, (start - Date.parse(clock.now)) / 1000) + 3600);
    const late = await client.pickupCommands.cancel(rebooked).catch((e: unknown) => e);
    expect(late).toBeInstanceOf(ConflictError);
    expect(late).toMatchObject({ status: 409, serviceCode: "pickup_not_cancellable" });
    const unknown = await client.pickupCommands.cancel(crypto.randomUUID()).catch((e) => e);
    expect(unknown).toBeInstanceOf(NotFoundError);
  });

  it("refuses a window that ends before it starts without sending it", async () => {
    const { fetch, requests } = countingFetch();
    const client = sandbox.timedClient(fetch);
    const error = await client.pickupCommands
      .put(crypto.randomUUID(), {
        packages: [{ id: 1 }],
        pickup_date: { date: "2026-09-01", min_time: "14:00", max_time: "12:00" },
      })
      .catch((e: unknown) => e);
    expect(isValidationError(error)).toBe(true);
    expect(isValidationError(error) && error.issues.map((i) => [i.path, i.rule])).toEqual([
      ["pickup_date.max_time", "pickup_window_invalid"],
    ]);
    expect(requests).toEqual([]);
  });
});

describe("documents command", () => {
  it("runs to a final status and lists the labels document", async () => {
    const client = sandbox.timedClient();
    const id = await orderedPackage(client, "documents-client-1");
    const done = await client.documentsCommands.run(crypto.randomUUID(), {
      packages: [{ id }],
      type: "labels",
      page_format: "a6",
    });
    expect(done.status).toBe("successful");
    expect(done.documents?.[0]?.type).toBe("labels");
    expect(done.documents?.[0]?.url).toContain("/documents-command/");
  });

  it("refuses an unknown document type without sending it", async () => {
    const { fetch, requests } = countingFetch();
    const client = sandbox.timedClient(fetch);
    const error = await client.documentsCommands
      .put(crypto.randomUUID(), {
        packages: [{ id: 1 }],
        type: "invoice" as "labels",
      })
      .catch((e: unknown) => e);
    expect(isValidationError(error) && error.issues.map((i) => i.path)).toEqual(["type"]);
    expect(requests).toEqual([]);
  });
});

describe("address book", () => {
  it("adds, lists by type and removes an address", async () => {
    const client = sandbox.timedClient();
    const entry = await client.addressBook.create({
      type: "sender",
      label: "Magazyn główny",
      address,
    });
    expect(entry.id).toBeGreaterThan(0);
    expect(entry.address.city).toBe("Warszawa");
    const senders = await client.addressBook.list({ type: "sender" });
    expect(senders.addresses.map((a) => a.id)).toContain(entry.id);
    const receivers = await client.addressBook.list({ type: "receiver" });
    expect(receivers.addresses.map((a) => a.id)).not.toContain(entry.id);
    await client.addressBook.delete(entry.id);
    expect((await client.addressBook.list()).addresses.map((a) => a.id)).not.toContain(entry.id);
    await expect(client.addressBook.delete(entry.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("refuses a street with a bidi override without sending it", async () => {
    const { fetch, requests } = countingFetch();
    const client = sandbox.timedClient(fetch);
    const error = await client.addressBook
      .create({ type: "receiver", address: { ...address, street: "Marszałkowska\u202e 01" } })
      .catch((e: unknown) => e);
    expect(isValidationError(error) && error.issues.map((i) => [i.path, i.rule])).toEqual([
      ["address.street", "text_forbidden_character"],
    ]);
    expect(requests).toEqual([]);
  });
});
