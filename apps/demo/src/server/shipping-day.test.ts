// The shipping day through the dashboard's API, over the whole demo: one
// batch across both stores (each store's own batch), asked twice at once
// and again later, ships each order exactly once with one order command per
// store; then the batch's labels in A6, A4 and ZPL (one page or block per
// parcel, each with its tracking number), a handover protocol per carrier
// listing its parcels, the courier's slots booked and cancelled at the
// service, and the day's reckoning of both stores with a cancelled order's
// package flagged and cancelled through its remedy.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectStore } from "../test-support/connect.ts";
import {
  type DemoProcess,
  eventually,
  json,
  startDemoProcess,
  testFolder,
} from "../test-support/demo-process.ts";
import { pdfPages, zplLabels } from "../test-support/pdf-pages.ts";
import type { BatchView } from "./batches.ts";
import type { DemoOrder } from "./orders.ts";
import { MERCHANTS } from "./sandbox.ts";
import type { CourierBooking, CourierView, ReckoningView, StoreName } from "./store-batch.ts";

let dir: string;
let demo: DemoProcess;
let api: string;

beforeAll(async () => {
  dir = testFolder("demo-day");
  demo = await startDemoProcess(join(dir, "data"));
  api = `${demo.addresses.dashboard}/api`;
  const { baseUrl } = demo.addresses.sandbox;
  await connectStore(demo.addresses.dashboard, "shopify", MERCHANTS.shopify, baseUrl);
  await connectStore(demo.addresses.dashboard, "medusa", MERCHANTS.medusa, baseUrl);
});

afterAll(async () => {
  const code = await demo?.stop();
  rmSync(dir, { recursive: true, force: true });
  if (demo) expect(code).toBe(0);
});

interface Stats {
  rest: {
    packages: number;
    ordered_packages: number;
    order_commands: number;
    charges: number;
    documents_commands: number;
    pickup_commands: number;
    pickup_cancellations: number;
    refunds: number;
  };
}

const STORE_NAMES: readonly StoreName[] = ["shopify", "medusa"];
const stats = async () =>
  (await json<Stats>(`${demo.addresses.sandbox.baseUrl}/_sandbox/stats`)).rest;
const orders = async () => (await json<{ orders: DemoOrder[] }>(`${api}/orders`)).orders;

async function file(path: string): Promise<{ response: Response; bytes: Uint8Array }> {
  const response = await fetch(`${demo.addresses.dashboard}${path}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${Buffer.from(bytes)}`);
  return { response, bytes };
}

let placed: { store: StoreName; id: string }[] = [];
let batch: BatchView;
/** Each store's shipped orders, with their packages and tracking numbers. */
let shipped: Record<StoreName, DemoOrder[]>;

