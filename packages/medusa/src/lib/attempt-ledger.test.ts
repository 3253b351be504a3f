// The attempt ledger on a real PostgreSQL (test/setup.mts): a run that stops
// renewing its lease (its process died) is taken over once by the retry of
// the same order and items, also by a retry that comes before the lease
// lapsed; a live run, whose lease is renewed, never is, by a retry or by the
// reconcile job.
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import {
  ATTEMPT_LEASE_MS,
  type AttemptLease,
  AttemptLedger,
  batchFulfillmentId,
} from "./attempt-ledger.ts";

const databaseUrl = process.env["SHIPBRIDGE_TEST_TOKENS_DATABASE_URL"] ?? "";
const TABLE = "shipbridge_medusa_shipment_attempt";
const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
// The database stops after the last test: an idle client's goodbye is no failure.
db.on("error", () => {});

afterAll(async () => {
  await db.end();
});

/** Whether an attempt's last renewal is at least `ms` old, by the database's clock. */
async function lapsed(key: string, ms: number): Promise<boolean> {
  const { rows } = await db.query(
    `select updated_at <= now() - ($2::double precision * interval '1 millisecond') as lapsed
       from ${TABLE} where shipment_key = $1`,
    [key, ms],
  );
  return rows[0]?.lapsed === true;
}

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  for (let tries = 0; tries < 500; tries++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`never: ${what}`);
}

const entry = (storeId: string, fulfillmentId: string, fresh: string) => ({
  storeId,
  orderId: "order_1",
  signature: "shipment:li_1x2",
  fulfillmentId,
  fresh,
});

