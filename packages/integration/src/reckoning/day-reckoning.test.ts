// The day's reckoning against the sandbox over HTTP, in sandbox time: every
// package paid in the range beside its store order, a second package of an
// order (its first paid the day before), a package for an order the store
// does not know and a paid package of a cancelled order flagged with their
// remedy; another store's packages left out, a package made by hand listed
// under no store, a cancelled one not at all; totals per store. The remedy
// cancels and refunds once, however often it is applied, and a package the
// courier has collected gets a note instead of a remedy.
import {
  applyRemedy,
  dayReckoning,
  isValidationError,
  type ShippingClient,
  type StoreOrderStatus,
} from "@shipbridge/core";
import { describe, expect, it } from "vitest";
import { packageV2 } from "../testing/packages.ts";
import { useSandbox } from "../testing/shared-sandbox.ts";

const sandbox = useSandbox({ client: { validateResponses: true } });

async function paid(client: ShippingClient, reference?: string): Promise<number> {
  const id = (await client.packages.create(packageV2(reference))).package.package_id;
  const done = await client.orderCommands.run(crypto.randomUUID(), { packages: [{ id }] });
  expect(done.status).toBe("successful");
  return id;
}

async function refunds(): Promise<number> {
  return ((await sandbox.control("/stats")) as { rest: { refunds: number } }).rest.refunds;
}

/** How the store "shop-r" sees its orders; other stores' orders are not its. */
const STORE: Record<string, StoreOrderStatus> = {
  "r-0": "shipped",
  "r-1": "shipped",
  "r-2": "cancelled",
  "r-3": "cancelled",
};

async function orders(reference: { storeId: string; orderId: string }) {
  if (reference.storeId !== "shop-r") return undefined;
  return STORE[reference.orderId] ?? "unknown";
}