describe("the shipping day of one batch across both stores", () => {
  it("places test orders in both stores through their checkouts, as a run with its progress", async () => {
    const { run } = await json<{ run: { id: string; total: number } }>(`${api}/orders/samples`, {
      body: { count: 6 },
    });
    expect(run.total).toBe(6);
    const finished = await eventually(
      async () => {
        const { run: now } = await json<{
          run: { state: string; placed: number; failed: number; stores: { store: string }[] };
        }>(`${api}/orders/samples/${run.id}`);
        return now.state === "finished" ? now : undefined;
      },
      240_000,
      "the test orders",
    );
    expect(finished).toMatchObject({ placed: 6, failed: 0 });
    // And one with delivery to the address in each store.
    for (const store of STORE_NAMES) {
      await json(`${api}/orders/sample`, { body: { store, count: 1, locker: false } });
    }
    const waiting = await eventually(
      async () => {
        const list = (await orders()).filter((order) => order.status === "waiting");
        return list.length === 8 ? list : undefined;
      },
      60_000,
      "eight orders waiting",
    );
    placed = waiting.map((order) => ({ store: order.store, id: order.id }));
    expect(placed.filter((order) => order.store === "shopify")).toHaveLength(4);
  });

  it("ships them as one batch, once however often it is asked", async () => {
    const before = await stats();
    const key = "day-batch-0001";
    // A double click: the same request twice at once is one batch.
    const ship = () => json<{ batch: BatchView }>(`${api}/ship`, { body: { orders: placed, key } });
    const [first, second] = await Promise.all([ship(), ship()]);
    expect(second.batch.id).toBe(first.batch.id);
    expect(first.batch.total).toBe(8);
    expect(first.batch.parts.map((part) => [part.store, part.total])).toEqual([
      ["shopify", 4],
      ["medusa", 4],
    ]);
    const seen: BatchView[] = [];
    batch = await eventually(
      async () => {
        const { batch: now } = await json<{ batch: BatchView }>(`${api}/batches/${first.batch.id}`);
        seen.push(now);
        return now.state === "finished" ? now : undefined;
      },
      240_000,
      "the batch",
    );
    expect(batch).toMatchObject({ total: 8, done: 8, failed: 0, progress: { value: 8, max: 8 } });
    expect(batch.parts.every((part) => part.storeBatchId && part.state === "finished")).toBe(true);
    // The bar only moves forward, and a running batch tells the time left once it knows it.
    const values = seen.map((view) => view.progress.value);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(seen.some((view) => view.state === "running" && view.remainingMs !== null)).toBe(true);

    const after = await stats();
    expect(after.packages - before.packages).toBe(8);
    expect(after.charges - before.charges).toBe(8);
    // One order command per store's batch, not one per order.
    expect(after.order_commands - before.order_commands).toBe(2);

    const listed = await orders();
    shipped = { shopify: [], medusa: [] };
    for (const { store, id } of placed) {
      const order = listed.find((entry) => entry.store === store && entry.id === id);
      expect(order?.status).toBe("shipped");
      expect(order?.trackingNumber).toBeTruthy();
      shipped[store].push(order as DemoOrder);
    }
    expect(new Set(listed.map((order) => order.packageId).filter(Boolean)).size).toBe(8);

    // Asked again later, with another key: nothing of it ships twice.
    const { batch: again } = await json<{ batch: BatchView }>(`${api}/ship`, {
      body: { orders: placed, key: "day-batch-0002" },
    });
    const settled = await eventually(
      async () => {
        const { batch: now } = await json<{ batch: BatchView }>(`${api}/batches/${again.id}`);
        return now.state === "finished" ? now : undefined;
      },
      120_000,
      "the repeated batch",
    );
    expect(settled.done).toBe(0);
    expect((await stats()).packages).toBe(after.packages);
  });

  it("prints each store's labels as one file: A6 one parcel a page, A4 four, ZPL one block each", async () => {
    for (const store of STORE_NAMES) {
      const numbers = shipped[store].map((order) => order.trackingNumber as string);
      const a6 = await file(`/api/batches/${batch.id}/labels/${store}?format=a6`);
      expect(a6.response.headers.get("content-type")).toBe("application/pdf");
      expect(a6.response.headers.get("content-disposition")).toMatch(
        // Named by the batch and the store.
        new RegExp(`attachment; filename="labels-batch-[A-Za-z0-9]{1,8}-${store}\\.pdf"`),
      );
      const pages = pdfPages(a6.bytes);
      expect(pages).toHaveLength(4);
      expect(pages.every((page) => page.width < page.height && page.width < 400)).toBe(true);
      expect(
        pages
          .flatMap((page) => page.texts)
          .filter((text) => numbers.includes(text))
          .sort(),
      ).toEqual([...numbers].sort());

      const a4 = pdfPages((await file(`/api/batches/${batch.id}/labels/${store}?format=a4`)).bytes);
      expect(a4).toHaveLength(1);
      expect(a4[0]?.width).toBeGreaterThan(500);

      const zpl = await file(`/api/batches/${batch.id}/labels/${store}?format=zpl`);
      expect(zpl.response.headers.get("content-type")).toMatch(/^application\/zpl/);
      const blocks = zplLabels(zpl.bytes);
      expect(blocks).toHaveLength(4);
      for (const number of numbers)
        expect(blocks.some((block) => block.includes(number))).toBe(true);
    }
    const bad = await fetch(`${api}/batches/${batch.id}/labels/ebay?format=a5&lang=pl`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: {
        issues: [
          { path: "store", rule: "invalid_value" },
          { path: "format", rule: "invalid_value", message: "format musi być a6, a4 albo zpl" },
        ],
      },
    });
  });

  it("prints a handover protocol per carrier of each store, listing every parcel", async () => {
    const { protocols } = await json<{
      protocols: { store: StoreName; service: string; url: string }[];
    }>(`${api}/batches/${batch.id}/protocols`);
    for (const store of STORE_NAMES) {
      const services = [...new Set(shipped[store].map((order) => order.service))].sort();
      expect(
        protocols.filter((entry) => entry.store === store).map((entry) => entry.service),
      ).toEqual(services);
    }
    for (const protocol of protocols) {
      const { response, bytes } = await file(protocol.url);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      const texts = pdfPages(bytes).flatMap((page) => page.texts);
      const parcels = shipped[protocol.store].filter((order) => order.service === protocol.service);
      expect(parcels.length).toBeGreaterThan(0);
      for (const order of parcels) {
        expect(texts.some((text) => text.includes(order.trackingNumber as string))).toBe(true);
      }
    }
  });

  it("proposes the courier's slots, books one per carrier and cancels it at the service", async () => {
    const before = await stats();
    const { stores } = await json<{ stores: ({ store: StoreName } & CourierView)[] }>(
      `${api}/batches/${batch.id}/courier`,
    );
    expect(stores.map((entry) => entry.store)).toEqual(["shopify", "medusa"]);
    const booked: { store: StoreName; booking: CourierBooking }[] = [];
    for (const entry of stores) {
      // Every parcel either needs a courier of its carrier or is handed in at a point.
      const covered = [
        ...entry.carriers.flatMap((carrier) => carrier.packageIds),
        ...entry.noPickupNeeded.map((parcel) => parcel.packageId),
      ];
      expect(covered.sort()).toEqual(shipped[entry.store].map((order) => order.packageId).sort());
      for (const carrier of entry.carriers) {
        expect(carrier.bookings).toEqual([]);
        const slot = carrier.slots[0];
        expect(slot?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        const { bookings } = await json<{ bookings: CourierBooking[] }>(
          `${api}/batches/${batch.id}/courier`,
          { body: { store: entry.store, service: carrier.service, ...slot } },
        );
        expect(bookings).toHaveLength(1);
        expect(bookings[0]).toMatchObject({ service: carrier.service, cancelled: false });
        expect([...(bookings[0]?.packageIds ?? [])].sort()).toEqual([...carrier.open].sort());
        expect(bookings[0]?.pickupNumber).toBeTruthy();
        booked.push({ store: entry.store, booking: bookings[0] as CourierBooking });
      }
    }
    expect(booked.length).toBeGreaterThan(0);
    const mid = await stats();
    expect(mid.pickup_commands - before.pickup_commands).toBe(booked.length);

    const { stores: now } = await json<{ stores: ({ store: StoreName } & CourierView)[] }>(
      `${api}/batches/${batch.id}/courier`,
    );
    for (const { store, booking } of booked) {
      const carrier = now
        .find((entry) => entry.store === store)
        ?.carriers.find((entry) => entry.service === booking.service);
      expect(carrier?.bookings.map((entry) => entry.id)).toEqual([booking.id]);
      expect(carrier?.open).toEqual([]);
      const cancelled = await json<{ cancelled: boolean }>(
        `${api}/batches/${batch.id}/courier/${store}/${booking.id}`,
        { method: "DELETE" },
      );
      expect(cancelled.cancelled).toBe(true);
    }
    expect((await stats()).pickup_cancellations - before.pickup_cancellations).toBe(booked.length);
  });

  it("reckons the day in both stores: every paid package beside its order", async () => {
    const state = await json<{ sandbox: { now: string } }>(`${api}/state`);
    const day = new Intl.DateTimeFormat("en-CA", {
      timeZone: "Europe/Warsaw",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(new Date(state.sandbox.now));
    const reckon = async (store: StoreName) =>
      (
        await json<{ day: string; stores: ({ store: StoreName } & ReckoningView)[] }>(
          `${api}/reckoning?day=${day}`,
        )
      ).stores.find((entry) => entry.store === store) as ReckoningView;
    for (const store of STORE_NAMES) {
      const { rows, total } = await reckon(store);
      const ours = rows.filter((row) =>
        shipped[store].some((order) => order.packageId === row.packageId),
      );
      expect(ours).toHaveLength(4);
      for (const row of ours) {
        const order = shipped[store].find((entry) => entry.packageId === row.packageId);
        expect(row).toMatchObject({ orderId: order?.id, orderName: order?.name, flags: [] });
        expect(row.paid?.amount).toBeGreaterThan(0);
      }
      expect(total?.amount).toBeCloseTo(
        rows.reduce((sum, row) => sum + (row.paid?.amount ?? 0), 0),
        2,
      );
    }

    // The customer cancels a shipped Shopify order: the app cancels its
    // package (refunded), and the day no longer counts it as paid.
    const cancelled = shipped.shopify[0] as DemoOrder;
    const before = await stats();
    await json(`${demo.addresses.dashboard}/storefront/shopify/orders/${cancelled.id}/cancel`, {
      body: {},
    });
    await eventually(
      async () => {
        const { rows } = await reckon("shopify");
        return rows.some((row) => row.packageId === cancelled.packageId) ? undefined : rows;
      },
      60_000,
      "the cancelled order's package no longer paid",
    );
    expect((await stats()).refunds - before.refunds).toBe(1);
    // Nothing is wrong, so the reckoning offers no remedy to run.
    const remedy = await fetch(
      `${api}/reckoning/shopify/${shipped.shopify[1]?.packageId}/remedy?day=${day}&lang=pl`,
      { method: "POST" },
    );
    expect(remedy.status).toBe(409);
    expect(await remedy.json()).toMatchObject({
      error: { code: "remedy_not_applied", message: expect.stringContaining("nie proponuje") },
    });
  });
});
