// applyRemedy against the sandbox over HTTP, in sandbox time: a remedy is
// checked again before anything is cancelled. One of another store, one
// altered to name another store's package or carrying another commandId, one
// whose flag no longer holds (the order's first package was cancelled
// elsewhere, the store's order is not cancelled any more) and one the service
// no longer offers to cancel are refused with a RemedyError, in English or
// Polish, and the package stays paid.
import {
  applyRemedy,
  dayReckoning,
  isRemedyError,
  isValidationError,
  type Remedy,
  type ShippingClient,
  type StoreOrderStatus,
} from "@shipbridge/core";
import { describe, expect, it } from "vitest";
import { packageV2 } from "../testing/packages.ts";
import { useSandbox } from "../testing/shared-sandbox.ts";

const sandbox = useSandbox({ client: { validateResponses: true } });

async function paid(client: ShippingClient, reference: string): Promise<number> {
  const id = (await client.packages.create(packageV2(reference))).package.package_id;
  const done = await client.orderCommands.run(crypto.randomUUID(), { packages: [{ id }] });
  expect(done.status).toBe("successful");
  return id;
}

/** How each store sees its orders; tests change it as the store would. */
const seen = new Map<string, StoreOrderStatus>();

async function orders(reference: { storeId: string; orderId: string }) {
  return seen.get(`${reference.storeId}:${reference.orderId}`) ?? "unknown";
}

/** The remedy a reckoning of `storeId` offers for the package. */
async function remedyOf(client: ShippingClient, storeId: string, packageId: number) {
  const reckoning = await dayReckoning(client, {
    from: "2000-01-01",
    to: "2099-12-31",
    storeIds: [storeId],
    orders,
  });
  const remedy = reckoning.rows.find((row) => row.packageId === packageId)?.remedy;
  if (remedy === undefined) throw new Error(`a remedy for package ${packageId} was expected`);
  return remedy;
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isRemedyError(error)) throw new Error(`a RemedyError was expected, got ${String(error)}`);
  return error;
}

async function stateOf(client: ShippingClient, id: number): Promise<string | null | undefined> {
  return (await client.packages.get(id)).state;
}

