// The shipping day's pages after a batch, end to end on a real PostgreSQL,
// the sandbox over HTTP and FakeShopify: booking the courier for the
// batch's parcels (the service's proposed slots, one booking however often
// asked, cancelled and booked again), and the day's reckoning of what was
// paid against the shop's orders, with its flags and one-step remedies.
import { randomUUID } from "node:crypto";
import { type ShippingClient, shipOrder, toPackage } from "@shipbridge/core";
import { beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import { toStoreOrder } from "../mapping/to-store-order.ts";
import { loadShipment } from "../store/shipments.ts";
import { eventually } from "../test-support/eventually.ts";
import { APP_URL, useHarness } from "../test-support/harness.ts";
import { SAMPLE_PARCEL, SAMPLE_SENDER, sampleShopifyOrder } from "../testing/orders.ts";

const harness = useHarness();
const SHOP = "day-shop.myshopify.com";
let appA: ShopifyApp;
let appB: ShopifyApp;
let cookie: string;
let batchId = "";
/** The sandbox's day (UTC) the test's packages are paid on. */
let day = "";

/** One parcel a file and a pickup: the batch's two parcels take two of each. */
const ONE_EACH = { batch: { parcelsPerFile: 1, parcelsPerPickup: 1 } } as const;

beforeAll(async () => {
  [appA, appB] = await Promise.all([harness.app(ONE_EACH), harness.app(ONE_EACH)]);
  cookie = await harness.ready(appA, SHOP, { shipOn: "manual", language: "en_GB" });
  // A fresh working morning at the service: the courier can still come today,
  // and every package of the test is paid on one day.
  const { now } = (await harness.sandbox.control("/clock")) as { now: string };
  const morning = new Date(now);
  morning.setUTCDate(morning.getUTCDate() + 1);
  while ([0, 6].includes(morning.getUTCDay())) morning.setUTCDate(morning.getUTCDate() + 1);
  morning.setUTCHours(7, 0, 0, 0);
  await harness.sandbox.control("/clock/advance", {
    seconds: Math.ceil((morning.getTime() - Date.parse(now)) / 1000),
  });
  day = morning.toISOString().slice(0, 10);

  for (const id of [9701, 9702]) {
    await harness.deliverPaid(appA, SHOP, harness.order(SHOP, id));
    await harness.settled(SHOP, String(id), ["waiting"]);
  }
  const batch = await appA.merchant(SHOP).shipBatch(["9701", "9702"]);
  batchId = batch?.id ?? "";
  await eventually(
    async () => (await appA.merchant(SHOP).batch(batchId))?.status === "done",
    "the batch",
    600,
  );
}, 120_000);

const get = (app: ShopifyApp, path: string) =>
  app(new Request(`${APP_URL}${path}`, { headers: { cookie } }));
const post = (app: ShopifyApp, path: string, fields: [string, string][]) =>
  app(
    new Request(`${APP_URL}${path}`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    }),
  );

async function stats() {
  const answer = (await harness.sandbox.control("/stats")) as {
    rest: { pickup_commands: number; pickup_cancellations: number };
  };
  return answer.rest;
}

function slots(page: string): string[] {
  return [...page.matchAll(/name="slot" value="([^"]+)"/g)].map((match) => match[1] as string);
}

describe("a batch's documents in parts", () => {
  it("gives its labels and protocol in files of as many parcels as the service takes", async () => {
    const page = await (await get(appA, `/orders/batches/${batchId}?shop=${SHOP}`)).text();
    const base = `/orders/batches/${batchId}`;
    expect(page).toContain(
      `href="${base}/labels?shop=${SHOP}&amp;part=1">Print labels (PDF A4) 1/2`,
    );
    expect(page).toContain(
      `href="${base}/labels?shop=${SHOP}&amp;part=2">Print labels (PDF A4) 2/2`,
    );
    expect(page).toContain(
      `href="${base}/protocol?shop=${SHOP}&amp;service=dpd&amp;part=2">Handover protocol: dpd 2/2`,
    );
    const first = await get(appA, `${base}/labels?shop=${SHOP}&part=1`);
    const second = await get(appA, `${base}/labels?shop=${SHOP}&part=2`);
    expect([first.status, second.status]).toEqual([200, 200]);
    const one = (await loadShipment(harness.pool, SHOP, "9701"))?.tracking?.numbers[0] ?? "?";
    const two = (await loadShipment(harness.pool, SHOP, "9702"))?.tracking?.numbers[0] ?? "?";
    const [textOne, textTwo] = [await first.text(), await second.text()];
    expect(textOne).toContain(one);
    expect(textOne).not.toContain(two);
    expect(textTwo).toContain(two);
    expect((await get(appA, `${base}/labels?shop=${SHOP}&part=3`)).status).toBe(404);
    const protocols = await appB.merchant(SHOP).batchProtocols(batchId);
    expect(protocols.map((protocol) => [protocol.service, protocol.packageIds.length])).toEqual([
      ["dpd", 1],
      ["dpd", 1],
    ]);
  });
});