describe("dayReckoning and applyRemedy", () => {
  it("sets every paid package of the range beside its order, flags what is wrong, and remedies it once", async () => {
    const client = sandbox.timedClient();
    const yesterday = await paid(client, "shop-r:r-0");
    await sandbox.advanceClock(24 * 3600);
    const shipped = await paid(client, "shop-r:r-1");
    const from = (await client.packages.get(shipped)).datetime_order as string;
    const cancelledOrder = await paid(client, "shop-r:r-2");
    const second = await paid(client, "shop-r:r-0");
    const unknown = await paid(client, "shop-r:r-9");
    const otherStore = await paid(client, "shop-other:x-1");
    const byHand = await paid(client);
    const refunded = await paid(client, "shop-r:r-3");
    await client.cancelCommands.run(crypto.randomUUID(), {
      packages: [{ id: refunded }],
      reasonType: "customer_request",
    });
    const draft = (await client.packages.create(packageV2("shop-r:r-4"))).package.package_id;

    const reckoning = await dayReckoning(client, { from, to: "2099-12-31", orders });
    const ids = reckoning.rows.map((row) => row.packageId);
    expect(ids).toEqual([shipped, cancelledOrder, second, unknown, byHand]);
    for (const absent of [yesterday, otherStore, refunded, draft])
      expect(ids).not.toContain(absent);
    const row = (id: number) => reckoning.rows.find((r) => r.packageId === id);
    expect(row(shipped)).toMatchObject({
      storeId: "shop-r",
      orderId: "r-1",
      order: "shipped",
      flags: [],
    });
    expect(row(shipped)?.remedy).toBeUndefined();
    expect(row(cancelledOrder)).toMatchObject({
      order: "cancelled",
      flags: ["cancelled_order_paid"],
      remedy: {
        action: "cancel_package",
        packageId: cancelledOrder,
        reason: "cancelled_order_paid",
      },
    });
    expect(row(second)).toMatchObject({
      orderId: "r-0",
      flags: ["second_package"],
      remedy: {
        action: "cancel_package",
        packageId: second,
        storeId: "shop-r",
        orderId: "r-0",
        reason: "second_package",
      },
    });
    expect(row(unknown)).toMatchObject({ order: "unknown", flags: ["no_order"] });
    expect(row(byHand)).toMatchObject({ reference: null, order: "none", flags: [] });
    expect(row(byHand)?.storeId).toBeUndefined();
    expect(reckoning.flagged).toBe(3);

    const price = (id: number) => row(id)?.paid.gross ?? 0;
    const shop = reckoning.totals.find((t) => t.storeId === "shop-r");
    expect(shop).toMatchObject({ currency: "PLN", packages: 4, flagged: 3 });
    expect(shop?.gross).toBeCloseTo(
      price(shipped) + price(cancelledOrder) + price(second) + price(unknown),
      2,
    );
    expect(reckoning.totals.map((t) => [t.storeId, t.packages])).toEqual([
      ["shop-r", 4],
      [null, 1],
    ]);

    // One store only: the package made by hand is nobody's.
    const mine = await dayReckoning(client, {
      from,
      to: "2099-12-31",
      orders,
      storeIds: ["shop-r"],
    });
    expect(mine.rows.map((r) => r.packageId)).toEqual([shipped, cancelledOrder, second, unknown]);

    // The remedy cancels the paid package of the cancelled order and refunds it, once.
    const remedy = row(cancelledOrder)?.remedy;
    if (remedy === undefined) throw new Error("a remedy was expected");
    const before = await refunds();
    const mayAct = { storeIds: ["shop-r"], orders };
    const applied = await applyRemedy(client, remedy, mayAct);
    expect(applied).toEqual({
      packageId: cancelledOrder,
      commandId: remedy.commandId,
      cancelled: true,
      refunded: true,
    });
    expect(await applyRemedy(client, remedy, mayAct)).toEqual(applied);
    expect(await refunds()).toBe(before + 1);
    const after = await dayReckoning(client, {
      from,
      to: "2099-12-31",
      orders,
      storeIds: ["shop-r"],
    });
    expect(after.rows.map((r) => r.packageId)).toEqual([shipped, second, unknown]);

    // Days later the courier has collected them: no remedy, a note.
    await sandbox.advanceClock(5 * 24 * 3600);
    const late = await dayReckoning(client, {
      from,
      to: "2099-12-31",
      orders,
      storeIds: ["shop-r"],
    });
    const lateUnknown = late.rows.find((r) => r.packageId === unknown);
    expect(lateUnknown?.flags).toEqual(["no_order"]);
    expect(lateUnknown?.remedy).toBeUndefined();
    expect(lateUnknown?.note).toContain("collected");
  });

  it("notes a package whose cancellation is under way as such, not as collected", async () => {
    const client = sandbox.timedClient();
    const id = await paid(client, "shop-r:r-8");
    const from = (await client.packages.get(id)).datetime_order as string;
    // Sent, not waited for: the cancellation is under way.
    await client.cancelCommands.put(crypto.randomUUID(), {
      packages: [{ id }],
      reasonType: "mistake",
    });
    const reckoning = await dayReckoning(client, { from, to: "2099-12-31", orders });
    const row = reckoning.rows.find((r) => r.packageId === id);
    expect(row?.flags).toEqual(["no_order"]);
    expect(row?.remedy).toBeUndefined();
    expect(row?.note).toContain("cancellation");
    expect(row?.note).not.toContain("collected");
    const polish = await dayReckoning(client, {
      from,
      to: "2099-12-31",
      orders,
      language: "pl_PL",
    });
    expect(polish.rows.find((r) => r.packageId === id)?.note).toContain("anulowanie");
  });

  it("reads a day alone as the whole of that day, in the time zone given", async () => {
    const client = sandbox.timedClient();
    const id = await paid(client, "shop-r:r-1");
    const orderedAt = (await client.packages.get(id)).datetime_order as string;
    const day = new Date(orderedAt).toISOString().slice(0, 10);
    const utc = await dayReckoning(client, { from: day, to: day, orders, timeZone: "UTC" });
    expect(utc.from).toBe(`${day}T00:00:00.000Z`);
    expect(utc.rows.map((r) => r.packageId)).toContain(id);
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();
    expect(utc.to).toBe(next);

    // By default a day is the merchant's day in Warsaw (an hour or two ahead of UTC).
    const warsawDay = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Warsaw" }).format(
      new Date(orderedAt),
    );
    const warsaw = await dayReckoning(client, { from: warsawDay, to: warsawDay, orders });
    expect(warsaw.rows.map((r) => r.packageId)).toContain(id);
    const start = Date.parse(warsaw.from);
    expect(Date.parse(warsaw.to) - start).toBeGreaterThanOrEqual(23 * 3_600_000);
    expect([1, 2]).toContain((Date.parse(`${warsawDay}T00:00:00Z`) - start) / 3_600_000);
  });

  it("refuses every bad argument at once, in English or Polish", async () => {
    const client = sandbox.timedClient();
    const bad = {
      from: "2026-11-24",
      to: "2026-11-23T10:00:00Z",
      orders: "shop",
      storeIds: ["shop:1", ""],
    } as unknown as Parameters<typeof dayReckoning>[1];
    const error = await dayReckoning(client, bad).catch((e: unknown) => e);
    expect(isValidationError(error) && error.issues.map((i) => [i.path, i.rule])).toEqual([
      ["options.to", "date_range_invalid"],
      ["options.orders", "invalid_type"],
      ["options.storeIds[0]", "reserved_character"],
      ["options.storeIds[1]", "required"],
    ]);
    const polish = await dayReckoning(client, {
      from: "wczoraj",
      orders,
      language: "pl_PL",
    } as unknown as Parameters<typeof dayReckoning>[1]).catch((e: unknown) => e);
    expect(isValidationError(polish) && polish.issues.map((i) => [i.path, i.message])).toEqual([
      [
        "options.from",
        "Nieprawidłowy format. Oczekiwano: data i godzina, np. 2026-09-01T13:00:00Z.",
      ],
      ["options.to", "To pole jest wymagane."],
    ]);
    const remedy = await applyRemedy(
      client,
      { action: "refund", packageId: -1 } as unknown as Parameters<typeof applyRemedy>[1],
      undefined as unknown as Parameters<typeof applyRemedy>[2],
    ).catch((e: unknown) => e);
    expect(isValidationError(remedy) && remedy.issues.map((i) => [i.path, i.rule])).toEqual([
      ["options", "required"],
      ["remedy.action", "invalid_value"],
      ["remedy.packageId", "invalid_type"],
      ["remedy.storeId", "required"],
      ["remedy.orderId", "required"],
      ["remedy.reason", "required"],
      ["remedy.commandId", "required"],
    ]);
  });
});