describe("AttemptLedger leases", () => {
  it("lasts 30 s by default", async () => {
    const ledger = new AttemptLedger(databaseUrl);
    try {
      expect(ledger.leaseMs).toBe(ATTEMPT_LEASE_MS);
      expect(ATTEMPT_LEASE_MS).toBe(30_000);
    } finally {
      await ledger.close();
    }
  });

  it("a run that stopped renewing is taken over once, under its name", async () => {
    const ledger = new AttemptLedger(databaseUrl, { leaseMs: 1000 });
    const leases: AttemptLease[] = [];
    // A retry as the provider runs it: its name, then its lease held.
    const retry = async (fulfillmentId: string, fresh: string) => {
      const name = await ledger.begin(entry("lease-dead", fulfillmentId, fresh));
      leases.push(ledger.hold(name, fulfillmentId));
      return name;
    };
    try {
      // The dead run: its attempt is running and nobody renews it.
      expect(await ledger.begin(entry("lease-dead", "ful_dead", "order_1-dead"))).toBe(
        "order_1-dead",
      );
      await until(() => lapsed("order_1-dead", 1000), "the lease lapsed");
      // Two retries at once (two instances): one takes the dead run's name;
      // the other waits one lease for the taker, which is live, and is
      // refused as in progress (never a second running attempt).
      const outcomes = await Promise.allSettled([
        retry("ful_retry_a", "order_1-a"),
        retry("ful_retry_b", "order_1-b"),
      ]);
      const names = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
      expect(names).toEqual(["order_1-dead"]);
      const taker = outcomes[0]?.status === "fulfilled" ? "ful_retry_a" : "ful_retry_b";
      const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ code: "attempt_in_progress", type: "not_allowed" });
      expect(await ledger.get("order_1-dead")).toMatchObject({
        state: "running",
        fulfillment_id: taker,
      });
    } finally {
      for (const lease of leases) await lease.stop();
      await ledger.close();
    }
  });

  it("a retry right after the crash waits for the dead run's lease to lapse", async () => {
    const ledger = new AttemptLedger(databaseUrl, { leaseMs: 300 });
    try {
      const store = "lease-wait";
      const key = await ledger.begin(entry(store, "ful_crashed", "order_1-crashed"));
      expect(await ledger.begin(entry(store, "ful_soon", "order_1-soon"))).toBe(key);
      expect(await lapsed(key, 300)).toBe(false);
      expect(await ledger.get(key)).toMatchObject({ state: "running", fulfillment_id: "ful_soon" });
    } finally {
      await ledger.close();
    }
  });

  it("a live run, its lease renewed, is taken over neither by a retry nor by the job", async () => {
    const ledger = new AttemptLedger(databaseUrl, { leaseMs: 3000 });
    const errors: unknown[] = [];
    try {
      const store = "lease-live";
      const key = await ledger.begin(entry(store, "ful_live", "order_1-live"));
      const lease = ledger.hold(key, "ful_live", (error) => errors.push(error));
      // However long ago it began, the run renews its lease while it works.
      await db.query(
        `update ${TABLE} set updated_at = now() - interval '1 hour' where shipment_key = $1`,
        [key],
      );
      await until(async () => !(await lapsed(key, 3000)), "the lease was renewed");
      // A retry waits one lease for it, and then is refused as in progress.
      await expect(ledger.begin(entry(store, "ful_other", "order_1-other"))).rejects.toMatchObject({
        code: "attempt_in_progress",
      });
      expect(await ledger.takeUnclaimed(store, 0, 0)).toEqual([]);
      expect(await ledger.get(key)).toMatchObject({ state: "running", fulfillment_id: "ful_live" });
      // The run throws: its name waits for the retry.
      await lease.stop();
      await ledger.failed(key, "ful_live");
      expect(await ledger.begin(entry(store, "ful_retry", "order_1-retry"))).toBe(key);
      expect(errors).toEqual([]);
    } finally {
      await ledger.close();
    }
  });

  it("a run whose attempt was taken over leaves it to the taker", async () => {
    const ledger = new AttemptLedger(databaseUrl, { leaseMs: 200 });
    const errors: unknown[] = [];
    try {
      const store = "lease-taken";
      const key = await ledger.begin(entry(store, "ful_slow", "order_1-slow"));
      await until(() => lapsed(key, 200), "the lease lapsed");
      expect(await ledger.begin(entry(store, "ful_taker", "order_1-taker"))).toBe(key);
      // The slow run wakes up: it renews nothing and marks nothing failed.
      const lease = ledger.hold(key, "ful_slow", (error) => errors.push(error));
      await until(async () => errors.length > 0, "the slow run heard it was taken over");
      await lease.stop();
      await ledger.failed(key, "ful_slow");
      expect(await ledger.get(key)).toMatchObject({
        state: "running",
        fulfillment_id: "ful_taker",
      });
      expect(String(errors[0])).toMatch(/no longer running for ful_slow/);
    } finally {
      await ledger.close();
    }
  });

  it("two requests for the same items at once: one runs, the other is refused once it shipped", async () => {
    const ledger = new AttemptLedger(databaseUrl, { leaseMs: 30_000 });
    const leases: AttemptLease[] = [];
    try {
      const store = "hold-race";
      const ordered = { order: { li_1: { ordered: 2, fulfilled: 0 } }, lines: { li_1: 2 } };
      const a = ledger.begin({ ...entry(store, "ful_a", "order_1-a"), ...ordered });
      const b = ledger.begin({ ...entry(store, "ful_b", "order_1-b"), ...ordered });
      // Whichever begins first runs (its lease held) and ships; the other
      // waited for that run of the same items, and is refused.
      const name = await Promise.race([a, b]);
      const fulfillmentId = name === "order_1-a" ? "ful_a" : "ful_b";
      leases.push(ledger.hold(name, fulfillmentId));
      await new Promise((resolve) => setTimeout(resolve, 300));
      await ledger.shipped(name, 100);
      const outcomes = await Promise.allSettled([a, b]);
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
      const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ code: "already_fulfilled", type: "invalid_data" });
      expect(String(refused.reason.message)).toMatch(/li_1: 2 ordered, 2 fulfilled/);
    } finally {
      for (const lease of leases) await lease.stop();
      await ledger.close();
    }
  });

  it("holds what running and shipped attempts ship; refused and cancelled ones hold nothing", async () => {
    const ledger = new AttemptLedger(databaseUrl, { leaseMs: 30_000 });
    const leases: AttemptLease[] = [];
    try {
      const store = "hold-split";
      const order = (fulfilled: number) => ({ li_1: { ordered: 2, fulfilled } });
      const begin = (id: string, quantity: number, fulfilled = 0) =>
        ledger.begin({
          ...entry(store, id, `order_1-${id}`),
          // Each a request of its own (a fulfillment of other items).
          signature: `shipment:li_1x${quantity}:${id}`,
          lines: { li_1: quantity },
          order: order(fulfilled),
        });
      const first = await begin("ful_1", 1);
      await ledger.shipped(first, 101);
      // The rest of the line ships; Medusa may not count the first yet.
      const second = await begin("ful_2", 1, 0);
      leases.push(ledger.hold(second, "ful_2"));
      // Running, its lease live: it holds its item.
      await expect(begin("ful_3", 1, 1)).rejects.toMatchObject({ code: "already_fulfilled" });
      // The second is refused as invalid: it holds nothing, and is never taken over.
      await leases[0]?.stop();
      await ledger.refused(second, "ful_2");
      const third = await begin("ful_3", 1, 1);
      expect(third).toBe("order_1-ful_3");
      await ledger.shipped(third, 103);
      await expect(begin("ful_4", 1, 2)).rejects.toMatchObject({ code: "already_fulfilled" });
      // The first is cancelled: its item may ship again.
      await ledger.cancelled(store, 101);
      expect(await begin("ful_5", 1, 1)).toBe("order_1-ful_5");
    } finally {
      for (const lease of leases) await lease.stop();
      await ledger.close();
    }
  });

  it("a refused takeover may stand on a paid package: it stays failed, holds its items and is taken over again", async () => {
    const ledger = new AttemptLedger(databaseUrl, { leaseMs: 30_000 });
    try {
      const store = "refused-takeover";
      const order = { li_1: { ordered: 2, fulfilled: 0 } };
      const run = (fulfillmentId: string) =>
        ledger.begin({
          ...entry(store, fulfillmentId, `order_1-rt-${fulfillmentId}`),
          lines: { li_1: 2 },
          order,
        });
      // F1 paid for its package, then its label failed: the attempt failed.
      const key = await run("ful_1");
      expect(key).toBe("order_1-rt-ful_1");
      await ledger.shipped(key, 300);
      await ledger.failed(key, "ful_1");
      await db.query(`update ${TABLE} set state = 'failed' where shipment_key = $1`, [key]);
      // F2 (the order edited) takes it over and is refused (a package mismatch).
      expect(await run("ful_2")).toBe(key);
      await ledger.refused(key, "ful_2");
      // Not final: it holds its items and the next retry takes it over again.
      expect((await ledger.get(key))?.state).toBe("failed");
      await expect(
        ledger.begin({
          ...entry(store, "ful_other", "order_1-rt-ful_other"),
          signature: "shipment:li_1x1",
          lines: { li_1: 1 },
          order,
        }),
      ).rejects.toMatchObject({ code: "attempt_unsettled" });
      expect(await run("ful_3")).toBe(key);
      // A fresh name's first run refused is final: nothing under it was paid.
      await ledger.failed(key, "ful_3");
      await ledger.settle(key, "cancelled");
      const fresh = await run("ful_4");
      expect(fresh).toBe("order_1-rt-ful_4");
      await ledger.refused(fresh, "ful_4");
      expect((await ledger.get(fresh))?.state).toBe("refused");
    } finally {
      await ledger.close();
    }
  });

  it("an unsettled attempt holds its items: other items are refused, the same items take it over", async () => {
    const ledger = new AttemptLedger(databaseUrl, { leaseMs: 30_000 });
    try {
      const store = "hold-unsettled";
      const order = { li_a: { ordered: 1, fulfilled: 0 }, li_b: { ordered: 1, fulfilled: 0 } };
      const both = {
        ...entry(store, "ful_ab", "order_1-ab"),
        signature: "shipment:li_ax1,li_bx1",
        lines: { li_a: 1, li_b: 1 },
        order,
      };
      // A+B timed out after the service charged: the attempt failed.
      const key = await ledger.begin(both);
      await ledger.failed(key, "ful_ab");
      // Only A: other items, so no takeover, and A must not be bought again.
      const onlyA = {
        ...entry(store, "ful_a", "order_1-a"),
        signature: "shipment:li_ax1",
        lines: { li_a: 1 },
        order,
      };
      await expect(ledger.begin(onlyA)).rejects.toMatchObject({
        code: "attempt_unsettled",
        type: "not_allowed",
      });
      // The same items again take the attempt over and find its package.
      expect(await ledger.begin({ ...both, fulfillmentId: "ful_ab2", fresh: "order_1-ab2" })).toBe(
        key,
      );
      await ledger.shipped(key, 200);
      await expect(ledger.begin(onlyA)).rejects.toMatchObject({ code: "already_fulfilled" });
    } finally {
      await ledger.close();
    }
  });

  it("without the order's quantities, any overlap with a live or shipped attempt is refused", async () => {
    const ledger = new AttemptLedger(databaseUrl, { leaseMs: 30_000 });
    try {
      const store = "hold-unknown";
      const first = await ledger.begin({
        ...entry(store, "ful_1", "order_1-1"),
        signature: "shipment:li_1x1",
        lines: { li_1: 1 },
      });
      await ledger.shipped(first, 300);
      await expect(
        ledger.begin({
          ...entry(store, "ful_2", "order_1-2"),
          signature: "shipment:li_1x1,li_2x1",
          lines: { li_1: 1, li_2: 1 },
          // A line Medusa did not hand over is unknown too.
          order: { li_2: { ordered: 1, fulfilled: 0 } },
        }),
      ).rejects.toMatchObject({ code: "already_fulfilled" });
      expect(
        await ledger.begin({
          ...entry(store, "ful_3", "order_1-3"),
          signature: "shipment:li_2x1",
          lines: { li_2: 1 },
        }),
      ).toBe("order_1-3");
    } finally {
      await ledger.close();
    }
  });

  it("a takeover is checked too, and a manual fulfilment adds to shipments Medusa has not kept", async () => {
    // Medusa's tables as the ledger reads them: it has kept no fulfillment of this plugin.
    const ledger = new AttemptLedger(databaseUrl, { leaseMs: 30_000, kept: async () => new Set() });
    try {
      const store = "hold-checked";
      const begin = (id: string, quantity: number, fulfilled: number, signature?: string) =>
        ledger.begin({
          ...entry(store, id, `order_1-checked-${id}`),
          signature: signature ?? `shipment:li_1x${quantity}:${id}`,
          lines: { li_1: quantity },
          order: { li_1: { ordered: 2, fulfilled } },
        });
      // A failed attempt of both items; meanwhile a manual provider fulfilled both.
      const failed = await begin("ful_1", 2, 0, "shipment:li_1x2");
      await ledger.failed(failed, "ful_1");
      await expect(begin("ful_2", 2, 2, "shipment:li_1x2")).rejects.toMatchObject({
        code: "already_fulfilled",
      });
      await ledger.settle(failed, "cancelled");
      // One item shipped by this plugin, Medusa has not kept it yet; one
      // fulfilled by hand, which Medusa counts: nothing is left.
      const shipped = await begin("ful_3", 1, 0);
      await ledger.shipped(shipped, 400);
      await expect(begin("ful_4", 1, 1)).rejects.toMatchObject({ code: "already_fulfilled" });
    } finally {
      await ledger.close();
    }
  });
});