describe("applyRemedy checks the remedy again", () => {
  it("refuses another store's remedy, or one altered to name another package", async () => {
    const client = sandbox.timedClient();
    const theirs = await paid(client, "shop-b:77");
    const mine = await paid(client, "shop-a:1");
    const remedy = await remedyOf(client, "shop-b", theirs);
    expect(remedy).toMatchObject({ storeId: "shop-b", orderId: "77", packageId: theirs });

    const notMine = await refusal(applyRemedy(client, remedy, { storeIds: ["shop-a"], orders }));
    expect([notMine.code, notMine.packageId, notMine.storeId]).toEqual([
      "remedy_not_allowed",
      theirs,
      "shop-b",
    ]);
    expect(notMine.message).toContain("not among options.storeIds");

    // Relabelled as shop-a's: the package's reference still names shop-b:77.
    const relabelled: Remedy = { ...remedy, storeId: "shop-a", orderId: "1" };
    const forged = await refusal(applyRemedy(client, relabelled, { storeIds: ["shop-a"], orders }));
    expect(forged.code).toBe("remedy_mismatch");
    expect(forged.message).toContain('"shop-b:77"');

    // shop-a's own remedy pointed at shop-b's package: not the derived commandId.
    const mineRemedy = await remedyOf(client, "shop-a", mine);
    const pointed: Remedy = { ...mineRemedy, packageId: theirs };
    const wrongCommand = await refusal(
      applyRemedy(client, pointed, { storeIds: ["shop-a"], orders }),
    );
    expect(wrongCommand.code).toBe("remedy_mismatch");
    expect(wrongCommand.message).toContain("commandId");

    expect(await stateOf(client, theirs)).not.toBe("canceled");
    expect(await stateOf(client, mine)).not.toBe("canceled");
  });

  it("refuses a second_package remedy once the order's first package is cancelled elsewhere", async () => {
    const client = sandbox.timedClient();
    seen.set("shop-a:2", "shipped");
    const first = await paid(client, "shop-a:2");
    const second = await paid(client, "shop-a:2");
    const remedy = await remedyOf(client, "shop-a", second);
    expect(remedy.reason).toBe("second_package");
    await client.cancelCommands.run(crypto.randomUUID(), {
      packages: [{ id: first }],
      reasonType: "mistake",
    });

    const stale = await refusal(applyRemedy(client, remedy, { storeIds: ["shop-a"], orders }));
    expect(stale.code).toBe("remedy_outdated");
    expect(stale.message).toContain("only shipment");
    expect(await stateOf(client, second)).not.toBe("canceled");
  });

  it("asks the store again: an order no longer cancelled, or not the store's, keeps its package", async () => {
    const client = sandbox.timedClient();
    seen.set("shop-a:3", "cancelled");
    const id = await paid(client, "shop-a:3");
    const remedy = await remedyOf(client, "shop-a", id);
    expect(remedy.reason).toBe("cancelled_order_paid");

    seen.set("shop-a:3", "shipped"); // the merchant restored the order
    const restored = await refusal(
      applyRemedy(client, remedy, { storeIds: ["shop-a"], orders, language: "pl_PL" }),
    );
    expect(restored.code).toBe("remedy_outdated");
    expect(restored.message).toBe(
      `Nie anulowano paczki ${id}: sklep widzi teraz zamówienie shop-a:3 jako "shipped", więc środek zaradczy jest nieaktualny. Uzgodnij dzień ponownie.`,
    );
    const foreign = await refusal(
      applyRemedy(client, remedy, { storeIds: ["shop-a"], orders: async () => undefined }),
    );
    expect(foreign.code).toBe("remedy_not_allowed");
    expect(await stateOf(client, id)).not.toBe("canceled");
  });

  it("needs the stores it acts for and the orders callback, named at once", async () => {
    const client = sandbox.timedClient();
    const id = await paid(client, "shop-a:4");
    const remedy = await remedyOf(client, "shop-a", id);
    const { storeId: _storeId, ...withoutStore } = remedy;
    const error = await applyRemedy(
      client,
      withoutStore as unknown as Remedy,
      {} as unknown as Parameters<typeof applyRemedy>[2],
    ).catch((e: unknown) => e);
    expect(isValidationError(error) && error.issues.map((i) => [i.path, i.rule])).toEqual([
      ["remedy.storeId", "required"],
      ["options.storeIds", "required"],
      ["options.orders", "invalid_type"],
    ]);
    expect(await stateOf(client, id)).not.toBe("canceled");
  });

  it("sends the next attempt when the command under the remedy's uuid ended without cancelling", async () => {
    const client = sandbox.timedClient();
    seen.set("shop-a:6", "cancelled");
    const id = await paid(client, "shop-a:6");
    const remedy = await remedyOf(client, "shop-a", id);
    // The remedy's uuid is taken by a cancel command that cancelled nothing
    // (here one for a package the service could not cancel): it is never
    // sent again, and the package can be cancelled, so the next attempt is.
    const draft = (await client.packages.create(packageV2("shop-a:draft"))).package.package_id;
    const taken = await client.cancelCommands.run(remedy.commandId, {
      packages: [{ id: draft }],
      reasonType: "mistake",
    });
    expect(taken.successfully_canceled_packages ?? []).toEqual([]);
    const applied = await applyRemedy(client, remedy, { storeIds: ["shop-a"], orders });
    expect(applied).toMatchObject({ packageId: id, cancelled: true, refunded: true });
    expect(applied.commandId).not.toBe(remedy.commandId);
    expect(await applyRemedy(client, remedy, { storeIds: ["shop-a"], orders })).toEqual(applied);
    expect(await stateOf(client, id)).toBe("canceled");
  });

  it("refuses a package the courier has collected: the service no longer offers to cancel it", async () => {
    const client = sandbox.timedClient();
    const id = await paid(client, "shop-a:5");
    const remedy = await remedyOf(client, "shop-a", id);
    await sandbox.advanceClock(3 * 3600);
    const collected = await refusal(applyRemedy(client, remedy, { storeIds: ["shop-a"], orders }));
    expect(collected.code).toBe("remedy_not_cancellable");
    expect(await stateOf(client, id)).toBe("collected");
  });
});
