// GET /_sandbox/stats over real HTTP counts every kind of command once per
// UUID: ordering, cancelling, documents and courier pickups; a repeated PUT
// counts nothing more.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RestSandbox, sampleV2 } from "./testing/rest-fixture.ts";

let sandbox: RestSandbox;
// Monday 2026-11-23, 09:00 in Warsaw: couriers can be booked.
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

describe("GET /_sandbox/stats", () => {
  it("counts documents and pickup commands once per UUID, beside the other counts", async () => {
    const before = await sandbox.restStats();
    const id = await ordered();
    await sandbox.advance(5);
    const documents = { body: { packages: [{ id }], type: "labels" } };
    const documentsUuid = randomUUID();
    await sandbox.call("PUT", `/documents-command/${documentsUuid}`, documents);
    await sandbox.call("PUT", `/documents-command/${documentsUuid}`, documents);
    await sandbox.call("PUT", `/documents-command/${randomUUID()}`, {
      body: { packages: [{ id }], type: "protocol" },
    });
    const pickup = {
      body: {
        packages: [{ id }],
        pickup_date: { date: "2026-11-24", min_time: "10:00", max_time: "16:00" },
      },
    };
    const pickupUuid = randomUUID();
    expect((await sandbox.call("PUT", `/pickup-commands/${pickupUuid}`, pickup)).status).toBe(202);
    await sandbox.call("PUT", `/pickup-commands/${pickupUuid}`, pickup);
    const after = await sandbox.restStats();
    expect(after).toEqual({
      ...before,
      packages: before.packages + 1,
      ordered_packages: before.ordered_packages + 1,
      order_commands: before.order_commands + 1,
      documents_commands: before.documents_commands + 2,
      pickup_commands: before.pickup_commands + 1,
      pickup_cancellations: before.pickup_cancellations,
      charges: before.charges + 1,
      balance_gross: expect.any(Number),
    });
  });
});
