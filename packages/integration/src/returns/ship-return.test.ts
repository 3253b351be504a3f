// shipReturn and cancelReturn end to end against the sandbox over real HTTP:
// a store return becomes one package from the customer (sender, handing it in
// at their drop-off point) to the merchant (receiver), ordered once with a PDF
// label; run again, run ten times at once, or after a run that created the
// package and crashed before ordering it, it leaves one package and one charge.
// A drop-off point that takes no parcels in is refused before anything is
// made. Cancelled, the parcel is given back once, and refused once the parcel
// is handed over. Sleeping moves the sandbox's test clock.
import {
  cancelReturn,
  isValidationError,
  orderCommandId,
  returnReference,
  type ShipReturnOptions,
  type StoreReturnInput,
  shipReturn,
  toPackage,
} from "@shipbridge/core";
import { SENDER } from "@shipbridge/core/testing";
import { describe, expect, it } from "vitest";
import { orderLedger } from "../testing/order-ledger.ts";
import { FAST_RETRY, useSandbox } from "../testing/shared-sandbox.ts";

const STORE = "shop-returns";
const MERCHANT_ADDRESS = {
  name: "Jan Kowalski",
  company: "Sklep Kowalski",
  street: "ul. Marszałkowska 1",
  postcode: "00-624",
  city: "Warszawa",
  country_code: "PL",
  phone: "501234567",
};
const MERCHANT = { ...MERCHANT_ADDRESS, email: "sklep@example.com" };
const options: ShipReturnOptions = {
  storeId: STORE,
  merchant: MERCHANT,
  parcel: { width: 30, depth: 20, height: 10 },
};

const sandbox = useSandbox({ clearFaultsAfterEach: true, client: { retry: FAST_RETRY } });

/** A return of one mug by a customer in Gdańsk, handed in at an InPost locker there. */
function sampleReturn(id: string, overrides: Partial<StoreReturnInput> = {}): StoreReturnInput {
  return {
    id,
    orderId: `order-of-${id}`,
    name: `#${id}`,
    customer: {
      first_name: "Anna",
      last_name: "Nowak",
      street: "ul. Długa 5",
      postcode: "80-831",
      city: "Gdańsk",
      country_code: "PL",
      phone: "601234567",
      email: "anna@example.com",
    },
    dropOff: { point: "GDA01M", service: "inpost" },
    items: [{ name: "Mug", quantity: 2, weight: { value: 400, unit: "g" }, price: 39.9 }],
    ...overrides,
  };
}

async function ledger(returnId: string) {
  return orderLedger(sandbox.timedClient(), returnReference(STORE, returnId));
}

