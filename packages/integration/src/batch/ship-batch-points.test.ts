// shipBatch and pickup points, against the sandbox's point controls: a
// locker that closes after its order's package was created makes the chunk's
// command refuse that package (point_unavailable, nothing charged) while the
// rest of the chunk is ordered; run again once the point reopens, the batch
// orders it under the chunk's next attempt uuid, once. A package created for
// a point the order no longer names is moved to the order's point before it
// is ordered, as shipOrder does; one whose move the service refuses, or
// that was ordered by another run just before its move, is that order's
// alone: the rest of its chunk is ordered all the same.
import {
  isShipOrderError,
  type ShipBatchOptions,
  type StoreOrderInput,
  shipBatch,
  shipOrderReference,
  toPackage,
} from "@shipbridge/core";
import { chunkCommandId } from "@shipbridge/core/internal";
import { SENDER, sampleOrder } from "@shipbridge/core/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { orderLedger } from "../testing/order-ledger.ts";
import { FAST_RETRY, useSandbox } from "../testing/shared-sandbox.ts";

const STORE = "shop-batch-points";
const sandbox = useSandbox({ client: { retry: FAST_RETRY } });

function options(batchId: string): ShipBatchOptions {
  return { storeId: STORE, sender: SENDER, batchId };
}

const lockers: string[] = [];
beforeAll(async () => {
  for (const city of ["Gdańsk", "Gdynia"]) {
    const { points } = await sandbox.client().points.map({
      location: { search_phrase: city },
      filters: { services: ["inpost"], point_types: ["parcel_machine"] },
      limit: 100,
    });
    lockers.push(
      ...points
        .filter((point) => point.active !== false && point.holiday !== true)
        .map((p) => p.code)
        .filter((code) => !lockers.includes(code)),
    );
  }
});

function locker(): string {
  const code = lockers.shift();
  if (code === undefined) throw new Error("no open InPost locker left in Gdańsk or Gdynia");
  return code;
}

function lockerOrder(id: string, point: string): StoreOrderInput {
  return sampleOrder({
    id,
    shipping: { service: "inpost" },
    pickup_point: { code: point, carrier: "inpost" },
  });
}

/** The package a run made before it crashed, just before ordering. */
async function createdBeforeCrash(order: StoreOrderInput): Promise<number> {
  const mapped = toPackage(order, {
    storeId: STORE,
    sender: SENDER,
    userReferenceNumber: shipOrderReference(STORE, String(order.id)),
  } as Parameters<typeof toPackage>[1]);
  return (await sandbox.timedClient().packages.create(mapped.package)).package.package_id;
}

async function ledger(orderId: string) {
  return orderLedger(sandbox.timedClient(), shipOrderReference(STORE, orderId));
}

