// Ordering and cancelling over real HTTP: the command's status by the
// sandbox clock, idempotency on the client's UUID, exactly one charge per
// package (and one refund), tracking numbers, the package's state, and
// refused packages with core's rule codes and messages.
import { randomUUID } from "node:crypto";
import { ORDER_PACKAGES_MAX } from "@shipbridge/core/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RestSandbox, sampleV2 } from "../testing/rest-fixture.ts";

let sandbox: RestSandbox;
beforeAll(async () => {
  sandbox = await RestSandbox.start({ clockStart: "2026-11-22T09:00:00Z" });
});
/** Charges and refunds so far, from GET /_sandbox/stats. */
const charges = { totals: () => sandbox.restStats() };
afterAll(() => sandbox.close());

async function createPackage(overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await sandbox.call("POST", "/packages", { version: 2, body: sampleV2(overrides) });
  expect(res.status).toBe(201);
  return res.body.package_id;
}

describe("PUT /order-commands/{uuid}", () => {
  it("runs queueing → running → successful by the clock and assigns tracking numbers", async () => {
    const id = await createPackage({
      parcels: [
        { width: 30, depth: 20, height: 10, weight: 2, type: "package" },
        { width: 30, depth: 20, height: 10, weight: 3, type: "package" },
      ],
    });
    const uuid = randomUUID();
    const put = await sandbox.call("PUT", `/order-commands/${uuid}`, {
      body: { packages: [{ id }], label: { file_format: "pdf", page_format: "a6" } },
    });
    expect(put.status).toBe(202);
    expect(put.body).toMatchObject({
      uuid,
      status: "queueing",
      errors: [],
      successfully_ordered_packages: [],
    });
    await sandbox.advance(2);
    expect((await sandbox.call("GET", `/order-commands/${uuid}`)).body.status).toBe("running");
    await sandbox.advance(3);
    const done = await sandbox.call("GET", `/order-commands/${uuid}`);
    expect(done.body.status).toBe("successful");
    const [summary] = done.body.successfully_ordered_packages;
    expect(summary.package_id).toBe(id);
    expect(summary.parcels.map((p: { package_no: string }) => p.package_no)).toEqual([
      expect.stringMatching(/^6\d{23}$/),
      expect.stringMatching(/^6\d{23}$/),
    ]);
    const details = await sandbox.call("GET", `/packages/${id}`, { version: 2 });
    expect(details.body).toMatchObject({
      state: "ordered",
      cancel_available: true,
      label: { file_format: "pdf", page_format: "a6" },
    });
    expect(details.body.datetime_order).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(details.body.parcels[1].package_no).toBe(summary.parcels[1].package_no);
  });

  it("is idempotent on the UUID: the same body again charges nothing more", async () => {
    const id = await createPackage();
    const uuid = randomUUID();
    const before = await charges.totals();
    const first = await sandbox.call("PUT", `/order-commands/${uuid}`, {
      body: { packages: [{ id }] },
    });
    const again = await sandbox.call("PUT", `/order-commands/${uuid}`, {
      body: { packages: [{ id }] },
    });
    expect(again.status).toBe(202);
    expect(again.body.datetime_add).toBe(first.body.datetime_add);
    expect((await charges.totals()).charges).toBe(before.charges + 1);
    await sandbox.advance(5);
    const final = await sandbox.call("PUT", `/order-commands/${uuid}`, {
      body: { packages: [{ id }] },
    });
    expect(final.status).toBe(200);
    expect(final.body.status).toBe("successful");
    expect((await charges.totals()).charges).toBe(before.charges + 1);
    const price = (await sandbox.call("GET", `/packages/${id}`)).body.pricing.price_gross;
    const after = await charges.totals();
    expect(after).toMatchObject({ charges: before.charges + 1, balance_gross: expect.any(Number) });
    expect(Math.round((after.balance_gross - before.balance_gross) * 100)).toBe(
      Math.round(price * 100),
    );
  });

  it("answers 409 for a different body under a used UUID", async () => {
    const a = await createPackage();
    const b = await createPackage();
    const uuid = randomUUID();
    await sandbox.call("PUT", `/order-commands/${uuid}`, { body: { packages: [{ id: a }] } });
    const conflict = await sandbox.call("PUT", `/order-commands/${uuid}`, {
      body: { packages: [{ id: b }] },
    });
    expect(conflict.status).toBe(409);
    expect(conflict.body.code).toBe("command_uuid_conflict");
  });

  it("does not charge a package ordered by another command again: partial_success with an error entry", async () => {
    const ordered = await createPackage();
    const fresh = await createPackage();
    await sandbox.call("PUT", `/order-commands/${randomUUID()}`, {
      body: { packages: [{ id: ordered }] },
    });
    const before = await charges.totals();
    const uuid = randomUUID();
    await sandbox.call("PUT", `/order-commands/${uuid}`, {
      body: { packages: [{ id: ordered }, { id: fresh }, { id: 999999 }] },
    });
    expect((await charges.totals()).charges).toBe(before.charges + 1);
    await sandbox.advance(5);
    const res = await sandbox.call("GET", `/order-commands/${uuid}`, {
      headers: { "X-Language": "pl_PL" },
    });
    expect(res.body.status).toBe("partial_success");
    expect(
      res.body.successfully_ordered_packages.map((p: { package_id: number }) => p.package_id),
    ).toEqual([fresh]);
    expect(res.body.errors).toEqual([
      {
        package_id: ordered,
        path: "packages[0].id",
        rule: "package_already_ordered",
        message: expect.stringContaining("została już zamówiona"),
      },
      {
        package_id: 999999,
        path: "packages[2].id",
        rule: "package_not_found",
        message: "Na tym koncie nie ma przesyłki 999999.",
      },
    ]);
  });

  it("refuses a package listed twice and a cancelled one, with core's rule and message", async () => {
    const id = await createPackage();
    const cancelled = await createPackage();
    await sandbox.call("PUT", `/order-commands/${randomUUID()}`, {
      body: { packages: [{ id: cancelled }] },
    });
    await sandbox.advance(5);
    await sandbox.call("PUT", `/cancel-command/${randomUUID()}`, {
      body: { packages: [{ id: cancelled }], reasonType: "mistake" },
    });
    await sandbox.advance(5);
    const uuid = randomUUID();
    await sandbox.call("PUT", `/order-commands/${uuid}`, {
      body: { packages: [{ id }, { id }, { id: cancelled }] },
    });
    await sandbox.advance(5);
    const res = await sandbox.call("GET", `/order-commands/${uuid}`);
    expect(res.body.status).toBe("partial_success");
    expect(res.body.errors).toEqual([
      {
        package_id: id,
        path: "packages[1].id",
        rule: "package_listed_twice",
        message: `Package ${id} is listed more than once.`,
      },
      {
        package_id: cancelled,
        path: "packages[2].id",
        rule: "package_cancelled",
        message: `Package ${cancelled} was cancelled and cannot be ordered.`,
      },
    ]);
    const pickupOnly = randomUUID();
    const fresh = await createPackage();
    await sandbox.call("PUT", `/order-commands/${pickupOnly}`, {
      body: { packages: [{ id: fresh }], only_order_pickup: true },
    });
    await sandbox.advance(5);
    const notOrdered = await sandbox.call("GET", `/order-commands/${pickupOnly}`);
    expect(notOrdered.body.errors).toEqual([
      expect.objectContaining({ path: "packages[0].id", rule: "package_not_ordered" }),
    ]);
  });

  it("ends in error when no package can be ordered", async () => {
    const uuid = randomUUID();
    await sandbox.call("PUT", `/order-commands/${uuid}`, { body: { packages: [{ id: 999998 }] } });
    await sandbox.advance(5);
    expect((await sandbox.call("GET", `/order-commands/${uuid}`)).body.status).toBe("error");
  });

  it("validates the UUID and the body, and answers 404 for an unknown command", async () => {
    const badUuid = await sandbox.call("PUT", "/order-commands/not-a-uuid", {
      body: { packages: [{ id: 1 }] },
    });
    expect(badUuid.status).toBe(400);
    expect(badUuid.body.errors[0].path).toBe("uuid");
    const badBody = await sandbox.call("PUT", `/order-commands/${randomUUID()}`, {
      body: { packages: [], label: { file_format: "gif" } },
    });
    expect(badBody.status).toBe(400);
    expect(badBody.body.errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(["packages", "label.file_format"]),
    );
    expect((await sandbox.call("GET", `/order-commands/${randomUUID()}`)).status).toBe(404);
  });

  it("takes at most ORDER_PACKAGES_MAX packages: more is a 422 naming packages and too_big, in both languages", async () => {
    const refs = (n: number) => Array.from({ length: n }, (_, i) => ({ id: 900000 + i }));
    const hundred = await sandbox.call("PUT", `/order-commands/${randomUUID()}`, {
      body: { packages: refs(ORDER_PACKAGES_MAX) },
    });
    expect(hundred.status).toBe(202);
    const before = await charges.totals();
    const uuid = randomUUID();
    const messages: string[] = [];
    for (const language of ["en_GB", "pl_PL"]) {
      const tooMany = await sandbox.call("PUT", `/order-commands/${uuid}`, {
        body: { packages: refs(ORDER_PACKAGES_MAX + 1), label: { file_format: "gif" } },
        headers: { "x-language": language },
      });
      expect(tooMany.status).toBe(422);
      expect(tooMany.body.errors).toEqual([
        { path: "packages", rule: "too_big", message: expect.any(String) },
        { path: "label.file_format", rule: "invalid_value", message: expect.any(String) },
      ]);
      messages.push(tooMany.body.errors[0].message);
    }
    expect(messages).toEqual(["Give at most 100 items.", expect.stringContaining("100")]);
    expect(messages[1]).not.toBe(messages[0]);
    expect((await sandbox.call("GET", `/order-commands/${uuid}`)).status).toBe(404);
    expect((await charges.totals()).order_commands).toBe(before.order_commands);
  });

  it("records the order confirmation as a message unless skip_email_send", async () => {
    const sent = await createPackage();
    const skipped = await createPackage();
    await sandbox.call("PUT", `/order-commands/${randomUUID()}`, {
      body: { packages: [{ id: sent }] },
    });
    await sandbox.call("PUT", `/order-commands/${randomUUID()}`, {
      body: { packages: [{ id: skipped }], skip_email_send: true },
    });
    const messages = await sandbox.call("GET", "/messages?type=order", { version: 2 });
    const ids = messages.body.messages.map((m: { package_id: number }) => m.package_id);
    expect(ids).toContain(sent);
    expect(ids).not.toContain(skipped);
  });
});