describe("shipReturn", () => {
  it("ships a return from the customer's drop-off point to the merchant, ordered once with a label", async () => {
    const result = await shipReturn(sandbox.timedClient(), sampleReturn("r-1"), options);
    expect(result.reference).toBe(`${STORE}:return:r-1`);
    expect(result.commandId).toBe(orderCommandId(STORE, "return:r-1"));
    expect(result.steps).toEqual({ package: "created", order: "sent" });
    expect(result.trackingNumbers).toHaveLength(1);
    expect(result.label.contentType).toBe("application/pdf");
    expect(new TextDecoder().decode(result.label.bytes.subarray(0, 5))).toBe("%PDF-");
    const pkg = await sandbox.timedClient().packages.get(result.packageId);
    expect(pkg.user_reference_number).toBe(`${STORE}:return:r-1`);
    expect(pkg.pickup?.point).toBe("GDA01M");
    expect(pkg.pickup?.name).toBe("Anna Nowak");
    expect(pkg.sender?.city).toBe("Gdańsk");
    expect(pkg.receiver?.name).toBe(MERCHANT.name);
    expect(pkg.receiver?.city).toBe("Warszawa");
    expect(pkg.receiver?.point ?? null).toBeNull();
    const { ids, charges } = await ledger("r-1");
    expect(ids).toEqual([result.packageId]);
    expect(charges).toBe(1);
  });

  it("run again, or ten times at once, finds the package and the order and pays once", async () => {
    const ret = sampleReturn("r-2");
    const runs = await Promise.all(
      Array.from({ length: 10 }, () => shipReturn(sandbox.timedClient(), ret, options)),
    );
    expect(new Set(runs.map((run) => run.packageId)).size).toBe(1);
    const again = await shipReturn(sandbox.timedClient(), ret, options);
    expect(again.packageId).toBe(runs[0]?.packageId);
    expect(again.steps.package).toBe("found");
    const { ids, charges } = await ledger("r-2");
    expect(ids).toHaveLength(1);
    expect(charges).toBe(1);
  });

  it("orders the package a run created before it crashed, without creating another", async () => {
    const ret = sampleReturn("r-3");
    const client = sandbox.timedClient();
    // What a run that died after POST /packages left behind: the return's package, not ordered.
    const { package: made } = toPackage(
      {
        id: "return:r-3",
        name: "#r-3",
        customer: { email: MERCHANT.email, phone: MERCHANT.phone },
        shipping_address: MERCHANT_ADDRESS,
        items: [{ name: "Mug", quantity: 2, weight: { value: 400, unit: "g" }, price: 39.9 }],
        currency: "PLN",
        totals: { total: 79.8 },
        shipping: { service: "inpost" },
      },
      {
        sender: { ...SENDER, name: "Anna Nowak" },
        pickup: { ...SENDER, name: "Anna Nowak", point: "GDA01M" },
        parcel: options.parcel,
        userReferenceNumber: returnReference(STORE, "r-3"),
      },
    );
    const created = await client.packages.create(made);
    const result = await shipReturn(client, ret, options);
    expect(result.packageId).toBe(created.package.package_id);
    expect(result.steps).toEqual({ package: "found", order: "sent" });
    const { ids, charges } = await ledger("r-3");
    expect(ids).toEqual([created.package.package_id]);
    expect(charges).toBe(1);
  });

  it("refuses a drop-off point that takes no parcels in, in English and Polish, and makes nothing", async () => {
    // PL30035: a DPD Pickup shop in Kraków that only hands parcels out.
    const ret = sampleReturn("r-4", {
      customer: { ...sampleReturn("r-4").customer, postcode: "30-001", city: "Kraków" },
      dropOff: { point: "PL30035", service: "dpd" },
    });
    for (const [language, text] of [
      ["en_GB", "does not take parcels in from senders"],
      ["pl_PL", "nie przyjmuje przesyłek od nadawców"],
    ] as const) {
      const error = await shipReturn(sandbox.timedClient(), ret, { ...options, language }).catch(
        (caught: unknown) => caught,
      );
      expect(isValidationError(error)).toBe(true);
      if (!isValidationError(error)) return;
      expect(error.issues).toEqual([
        expect.objectContaining({
          path: "return.dropOff.point",
          rule: "point_unavailable",
          message: expect.stringContaining(text),
        }),
      ]);
    }
    // Another carrier's point and an unknown point are refused the same way.
    const other = await shipReturn(
      sandbox.timedClient(),
      sampleReturn("r-4", { dropOff: { point: "GDA01M", service: "dpd" } }),
      options,
    ).catch((caught: unknown) => caught);
    expect(isValidationError(other) && other.issues[0]?.message).toMatch(/belongs to inpost/);
    const unknown = await shipReturn(
      sandbox.timedClient(),
      sampleReturn("r-4", { dropOff: { point: "GDA99Z", service: "inpost" } }),
      options,
    ).catch((caught: unknown) => caught);
    expect(isValidationError(unknown) && unknown.issues[0]?.message).toMatch(/no point GDA99Z/);
    expect((await ledger("r-4")).ids).toEqual([]);
  });

  it("refuses a return heavier than its drop-off point takes, and makes nothing", async () => {
    // GDA01M is a locker that takes parcels up to 25 kg.
    const heavy = sampleReturn("r-9", {
      items: [{ name: "Dumbbells", quantity: 1, weight: { value: 30, unit: "kg" }, price: 99 }],
    });
    for (const [language, text] of [
      ["en_GB", "takes parcels up to 25 kg"],
      ["pl_PL", "przyjmuje paczki do 25 kg"],
    ] as const) {
      const error = await shipReturn(sandbox.timedClient(), heavy, { ...options, language }).catch(
        (caught: unknown) => caught,
      );
      expect(isValidationError(error)).toBe(true);
      if (!isValidationError(error)) return;
      expect(error.issues).toEqual([
        expect.objectContaining({
          path: "return.dropOff.point",
          rule: "point_unavailable",
          message: expect.stringContaining(text),
        }),
      ]);
    }
    expect((await ledger("r-9")).ids).toEqual([]);
  });
});

