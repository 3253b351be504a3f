// shipOrder after its pickup point refused the order, against the sandbox's
// point controls: the package exists (a crash before ordering), the locker
// closes, and the order command ends with point_unavailable, charging
// nothing. A rerun after the point reopens, or after the order names another
// point, orders the package once, to the point the order names; a package
// created for the old point is moved to the new one before it is ordered.

import {
  isShipOrderError,
  orderCommandId,
  type ShipOrderOptions,
  shipOrder,
  shipOrderReference,
  toPackage,
} from "@shipbridge/core";
import { IBAN, SENDER, sampleOrder } from "@shipbridge/core/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { orderLedger } from "../testing/order-ledger.ts";
import { FAST_RETRY, useSandbox } from "../testing/shared-sandbox.ts";

const STORE = "shop-point-retry";
const shipOptions: ShipOrderOptions = { storeId: STORE, sender: SENDER, cod: { iban: IBAN } };

const sandbox = useSandbox({ client: { retry: FAST_RETRY } });

const lockers: string[] = [];
beforeAll(async () => {
  const { points } = await sandbox.client().points.map({
    location: { search_phrase: "Gdańsk" },
    filters: { services: ["inpost"], point_types: ["parcel_machine"] },
    limit: 100,
  });
  lockers.push(
    ...points
      .filter((point) => point.active !== false && point.holiday !== true)
      .map((p) => p.code),
  );
});

/** An open InPost locker no other test of this file uses. */
function locker(): string {
  const code = lockers.shift();
  if (code === undefined) throw new Error("no open InPost locker left in Gdańsk");
  return code;
}

function setPointState(code: string, state: { active: boolean }) {
  return sandbox.control(`/points/${code}`, state);
}

function lockerOrder(id: string, point: string) {
  return sampleOrder({
    id,
    shipping: { service: "inpost" },
    pickup_point: { code: point, carrier: "inpost" },
  });
}

/** The package a run made before it crashed, just before ordering. */
async function createdBeforeCrash(order: ReturnType<typeof lockerOrder>) {
  const mapped = toPackage(order, {
    ...shipOptions,
    userReferenceNumber: shipOrderReference(STORE, String(order.id)),
  });
  return (await sandbox.timedClient().packages.create(mapped.package)).package.package_id;
}

/** The order's package ids and their charges (order confirmations). */
async function ledger(orderId: string) {
  const { ids, charges } = await orderLedger(
    sandbox.timedClient(),
    shipOrderReference(STORE, orderId),
  );
  return { ids, charges };
}

async function refusal(run: Promise<unknown>) {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isShipOrderError(error)).toBe(true);
  return error as { code: string; problems: readonly { rule: string }[] };
}

describe("shipOrder after the point refused the order", () => {
  it("orders the package once the point reopens, charging once", async () => {
    const point = locker();
    const order = lockerOrder("reopen", point);
    const packageId = await createdBeforeCrash(order);
    await setPointState(point, { active: false });
    try {
      const first = await refusal(shipOrder(sandbox.timedClient(), order, shipOptions));
      expect(first.code).toBe("order_failed");
      expect(first.problems.map((p) => p.rule)).toEqual(["point_unavailable"]);
      // Still closed: refused again, never charged.
      const again = await refusal(shipOrder(sandbox.timedClient(), order, shipOptions));
      expect(again.problems.map((p) => p.rule)).toEqual(["point_unavailable"]);
      expect(await ledger("reopen")).toEqual({ ids: [packageId], charges: 0 });
    } finally {
      await setPointState(point, { active: true });
    }
    const shipped = await shipOrder(sandbox.timedClient(), order, shipOptions);
    expect(shipped.packageId).toBe(packageId);
    expect(shipped.trackingNumbers).toHaveLength(1);
    expect(shipped.commandId).not.toBe(orderCommandId(STORE, "reopen"));
    expect(await ledger("reopen")).toEqual({ ids: [packageId], charges: 1 });
    // A rerun finds the attempt that ordered it, and pays nothing more.
    const rerun = await shipOrder(sandbox.timedClient(), order, shipOptions);
    expect(rerun).toMatchObject({ packageId, commandId: shipped.commandId });
    expect(rerun.steps.order).toBe("resumed");
    expect(await ledger("reopen")).toEqual({ ids: [packageId], charges: 1 });
  });

  it("orders the package to the order's new point after the old one refused it", async () => {
    const [closed, chosen] = [locker(), locker()];
    const order = lockerOrder("new-point", closed);
    const packageId = await createdBeforeCrash(order);
    await setPointState(closed, { active: false });
    try {
      await refusal(shipOrder(sandbox.timedClient(), order, shipOptions));
      const moved = lockerOrder("new-point", chosen);
      const shipped = await shipOrder(sandbox.timedClient(), moved, shipOptions);
      expect(shipped.packageId).toBe(packageId);
      const pkg = await sandbox.timedClient().packages.get(packageId);
      expect(pkg.receiver?.point).toBe(chosen);
      expect(await ledger("new-point")).toEqual({ ids: [packageId], charges: 1 });
    } finally {
      await setPointState(closed, { active: true });
    }
  });
});

describe("shipOrder after a crash before ordering", () => {
  it("moves the package to the point the order names now, and orders it there once", async () => {
    const [old, chosen] = [locker(), locker()];
    const packageId = await createdBeforeCrash(lockerOrder("moved", old));
    const order = lockerOrder("moved", chosen);
    const shipped = await shipOrder(sandbox.timedClient(), order, shipOptions);
    expect(shipped.packageId).toBe(packageId);
    expect(shipped.commandId).toBe(orderCommandId(STORE, "moved"));
    const pkg = await sandbox.timedClient().packages.get(packageId);
    expect(pkg.receiver?.point).toBe(chosen);
    expect(await ledger("moved")).toEqual({ ids: [packageId], charges: 1 });
  });
});