describe("AttemptLedger and batches", () => {
  const ordered = { lines: { li_1: 2 }, order: { li_1: { ordered: 2, fulfilled: 0 } } };
  const batchEntry = (store: string, batchId: string) => ({
    ...entry(store, batchFulfillmentId(batchId, "order_1"), `order_1-${batchId}`),
    ...ordered,
    wait: false,
  });

  it("hands a batch's shipped attempt at once to the first fulfillment of the same items", async () => {
    // A lease longer than the test's timeout: a begin that waited for the
    // batch's attempt as for a live run would never return in time.
    const ledger = new AttemptLedger(databaseUrl, { leaseMs: 120_000 });
    try {
      const store = "batch-handover";
      const standIn = batchFulfillmentId("sbbat_1", "order_1");
      const key = await ledger.begin(batchEntry(store, "sbbat_1"));
      expect(key).toBe("order_1-sbbat_1");
      expect(await ledger.prepaid(store, "order_1", "shipment:li_1x2")).toBe(false);
      await ledger.shipped(key, 500, standIn);
      expect(await ledger.prepaid(store, "order_1", "shipment:li_1x2")).toBe(true);
      // The batch's own fulfillment (or an admin's) takes the paid attempt over.
      const fulfil = (id: string) =>
        ledger.begin({ ...entry(store, id, `order_1-${id}`), ...ordered, wait: false });
      expect(await fulfil("ful_1")).toBe(key);
      expect(await ledger.get(key)).toMatchObject({ state: "running", fulfillment_id: "ful_1" });
      expect(await ledger.prepaid(store, "order_1", "shipment:li_1x2")).toBe(false);
      // A second fulfillment of the same items meanwhile: in progress, at once.
      await expect(fulfil("ful_2")).rejects.toMatchObject({ code: "attempt_in_progress" });
      await ledger.shipped(key, 500, "ful_1");
      // Shipped: the order's items are all held, in either language.
      const refused = await fulfil("ful_3").catch((error: unknown) => error);
      expect(refused).toMatchObject({ code: "already_fulfilled", type: "invalid_data" });
      const messages = (refused as { messages: Record<string, string> }).messages;
      expect(messages["en_GB"]).toMatch(/Cannot ship more items than were ordered/);
      expect(messages["pl_PL"]).toMatch(/Nie można wysłać więcej, niż zamówiono/);
      // A batch that ships late does not take the attempt back from its taker.
      await ledger.shipped(key, 999, standIn);
      expect(await ledger.get(key)).toMatchObject({ package_id: 500, fulfillment_id: "ful_1" });
    } finally {
      await ledger.close();
    }
  });

  it("a fulfillment by hand while the batch pays waits for it and takes its package", async () => {
    const ledger = new AttemptLedger(databaseUrl, { leaseMs: 3000 });
    const lease = ledger.holdBatch("batch-race", "sbbat_2");
    try {
      const store = "batch-race";
      const key = await ledger.begin(batchEntry(store, "sbbat_2"));
      // The admin's fulfillment of the same items, as the provider begins it (waiting).
      const byHand = ledger.begin({
        ...entry(store, "ful_hand", "order_1-hand"),
        ...ordered,
      });
      // The batch's lease is renewed while it pays, however long that takes.
      await db.query(
        `update ${TABLE} set updated_at = now() - interval '1 hour' where shipment_key = $1`,
        [key],
      );
      await until(async () => !(await lapsed(key, 3000)), "the batch renewed its attempt");
      expect(await ledger.get(key)).toMatchObject({ state: "running" });
      await ledger.shipped(key, 600, batchFulfillmentId("sbbat_2", "order_1"));
      expect(await byHand).toBe(key);
      // The same batch again (a rerun) is refused at once: the items are taken.
      await ledger.shipped(key, 600, "ful_hand");
      await expect(ledger.begin(batchEntry(store, "sbbat_3"))).rejects.toMatchObject({
        code: "already_fulfilled",
      });
    } finally {
      await lease.stop();
      await ledger.close();
    }
  });

  it("the fulfillment that waited for the batch takes its package before the batch's own", async () => {
    const ledger = new AttemptLedger(databaseUrl, { leaseMs: 3000 });
    const lease = ledger.holdBatch("batch-first", "sbbat_5");
    try {
      const store = "batch-first";
      const key = await ledger.begin(batchEntry(store, "sbbat_5"));
      // The admin's fulfillment comes while the batch pays, and waits.
      const byHand = ledger.begin({ ...entry(store, "ful_admin", "order_1-admin"), ...ordered });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await ledger.shipped(key, 700, batchFulfillmentId("sbbat_5", "order_1"));
      // The batch's own fulfillment asks at once, before the admin's asks again: it waits.
      const own = ledger.begin({ ...entry(store, "ful_own", "order_1-own"), ...ordered });
      expect(await byHand).toBe(key);
      expect(await ledger.get(key)).toMatchObject({ fulfillment_id: "ful_admin" });
      await ledger.shipped(key, 700, "ful_admin");
      await expect(own).rejects.toMatchObject({ code: "already_fulfilled" });
    } finally {
      await lease.stop();
      await ledger.close();
    }
  });

  it("a batch whose process died is taken over once its lease lapsed", async () => {
    const ledger = new AttemptLedger(databaseUrl, { leaseMs: 300 });
    try {
      const store = "batch-dead";
      const key = await ledger.begin(batchEntry(store, "sbbat_4"));
      // Nobody holds the batch's attempts: its process died.
      await until(() => lapsed(key, 300), "the batch's lease lapsed");
      expect(
        await ledger.begin({ ...entry(store, "ful_after", "order_1-after"), ...ordered }),
      ).toBe(key);
      // The batch's rerun finds its items taken by that run.
      await expect(ledger.begin(batchEntry(store, "sbbat_4"))).rejects.toMatchObject({
        code: "attempt_in_progress",
      });
    } finally {
      await ledger.close();
    }
  });
});