describe("cancelReturn", () => {
  it("answers no_package for a return never shipped", async () => {
    const result = await cancelReturn(sandbox.timedClient(), "r-never", { storeId: STORE });
    expect(result).toEqual({ status: "no_package" });
  });

  it("cancels the return's parcel once, also when asked again or twice at once", async () => {
    const shipped = await shipReturn(sandbox.timedClient(), sampleReturn("r-5"), options);
    const [first, second] = await Promise.all([
      cancelReturn(sandbox.timedClient(), "r-5", { storeId: STORE }),
      cancelReturn(sandbox.timedClient(), "r-5", { storeId: STORE }),
    ]);
    expect(first?.status).toBe("cancelled");
    expect(second?.status).toBe("cancelled");
    expect(first?.packageId).toBe(shipped.packageId);
    const again = await cancelReturn(sandbox.timedClient(), "r-5", { storeId: STORE });
    expect(again).toEqual({ status: "cancelled", packageId: shipped.packageId });
    const pkg = await sandbox.timedClient().packages.get(shipped.packageId);
    expect(pkg.state).toBe("canceled");
    // Cancelled returns are not shipped again.
    await expect(
      shipReturn(sandbox.timedClient(), sampleReturn("r-5"), options),
    ).rejects.toMatchObject({ code: "shipment_cancelled" });
  });

  it("waits for a shipReturn under way and cancels the parcel it bought", async () => {
    const shipping = shipReturn(sandbox.timedClient(), sampleReturn("r-6"), options);
    const cancelled = await cancelReturn(sandbox.timedClient(), "r-6", { storeId: STORE });
    const shipped = await shipping;
    expect(cancelled).toMatchObject({ status: "cancelled", packageId: shipped.packageId });
  });

  it("waits for an order command a crashed run left queued, then gives its parcel back", async () => {
    const client = sandbox.timedClient();
    // A run that died after PUT /order-commands: the package made, its order queued at the service.
    const { package: made } = toPackage(
      {
        id: "return:r-8",
        name: "#r-8",
        customer: { email: MERCHANT.email, phone: MERCHANT.phone },
        shipping_address: MERCHANT_ADDRESS,
        items: [{ name: "Mug", quantity: 1, weight: { value: 400, unit: "g" }, price: 0 }],
        currency: "PLN",
        totals: { total: 0 },
        shipping: { service: "inpost" },
      },
      {
        sender: { ...SENDER, name: "Anna Nowak" },
        pickup: { ...SENDER, name: "Anna Nowak", point: "GDA01M" },
        parcel: options.parcel,
        userReferenceNumber: returnReference(STORE, "r-8"),
      },
    );
    const id = (await client.packages.create(made)).package.package_id;
    await client.orderCommands.put(orderCommandId(STORE, "return:r-8"), { packages: [{ id }] });
    const result = await cancelReturn(client, "r-8", { storeId: STORE });
    // Whatever the queued command does later, nothing stays paid.
    await sandbox.advanceClock(60);
    const pkg = await client.packages.get(id);
    expect(result).toMatchObject({ status: "cancelled", packageId: id });
    expect(pkg.state).toBe("canceled");
  });

  it("answers handed_over once the customer has handed the parcel in", async () => {
    const shipped = await shipReturn(sandbox.timedClient(), sampleReturn("r-7"), options);
    await sandbox.advanceClock(3 * 60 * 60);
    const result = await cancelReturn(sandbox.timedClient(), "r-7", { storeId: STORE });
    expect(result).toMatchObject({ status: "handed_over", packageId: shipped.packageId });
    const pkg = await sandbox.timedClient().packages.get(shipped.packageId);
    expect(pkg.state).not.toBe("canceled");
  });
});