describe("PUT /cancel-command/{uuid}", () => {
  it("cancels an ordered package once, refunds it once and ends its tracking", async () => {
    const id = await createPackage();
    await sandbox.call("PUT", `/order-commands/${randomUUID()}`, { body: { packages: [{ id }] } });
    await sandbox.advance(5);
    const before = await charges.totals();
    const uuid = randomUUID();
    const body = { packages: [{ id }], reasonType: "mistake", reasonContent: "Wrong address" };
    const put = await sandbox.call("PUT", `/cancel-command/${uuid}`, { body });
    expect(put.status).toBe(202);
    expect(put.body.status).toBe("queueing");
    await sandbox.call("PUT", `/cancel-command/${uuid}`, { body });
    const second = await sandbox.call("PUT", `/cancel-command/${randomUUID()}`, { body });
    await sandbox.advance(5);
    expect((await charges.totals()).refunds).toBe(before.refunds + 1);
    const done = await sandbox.call("GET", `/cancel-command/${uuid}`);
    expect(done.body).toMatchObject({
      status: "successful",
      successfully_canceled_packages: [{ package_id: id }],
    });
    const refused = await sandbox.call("GET", `/cancel-command/${second.body.uuid}`);
    expect(refused.body.status).toBe("error");
    expect(refused.body.errors[0]).toMatchObject({
      rule: "package_already_cancelled",
      message: expect.stringContaining("already cancelled"),
    });
    const details = await sandbox.call("GET", `/packages/${id}`, { version: 2 });
    expect(details.body).toMatchObject({ state: "canceled", cancel_available: false });
    const tracking = await sandbox.call("GET", `/packages/${id}/tracking`);
    expect(tracking.body.tracking.map((e: { state: string }) => e.state)).toEqual([
      "ordered",
      "canceled",
    ]);
  });

  it("refuses to cancel a package the courier has collected, or one never ordered", async () => {
    const collected = await createPackage();
    const draft = await createPackage();
    await sandbox.call("PUT", `/order-commands/${randomUUID()}`, {
      body: { packages: [{ id: collected }] },
    });
    await sandbox.advance(5 + 2 * 3600);
    const uuid = randomUUID();
    await sandbox.call("PUT", `/cancel-command/${uuid}`, {
      body: { packages: [{ id: collected }, { id: draft }], reasonType: "duplicate" },
    });
    await sandbox.advance(5);
    const res = await sandbox.call("GET", `/cancel-command/${uuid}`);
    expect(res.body.status).toBe("error");
    expect(res.body.errors).toEqual([
      expect.objectContaining({
        rule: "package_not_cancellable",
        message: expect.stringContaining("collected"),
      }),
      expect.objectContaining({
        rule: "package_not_ordered",
        message: expect.stringContaining("not ordered"),
      }),
    ]);
  });

  it("checks the body with core's CancelCommandRequestSchema alone: reasonType is required, the codes are open", async () => {
    const missing = await sandbox.call("PUT", `/cancel-command/${randomUUID()}`, {
      body: { packages: [{ id: 1 }] },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatchObject({ path: "reasonType", rule: "required" });
    const empty = await sandbox.call("PUT", `/cancel-command/${randomUUID()}`, {
      body: { packages: [{ id: 1 }], reasonType: "", reasonContent: "" },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      "reasonContent",
      "reasonType",
    ]);
    // A reason code core accepts is accepted here too (one source of truth).
    const open = await sandbox.call("PUT", `/cancel-command/${randomUUID()}`, {
      body: { packages: [{ id: 999997 }], reasonType: "customer_request" },
    });
    expect(open.status).toBe(202);
  });
});