describe("shipBatch and a point that closes", () => {
  it("reports the refused package, orders the rest, and orders it once after the point reopens", async () => {
    const point = locker();
    const batch = [
      sampleOrder({ id: "closed-1" }),
      lockerOrder("closed-locker", point),
      sampleOrder({ id: "closed-3" }),
    ];
    const packageId = await createdBeforeCrash(batch[1] as StoreOrderInput);
    await sandbox.control(`/points/${point}`, { active: false });

    const first = await shipBatch(sandbox.timedClient(), batch, options("closed"));
    expect(first.shipped.map((s) => s.orderId)).toEqual(["closed-1", "closed-3"]);
    expect(first.failed.map((f) => [f.orderId, f.error.code, f.retryable])).toEqual([
      ["closed-locker", "order_failed", false],
    ]);
    const error = first.failed[0]?.error;
    expect(isShipOrderError(error)).toBe(true);
    if (isShipOrderError(error)) {
      expect(error.packageId).toBe(packageId);
      expect(error.commandId).toBe(chunkCommandId(STORE, "closed", 0, 0));
      expect(error.problems.map((p) => p.rule)).toEqual(["point_unavailable"]);
    }
    expect((await ledger("closed-locker")).charges).toBe(0);

    await sandbox.control(`/points/${point}`, { active: true });
    const second = await shipBatch(sandbox.timedClient(), batch, options("closed"));
    expect(second.failed).toEqual([]);
    const shipped = second.shipped.find((s) => s.orderId === "closed-locker");
    expect(shipped?.packageId).toBe(packageId);
    // The first attempt's uuid is used up; the package goes under the next one.
    expect(shipped?.commandId).toBe(chunkCommandId(STORE, "closed", 0, 1));
    expect(second.commandIds.toSorted()).toEqual(
      [chunkCommandId(STORE, "closed", 0, 0), chunkCommandId(STORE, "closed", 0, 1)].toSorted(),
    );
    for (const orderId of ["closed-1", "closed-locker", "closed-3"]) {
      const { ids, charges } = await ledger(orderId);
      expect({ orderId, packages: ids.length, charges }).toEqual({
        orderId,
        packages: 1,
        charges: 1,
      });
    }
  });

  it("moves a package created for another point to the order's point before ordering it", async () => {
    const before = locker();
    const now = locker();
    const packageId = await createdBeforeCrash(lockerOrder("moved", before));
    const result = await shipBatch(
      sandbox.timedClient(),
      [lockerOrder("moved", now)],
      options("moved"),
    );
    expect(result.failed).toEqual([]);
    expect(result.shipped[0]?.packageId).toBe(packageId);
    const pkg = await sandbox.timedClient().packages.get(packageId);
    expect(pkg.receiver?.point).toBe(now);
    expect((await ledger("moved")).charges).toBe(1);
  });

  it("a package whose move is refused fails its own order only; the chunk's others are ordered", async () => {
    const before = locker();
    const closed = locker();
    const packageId = await createdBeforeCrash(lockerOrder("move-refused", before));
    // The customer then picked a locker that has just closed.
    await sandbox.control(`/points/${closed}`, { active: false });
    const batch = [
      sampleOrder({ id: "move-refused-1" }),
      lockerOrder("move-refused", closed),
      sampleOrder({ id: "move-refused-3" }),
    ];
    const result = await shipBatch(sandbox.timedClient(), batch, options("move-refused"));
    expect(result.shipped.map((s) => [s.orderId, s.commandId])).toEqual([
      ["move-refused-1", chunkCommandId(STORE, "move-refused", 0, 0)],
      ["move-refused-3", chunkCommandId(STORE, "move-refused", 0, 0)],
    ]);
    expect(result.failed.map((f) => [f.orderId, f.error.code, f.retryable])).toEqual([
      ["move-refused", "rejected_by_service", false],
    ]);
    expect(result.commandIds).toEqual([chunkCommandId(STORE, "move-refused", 0, 0)]);
    const pkg = await sandbox.timedClient().packages.get(packageId);
    expect(pkg.receiver?.point).toBe(before);
    for (const [orderId, charges] of [
      ["move-refused-1", 1],
      ["move-refused", 0],
      ["move-refused-3", 1],
    ] as const) {
      expect({ orderId, charges: (await ledger(orderId)).charges }).toEqual({ orderId, charges });
    }
  });

  it("a package ordered by another run just before its move is left to shipOrder, once", async () => {
    const before = locker();
    const now = locker();
    const packageId = await createdBeforeCrash(lockerOrder("move-raced", before));
    // Another run orders the package just as the batch moves it: the move is refused (409).
    const other = sandbox.timedClient();
    const racing: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      if (request.method === "PUT" && new URL(request.url).pathname === `/packages/${packageId}`) {
        await other.orderCommands.run(crypto.randomUUID(), { packages: [{ id: packageId }] });
      }
      return fetch(request);
    };
    const batch = [
      sampleOrder({ id: "move-raced-1" }),
      lockerOrder("move-raced", now),
      sampleOrder({ id: "move-raced-3" }),
    ];
    const result = await shipBatch(sandbox.timedClient(racing), batch, options("move-raced"));
    expect(result.failed).toEqual([]);
    expect(result.shipped.map((s) => [s.orderId, s.packageId === packageId])).toEqual([
      ["move-raced-1", false],
      ["move-raced", true],
      ["move-raced-3", false],
    ]);
    expect(result.commandIds).toEqual([chunkCommandId(STORE, "move-raced", 0, 0)]);
    for (const orderId of ["move-raced-1", "move-raced", "move-raced-3"]) {
      const { ids, charges } = await ledger(orderId);
      expect({ orderId, packages: ids.length, charges }).toEqual({
        orderId,
        packages: 1,
        charges: 1,
      });
    }
  });
});