describe("the courier for a batch", () => {
  it("offers the service's slots, books one once however often asked, and cancels it", async () => {
    const courierPath = `/orders/batches/${batchId}/courier?shop=${SHOP}`;
    const page = await (await get(appA, courierPath)).text();
    expect(page).toContain('<section id="courier-dpd">');
    expect(page).toContain("dpd: 2 parcels");
    const offered = slots(page);
    expect(offered.length).toBeGreaterThan(0);
    expect(offered[0]).toMatch(/^\d{4}-\d{2}-\d{2}\|\d{2}:00\|16:00$/);

    const before = await stats();
    const form: [string, string][] = [
      ["service", "dpd"],
      ["slot", offered[0] as string],
    ];
    // A double click reaching two instances. One pickup takes one parcel here:
    // two pickups for the one slot.
    const answers = await Promise.all([
      post(appA, `/orders/batches/${batchId}/courier`, form),
      post(appB, `/orders/batches/${batchId}/courier`, form),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([303, 303]);
    expect((await stats()).pickup_commands - before.pickup_commands).toBe(2);
    expect(await harness.count("shipbridge_shopify_pickups WHERE shop = $1", [SHOP])).toBe(2);
    const booked = await (await get(appB, courierPath)).text();
    const [date, from, to] = (offered[0] as string).split("|");
    expect(
      booked.match(
        new RegExp(`Courier booked for ${date}, ${from}–${to}, pickup number DPD-`, "g"),
      ),
    ).toHaveLength(2);
    expect(slots(booked)).toEqual([]);
    const courier = await appA.merchant(SHOP).courier(batchId);
    expect(courier?.carriers).toEqual([
      expect.objectContaining({
        service: "dpd",
        packageIds: [expect.any(Number), expect.any(Number)],
        open: [],
        booked: [
          expect.objectContaining({ cancelled: false }),
          expect.objectContaining({ cancelled: false }),
        ],
      }),
    ]);
    const [firstPickup, secondPickup] = courier?.carriers[0]?.booked ?? [];
    const commandId = firstPickup?.commandId ?? "";
    // The service gives each parcel its pickup.
    const service = await harness.serviceClient();
    for (const pickup of [firstPickup, secondPickup]) {
      const command = await service.pickupCommands.get(pickup?.commandId ?? "");
      expect(command.successfully_ordered_packages?.map((entry) => entry.package_id)).toEqual(
        pickup?.packageIds,
      );
    }

    // One cancelled: its parcel's slots come back, and booking again is a new pickup.
    const cancel = await post(appA, `/orders/batches/${batchId}/courier/cancel`, [
      ["command_id", commandId],
    ]);
    expect(cancel.status).toBe(303);
    expect((await stats()).pickup_cancellations - before.pickup_cancellations).toBe(1);
    const after = await (await get(appA, courierPath)).text();
    expect(after).toContain('<ul id="cancelled-pickups">');
    expect(after).toContain("Book courier (1 parcel)");
    expect(slots(after).length).toBeGreaterThan(0);
    const again = await appB.merchant(SHOP).bookCourier(batchId, "dpd", {
      date: date as string,
      min_time: from as string,
      max_time: to as string,
    });
    expect(again?.map((pickup) => pickup.commandId)).toHaveLength(2);
    expect(again?.map((pickup) => pickup.commandId)).not.toContain(commandId);
    expect((await stats()).pickup_commands - before.pickup_commands).toBe(3);
    // A pickup of another batch, or none, is not cancelled here.
    const stranger = await post(appA, `/orders/batches/${batchId}/courier/cancel`, [
      ["command_id", randomUUID()],
    ]);
    expect(stranger.status).toBe(404);
  });

  it("refuses a window that ends before it starts, naming the field, and books nothing", async () => {
    for (const commandId of await bookedCommands()) {
      expect(await appA.merchant(SHOP).cancelCourier(batchId, commandId)).toEqual({
        cancelled: true,
      });
    }
    const refused = await post(appA, `/orders/batches/${batchId}/courier`, [
      ["service", "dpd"],
      ["slot", `${day}|16:00|10:00`],
    ]);
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain('role="alert"');
    expect(page).toContain("Pickup window › until");
    expect(await bookedCommands()).toEqual([]);
  });
});

async function bookedCommands(): Promise<string[]> {
  const courier = await appA.merchant(SHOP).courier(batchId);
  return (courier?.carriers ?? []).flatMap((carrier) =>
    carrier.booked.map((pickup) => pickup.commandId),
  );
}

/**
 * A package paid at the service for `orderId` of the shop (its fulfillment
 * order, under which the app ships it), behind the app's back.
 */
async function paidBehindTheApp(client: ShippingClient, orderId: number): Promise<number> {
  const [shipId] = harness.fulfillmentOrderIds(SHOP, String(orderId));
  const order = toStoreOrder(sampleShopifyOrder({ id: orderId, name: `#${orderId}` }), {
    defaultService: "dpd",
  });
  const mapped = toPackage(order, {
    sender: SAMPLE_SENDER,
    parcel: SAMPLE_PARCEL,
    userReferenceNumber: `${SHOP}:${shipId}`,
  });
  const created = await client.packages.create(mapped.package);
  const id = created.package.package_id;
  await client.orderCommands.run(randomUUID(), { packages: [{ id }] });
  return id;
}

describe("the day's reckoning", () => {
  it("lists the day's paid packages beside the orders, flags what is wrong, and remedies it", async () => {
    const service = await harness.serviceClient({ advanceClock: true });
    // An order the app never received, paid for at the service.
    const stray = await shipOrder(
      service,
      toStoreOrder(sampleShopifyOrder({ id: 9799, name: "#9799" }), { defaultService: "dpd" }),
      { storeId: SHOP, sender: SAMPLE_SENDER, parcel: SAMPLE_PARCEL },
    );
    // A second package paid for an order the batch shipped.
    const second = await paidBehindTheApp(service, 9701);
    // An order cancelled in the app whose package is still paid.
    await harness.pool.query(
      "UPDATE shipbridge_shopify_shipments SET status = 'cancelled' WHERE shop = $1 AND order_id = '9702'",
      [SHOP],
    );
    const first = (await loadShipment(harness.pool, SHOP, "9701"))?.packageId as number;
    const cancelled = (await loadShipment(harness.pool, SHOP, "9702"))?.packageId as number;

    const page = await (await get(appA, `/orders/reckoning?shop=${SHOP}&day=${day}`)).text();
    expect(page).toContain(`<input type="date" name="day" value="${day}" />`);
    const rowOf = (id: number) =>
      new RegExp(`<tr id="package-${id}"[^>]*>([\\s\\S]*?)</tr>`).exec(page)?.[1] ?? "";
    expect(rowOf(first)).toContain("shipped");
    expect(rowOf(first)).not.toContain("<form");
    expect(rowOf(second)).toContain("a second package of the same order");
    expect(rowOf(cancelled)).toContain("the order is cancelled but its package is paid");
    expect(rowOf(stray.packageId)).toContain("a package with no order");
    for (const id of [second, cancelled, stray.packageId]) {
      expect(rowOf(id)).toContain("Cancel the package (refund)");
    }
    expect(page).toMatch(/Paid in all: .+ \(4\)/);

    // A package the reckoning offers no remedy for is not touched.
    const untouched = await post(appA, "/orders/reckoning/remedy", [
      ["day", day],
      ["package_id", String(first)],
    ]);
    expect(untouched.status).toBe(404);
    // The stray package's remedy: cancelled and refunded, gone from the day.
    const remedied = await post(appB, "/orders/reckoning/remedy", [
      ["day", day],
      ["package_id", String(stray.packageId)],
    ]);
    expect(remedied.status).toBe(303);
    expect((await service.packages.get(stray.packageId)).state).toBe("canceled");
    expect((await service.packages.get(first)).state).not.toBe("canceled");
    const after = await (await get(appB, remedied.headers.get("location") ?? "")).text();
    expect(after).toContain(`Done: package ${stray.packageId} cancelled.`);
    expect(after).not.toContain(`id="package-${stray.packageId}"`);
    // In code too, and applied twice it cancels once.
    const reckoning = await appA.merchant(SHOP).reckoning(day);
    expect(reckoning.rows.map((row) => row.packageId).sort()).toEqual(
      [first, second, cancelled].sort(),
    );
    const result = await appA.merchant(SHOP).applyRemedy(day, second);
    expect(result).toMatchObject({ cancelled: true, refunded: true });
    expect(await appA.merchant(SHOP).applyRemedy(day, second)).toBeNull();
  });
});
