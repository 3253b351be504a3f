// The shipping day in the whole application, through the admin API: a batch
// of orders sent twice at once (a double click) while the admin fulfils one
// of them by hand, run in the background; each order shipped once with one
// fulfilment (Medusa's own workflow), one package and one charge, also when
// a fulfilment fails for a passing reason and is tried again; the order
// that cannot ship reported with its problems in English and Polish; the
// batch sent again, and the same orders in a new batch, paying nothing more.
// While a batch pays: a fulfilment by hand waits for it and takes its
// package, a cancelled order's package is cancelled at once, and an order of
// two shipping profiles (and a line that needs no shipping) ships a package
// per shipping method. A batch whose process is killed mid-way (a real
// process, SIGKILL) is taken up again by the resume job, paying nothing
// twice. Then the rest of the day for a batch: one label file (A6 or A4
// PDF, ZPL), a handover protocol per carrier, two carriers' couriers booked
// at once and one cancelled, and the day's reckoning flagging a cancelled
// order's paid package, whose remedy cancels it.
import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { Modules } from "@medusajs/framework/utils";
import {
  createProductsWorkflow,
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
} from "@medusajs/medusa/core-flows";
import { medusaIntegrationTestRunner } from "@medusajs/test-utils";
import resumeBatches from "@shipbridge/medusa/jobs/resume-batches";
import { batchShipmentKey } from "@shipbridge/medusa/lib/attempt-ledger";
import pg from "pg";
import { describe, expect, it } from "vitest";
import seed from "../src/scripts/seed.ts";
import { adminHeaders, storeHeaders } from "./admin-session.ts";
import { ADDRESS } from "./sandbox-account.ts";
import { answer, payAndComplete, placeOrder } from "./store-checkout.ts";

const sandbox = process.env["SHIPBRIDGE_BASE_URL"] as string;
const STORE_ID = "medusa-store";

/**
 * The uuid of the order command shipOrder sends for a store order, as core
 * documents it: UUID v5 of `${storeId}:${orderId}` in its fixed
 * ORDER_COMMAND_NAMESPACE.
 */
function orderCommandId(storeId: string, orderId: string): string {
  const namespace = "6f1c3b52-4d0e-4c8f-9a57-2b8e1d4c7a90";
  const bytes = createHash("sha1")
    .update(Buffer.from(namespace.replaceAll("-", ""), "hex"))
    .update(`${storeId}:${orderId}`, "utf8")
    .digest()
    .subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Adds a fault rule to the sandbox; its id. */
async function fault(rule: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${sandbox}/_sandbox/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(rule),
  });
  return ((await response.json()) as { id: string }).id;
}

/** How often a fault rule fired. */
async function fired(id: string): Promise<number> {
  const response = await fetch(`${sandbox}/_sandbox/faults`);
  const body = (await response.json()) as
    | { faults?: { id: string; fired: number }[] }
    | { id: string; fired: number }[];
  const rules = Array.isArray(body) ? body : (body.faults ?? []);
  return rules.find((rule) => rule.id === id)?.fired ?? 0;
}

/** Until `condition` holds (checked every `ms`), at most `tries` times. */
async function until(condition: () => Promise<boolean>, what: string, tries = 600, ms = 100) {
  for (let attempt = 0; attempt < tries; attempt++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, ms));
  }
  throw new Error(`never: ${what}`);
}

interface Stats {
  packages: number;
  canceled_packages: number;
  charges: number;
  order_commands: number;
  documents_commands: number;
  pickup_commands: number;
  pickup_cancellations: number;
  refunds: number;
}

/** What the sandbox's REST API holds over every account (packages, commands, charges). */
async function stats(): Promise<Stats> {
  const response = await fetch(`${sandbox}/_sandbox/stats`);
  return ((await response.json()) as { rest: Stats }).rest;
}

/** The pages of a PDF the sandbox wrote (uncompressed): its page tree's kids. */
function pdfPageCount(body: Buffer): number {
  const source = body.toString("latin1");
  expect(source.startsWith("%PDF-")).toBe(true);
  const kids = /\/Type \/Pages[\s\S]*?\/Kids \[([^\]]*)\]/.exec(source)?.[1] ?? "";
  return [...kids.matchAll(/(\d+) 0 R/g)].length;
}

interface FulfilledOrder {
  id: string;
  fulfillments?: { canceled_at: unknown; data: { package_id: number } }[] | null;
}

/** The fulfilments of an order that are not cancelled, from query.graph's records. */
function liveFulfillments(records: unknown[], orderId: string) {
  const record = (records as FulfilledOrder[]).find((o) => o.id === orderId);
  return (record?.fulfillments ?? []).filter((f) => !f.canceled_at);
}

interface BatchAnswer {
  id: string;
  state: string;
  phase: string;
  done: boolean;
  runs: number;
  total: number;
  created: number;
  ordered: number;
  labelled: number;
  fulfilled: number;
  failed: number;
  remaining_ms: number | null;
  orders: {
    order_id: string;
    shipping_method_id: string | null;
    state: string;
    package_id: number | null;
    fulfillment_id: string | null;
    fulfilled_by: string;
  }[];
  failures: {
    order_id: string;
    code: string;
    message: string;
    issues: { path: string; rule: string; message: string }[];
    retryable: boolean;
  }[];
}

medusaIntegrationTestRunner({
  cwd: process.cwd(),
  testSuite: ({ api, getContainer, dbConfig }) => {
    describe("the shipping day's batch", () => {
      it("ships a batch once per order, then prints, books the courier and reckons the day", async () => {
        const container = getContainer();
        await seed({ container, args: [] } as never);
        const admin = await adminHeaders(api, container);
        const store = await storeHeaders(container);
        const query = container.resolve("query");

        const { data: products } = await api.get("/store/products?fields=*variants", store);
        const { data: regions } = await api.get("/store/regions", store);
        const variant = products.products.find((p: { handle: string }) => p.handle === "kubek")
          .variants[0];
        const { data: near } = await api.get(
          "/store/shipbridge/pickup-points?service=inpost&postcode=80-831",
          store,
        );
        const locker = near.points[0].code as string;

        /** An order of two mugs shipped with `optionCode`; `later` changes its address after checkout. */
        const place = (
          option: string,
          data?: Record<string, unknown>,
          later?: Record<string, unknown>,
        ) =>
          placeOrder(api, store, {
            option,
            ...(data === undefined ? {} : { data }),
            ...(later === undefined ? {} : { later }),
            items: [{ variant_id: variant.id, quantity: 2 }],
          });

        const couriers = [await place("dpd"), await place("dpd"), await place("dpd")];
        const toLocker = await place("inpost-point", { point_id: locker });
        const invalid = await place(
          "dpd",
          {},
          { ...ADDRESS, phone: "12345", address_1: "ul. Długa" },
        );
        const good = [...couriers, toLocker];
        const all = [...good, invalid];
        const handled = couriers[2] as { id: string; items: { id: string; quantity: number }[] };
        const { data: locations } = await api.get("/admin/stock-locations", admin);
        const locationId = locations.stock_locations[0].id as string;
        const before = await stats();

        // The batch sent twice at once (a double click), and the admin
        // fulfilling one of its orders by hand at the same moment.
        const body = { key: "day-1", order_ids: all.map((order) => order.id) };
        const handing = answer(
          api.post(
            `/admin/orders/${handled.id}/fulfillments`,
            {
              location_id: locationId,
              items: handled.items.map((item) => ({ id: item.id, quantity: item.quantity })),
            },
            admin,
          ),
        );
        const [first, second] = await Promise.all([
          answer(api.post("/admin/shipbridge/batches", body, admin)),
          answer(api.post("/admin/shipbridge/batches", body, admin)),
        ]);
        expect([first.status, second.status].sort()).toEqual([200, 202]);
        const batchId = (first.data["batch"] as BatchAnswer).id;
        expect((second.data["batch"] as BatchAnswer).id).toBe(batchId);
        // The first fulfilment of one order fails for a passing reason (the
        // service unavailable, asking to be asked again in two minutes): the
        // batch tries it again and ships it.
        const passingOrder = couriers[0] as { id: string };
        const { data: passingMethods } = await query.graph({
          entity: "order",
          fields: ["id", "shipping_methods.id"],
          filters: { id: passingOrder.id },
        });
        const passingMethod = (passingMethods[0] as { shipping_methods: { id: string }[] })
          .shipping_methods[0]?.id as string;
        const passing = await fault({
          status: 503,
          retry_after: 120,
          method: "GET",
          path: `/order-commands/${orderCommandId(STORE_ID, batchShipmentKey(batchId, passingOrder.id, passingMethod))}`,
          count: 1,
        });
        // The same key asking for something else (another location): a conflict.
        const reused = await answer(
          api.post("/admin/shipbridge/batches", { ...body, location_id: locationId }, admin),
        );
        expect(reused.status).toBe(409);
        expect(reused.data).toMatchObject({ type: "conflict", code: "batch_key_reused" });
        expect(reused.data["message"]).toMatch(/another location/);
        const byHand = await handing;
        // By hand: shipped, or refused while the batch was paying for the
        // same items (never a second parcel).
        if (byHand.status !== 200) {
          expect(byHand.status).toBe(400);
          expect(byHand.data["code"]).toBe("attempt_in_progress");
        }

        // The batch runs in the background; its progress is read as it goes.
        const seen: BatchAnswer[] = [];
        let view: BatchAnswer | undefined;
        for (let poll = 0; poll < 600 && view?.done !== true; poll++) {
          if (poll > 0) await new Promise((resolve) => setTimeout(resolve, 200));
          const { data } = await api.get(`/admin/shipbridge/batches/${batchId}`, admin);
          view = data.batch as BatchAnswer;
          seen.push(view);
        }
        expect(view).toMatchObject({
          done: true,
          state: "done",
          total: 5,
          fulfilled: 4,
          failed: 1,
          remaining_ms: 0,
        });
        expect(await fired(passing)).toBe(1);
        for (const progress of seen) {
          expect(progress.fulfilled + progress.failed).toBeLessThanOrEqual(progress.total);
          if (progress.remaining_ms !== null)
            expect(progress.remaining_ms).toBeGreaterThanOrEqual(0);
        }

        // Each good order has exactly one fulfilment, holding its own package.
        const { data: shipped } = await query.graph({
          entity: "order",
          fields: ["id", "fulfillments.id", "fulfillments.canceled_at", "fulfillments.data"],
          filters: { id: all.map((order) => order.id) },
        });
        const packages = new Set<number>();
        for (const order of good) {
          const live = liveFulfillments(shipped, order.id);
          expect(live).toHaveLength(1);
          const packageId = live[0]?.data.package_id as number;
          packages.add(packageId);
          const row = (view as BatchAnswer).orders.find((o) => o.order_id === order.id);
          expect(row).toMatchObject({ state: "fulfilled", package_id: packageId });
        }
        expect(packages.size).toBe(4);
        expect(liveFulfillments(shipped, invalid.id)).toHaveLength(0);
        // One package and one charge per good order, nothing for the invalid one.
        const after = await stats();
        expect(after.packages - before.packages).toBe(4);
        expect(after.charges - before.charges).toBe(4);
        // One order command for the batch's chunk (and one more when the
        // admin's fulfilment by hand came first and ordered its own).
        expect(after.order_commands - before.order_commands).toBeLessThanOrEqual(2);

        // The order that cannot ship: every problem, in English and in Polish.
        expect((view as BatchAnswer).failures).toHaveLength(1);
        const failure = (view as BatchAnswer).failures[0];
        expect(failure).toMatchObject({
          order_id: invalid.id,
          code: "validation_failed",
          retryable: false,
        });
        expect(failure?.message).toMatch(/order\.shipping_address\.phone phone_invalid/);
        expect(failure?.message).toMatch(/order\.shipping_address\.street house_number_missing/);
        expect(failure?.issues.map((issue) => issue.rule).sort()).toEqual([
          "house_number_missing",
          "phone_invalid",
        ]);
        const { data: polish } = await api.get(`/admin/shipbridge/batches/${batchId}`, {
          headers: { ...admin.headers, "accept-language": "pl" },
        });
        const polishFailure = (polish.batch as BatchAnswer).failures[0];
        expect(polishFailure?.issues.map((issue) => issue.rule).sort()).toEqual([
          "house_number_missing",
          "phone_invalid",
        ]);
        expect(polishFailure?.message).not.toBe(failure?.message);
        expect(polishFailure?.message).toMatch(/phone_invalid/);

        // The day's documents: one file of the batch's labels in the store's
        // format (A6, a page a label), or A4 (four a page) or ZPL; asked
        // again, the same documents command.
        const binary = { ...admin, responseType: "arraybuffer" as const };
        const labelsPath = `/admin/shipbridge/batches/${batchId}/labels`;
        const beforeFiles = await stats();
        const a6 = await api.post(labelsPath, {}, binary);
        expect(a6.status).toBe(200);
        expect(a6.headers["content-type"]).toMatch(/application\/pdf/);
        expect(String(a6.headers["x-shipbridge-packages"]).split(",").map(Number).sort()).toEqual(
          [...packages].sort(),
        );
        expect(pdfPageCount(Buffer.from(a6.data))).toBe(4);
        const a4 = await api.post(labelsPath, { format: "pdf-a4" }, binary);
        expect(pdfPageCount(Buffer.from(a4.data))).toBe(1);
        const zpl = await api.post(labelsPath, { format: "zpl" }, binary);
        expect(zpl.headers["content-type"]).toMatch(/application\/zpl/);
        expect(Buffer.from(zpl.data).toString("latin1").match(/\^XA/g)).toHaveLength(4);
        await api.post(labelsPath, {}, binary);
        expect((await stats()).documents_commands - beforeFiles.documents_commands).toBe(3);
        const badFormat = await answer(api.post(labelsPath, { format: "png", offset: -1 }, admin));
        expect(badFormat.status).toBe(400);
        expect(badFormat.data["message"]).toMatch(/^format one_of.*; offset invalid_type/);

        // A handover protocol per carrier: the couriers' three parcels, the locker's one.
        const { data: protocols } = await api.post(
          `/admin/shipbridge/batches/${batchId}/protocol`,
          {},
          admin,
        );
        const byCarrier = Object.fromEntries(
          (
            protocols.protocols as { service: string; package_ids: number[]; body_base64: string }[]
          ).map((protocol) => [protocol.service, protocol]),
        );
        expect(Object.keys(byCarrier).sort()).toEqual(["dpd", "inpost"]);
        expect(byCarrier["dpd"]?.package_ids).toHaveLength(3);
        expect(byCarrier["inpost"]?.package_ids).toHaveLength(1);
        const dpdProtocol = await api.post(
          `/admin/shipbridge/batches/${batchId}/protocol`,
          { service: "dpd" },
          binary,
        );
        expect(dpdProtocol.headers["content-type"]).toMatch(/application\/pdf/);
        expect(Buffer.from(dpdProtocol.data).toString("latin1")).toBe(
          Buffer.from(byCarrier["dpd"]?.body_base64 ?? "", "base64").toString("latin1"),
        );

        // The courier: slots per carrier (the store hands every parcel to a
        // courier at its address, the locker's too: none is dropped at a point).
        const pickupPath = `/admin/shipbridge/batches/${batchId}/pickup`;
        const { data: slots } = await api.get(pickupPath, admin);
        const carriers = slots.carriers as {
          service: string;
          package_ids: number[];
          dates: { date: string; min_time: string; max_time: string }[];
        }[];
        expect(carriers.map((carrier) => [carrier.service, carrier.package_ids.length])).toEqual([
          ["dpd", 3],
          ["inpost", 1],
        ]);
        expect(carriers.every((carrier) => carrier.dates.length > 0)).toBe(true);
        expect(slots.no_pickup_needed).toEqual([]);
        expect(slots.unavailable).toEqual([]);
        const slot = slots.carriers[0].dates[0] as {
          date: string;
          min_time: string;
          max_time: string;
        };
        const window = { date: slot.date, min_time: slot.min_time, max_time: slot.max_time };
        const inpostSlot = carriers.find((carrier) => carrier.service === "inpost")?.dates[0] as {
          date: string;
          min_time: string;
          max_time: string;
        };
        const beforePickup = await stats();
        // Both carriers booked at the same moment (and one twice, a double click).
        const [booked, bookedAgain, bookedInpost] = await Promise.all([
          api.post(pickupPath, { service: "dpd", ...window }, admin),
          api.post(pickupPath, { service: "dpd", ...window }, admin),
          api.post(pickupPath, { service: "inpost", ...inpostSlot }, admin),
        ]);
        const pickup = booked.data.pickups[0] as { command_id: string; package_ids: number[] };
        expect(pickup.package_ids).toHaveLength(3);
        expect(bookedAgain.data.pickups[0].command_id).toBe(pickup.command_id);
        const inpostPickup = bookedInpost.data.pickups[0] as { command_id: string };
        expect((await stats()).pickup_commands - beforePickup.pickup_commands).toBe(2);
        const { data: bothBooked } = await api.get(pickupPath, admin);
        expect(
          (bothBooked.booked as { command_id: string }[]).map((entry) => entry.command_id).sort(),
        ).toEqual([pickup.command_id, inpostPickup.command_id].sort());
        const elsewhere = await answer(api.post(pickupPath, { service: "gls", ...window }, admin));
        expect(elsewhere.status).toBe(400);
        expect(elsewhere.data).toMatchObject({ code: "service_not_in_batch" });
        const noSlot = await answer(api.post(pickupPath, { service: "dpd", date: "26.11" }, admin));
        expect(noSlot.status).toBe(400);
        expect(noSlot.data["message"]).toMatch(
          /^date invalid_format.*; min_time invalid_format.*; max_time invalid_format/,
        );
        const cancelPath = `${pickupPath}/${pickup.command_id}`;
        expect((await api.delete(cancelPath, admin)).data).toEqual({ cancelled: true });
        expect((await api.delete(cancelPath, admin)).data).toEqual({ cancelled: true });
        expect((await stats()).pickup_cancellations - beforePickup.pickup_cancellations).toBe(1);
        const { data: afterCancel } = await api.get(pickupPath, admin);
        const cancelledOf = Object.fromEntries(
          (afterCancel.booked as { command_id: string; cancelled: boolean }[]).map((entry) => [
            entry.command_id,
            entry.cancelled,
          ]),
        );
        expect(cancelledOf).toEqual({
          [pickup.command_id]: true,
          [inpostPickup.command_id]: false,
        });

        // The day's reckoning: an order whose package was paid (its
        // fulfilment lost: the provider ran, Medusa never linked it) and
        // which was then cancelled is flagged; its remedy cancels the
        // package, once.
        const lost = await place("dpd");
        const { data: lostPlaced } = await query.graph({
          entity: "order",
          fields: ["*", "items.*", "items.detail.*", "shipping_address.*", "shipping_methods.*"],
          filters: { id: lost.id },
        });
        const lostOrder = lostPlaced[0] as Record<string, unknown> & {
          items: Record<string, unknown>[];
          shipping_methods: { data: Record<string, unknown> }[];
        };
        const fulfillmentModule = container.resolve(Modules.FULFILLMENT);
        const lostFulfillment = await fulfillmentModule.createFulfillment({
          location_id: locationId,
          provider_id: "shipbridge_shipbridge",
          delivery_address: { ...ADDRESS },
          data: lostOrder.shipping_methods[0]?.data ?? {},
          items: lostOrder.items.map((item) => ({
            line_item_id: item["id"] as string,
            title: item["title"] as string,
            sku: (item["variant_sku"] as string | null) ?? "",
            barcode: "",
            quantity: item["quantity"] as number,
          })),
          labels: [],
          order: lostOrder as never,
        });
        // The row comes back before the provider's data is saved: read it again.
        const lostKept = await fulfillmentModule.retrieveFulfillment(lostFulfillment.id);
        const lostPackage = (lostKept.data as { package_id: number }).package_id;
        expect(lostPackage).toBeGreaterThan(0);
        await api.post(`/admin/orders/${lost.id}/cancel`, {}, admin);
        const range = {
          from: new Date(Date.now() - 3_600_000).toISOString(),
          to: new Date(Date.now() + 3_600_000).toISOString(),
        };
        const reckon = async () =>
          (
            await api.get(
              `/admin/shipbridge/reckoning?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`,
              admin,
            )
          ).data;
        const day = await reckon();
        type Row = {
          packageId: number;
          order: string;
          flags: string[];
          medusaOrderId: string | null;
          remedy?: Record<string, unknown>;
        };
        const rows = day.reckoning.rows as Row[];
        const flagged = rows.find((row) => row.packageId === lostPackage);
        expect(flagged).toMatchObject({
          order: "cancelled",
          flags: ["cancelled_order_paid"],
          medusaOrderId: lost.id,
          remedy: { action: "cancel_package", packageId: lostPackage },
        });
        for (const packageId of packages) {
          expect(rows.find((row) => row.packageId === packageId)).toMatchObject({
            order: "shipped",
            flags: [],
          });
        }
        expect(day.remedy_path).toBe("/admin/shipbridge/reckoning/remedy");
        // A remedy whose flag does not hold (a shipped order's package) is refused.
        const shippedPackage = [...packages][0] as number;
        const notFlagged = await answer(
          api.post(
            "/admin/shipbridge/reckoning/remedy",
            { action: "cancel_package", packageId: shippedPackage, reason: "cancelled_order_paid" },
            admin,
          ),
        );
        expect(notFlagged.status).toBe(400);
        expect(notFlagged.data).toMatchObject({ code: "remedy_not_applicable" });
        const beforeRemedy = await stats();
        const { data: remedied } = await api.post(day.remedy_path, flagged?.remedy, admin);
        expect(remedied.result).toMatchObject({
          packageId: lostPackage,
          cancelled: true,
          refunded: true,
        });
        const { data: again2 } = await api.post(day.remedy_path, flagged?.remedy, admin);
        expect(again2.result).toMatchObject({ cancelled: true });
        const afterRemedy = await stats();
        expect(afterRemedy.refunds - beforeRemedy.refunds).toBe(1);
        const dayAfter = await reckon();
        expect(
          (dayAfter.reckoning.rows as Row[]).some((row) => row.packageId === lostPackage),
        ).toBe(false);

        // The same batch sent again later: the same batch, nothing more paid.
        const settled = await stats();
        const again = await answer(api.post("/admin/shipbridge/batches", body, admin));
        expect(again.status).toBe(200);
        expect((again.data["batch"] as BatchAnswer).id).toBe(batchId);
        // The same orders in a new batch: nothing left to ship, nothing paid.
        const { data: repeat } = await api.post(
          "/admin/shipbridge/batches",
          { key: "day-1-again", order_ids: all.map((order) => order.id) },
          admin,
        );
        let repeated = repeat.batch as BatchAnswer;
        for (let poll = 0; poll < 300 && !repeated.done; poll++) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          const { data } = await api.get(`/admin/shipbridge/batches/${repeated.id}`, admin);
          repeated = data.batch as BatchAnswer;
        }
        expect(repeated).toMatchObject({ done: true, fulfilled: 0, failed: 5 });
        expect(repeated.failures.map((f) => f.code).sort()).toEqual([
          "already_fulfilled",
          "already_fulfilled",
          "already_fulfilled",
          "already_fulfilled",
          "validation_failed",
        ]);
        const final = await stats();
        expect(final.charges).toBe(settled.charges);
        expect(final.packages).toBe(settled.packages);

        // An order of two shipping profiles, each shipped by the plugin (a
        // mug, a pallet), with an e-book that needs no shipping.
        const fulfillmentOptions = await container
          .resolve(Modules.FULFILLMENT)
          .retrieveFulfillmentOptions("shipbridge_shipbridge");
        const { data: zones } = await query.graph({
          entity: "service_zone",
          fields: ["id"],
          filters: { name: "Polska" },
        });
        const { data: channels } = await query.graph({
          entity: "sales_channel",
          fields: ["id"],
          filters: { name: "Web shop" },
        });
        const {
          result: [pallets],
        } = await createShippingProfilesWorkflow(container).run({
          input: { data: [{ name: "Pallets", type: "default" }] },
        });
        const {
          result: [palletOption],
        } = await createShippingOptionsWorkflow(container).run({
          input: [
            {
              name: "DPD pallet",
              price_type: "calculated",
              provider_id: "shipbridge_shipbridge",
              service_zone_id: (zones[0] as { id: string }).id,
              shipping_profile_id: (pallets as { id: string }).id,
              type: { label: "DPD pallet", description: "dpd", code: "dpd-pallet" },
              data: fulfillmentOptions.find((option) => option["id"] === "dpd") ?? {},
              rules: [
                { attribute: "enabled_in_store", operator: "eq", value: "true" },
                { attribute: "is_return", operator: "eq", value: "false" },
              ],
            },
          ],
        });
        await createProductsWorkflow(container).run({
          input: {
            products: [
              { title: "Paleta", handle: "paleta", weight: 2000, price: 120, profile: pallets },
              { title: "E-book", handle: "ebook", weight: 0, price: 20, profile: undefined },
            ].map((product) => ({
              title: product.title,
              handle: product.handle,
              status: "published" as const,
              ...(product.profile === undefined
                ? {}
                : { shipping_profile_id: (product.profile as { id: string }).id }),
              sales_channels: [{ id: (channels[0] as { id: string }).id }],
              options: [{ title: "Wariant", values: ["Standard"] }],
              variants: [
                {
                  title: "Standard",
                  sku: product.handle.toUpperCase(),
                  weight: product.weight,
                  manage_inventory: false,
                  options: { Wariant: "Standard" },
                  prices: [{ amount: product.price, currency_code: "pln" }],
                },
              ],
            })),
          },
        });
        const { data: catalogue } = await api.get("/store/products?fields=*variants", store);
        const variantOf = (handle: string) =>
          catalogue.products.find((p: { handle: string }) => p.handle === handle).variants[0]
            .id as string;
        const { data: mixedCart } = await api.post(
          "/store/carts",
          {
            region_id: regions.regions[0].id,
            email: "anna@example.com",
            shipping_address: ADDRESS,
            items: ["kubek", "paleta", "ebook"].map((handle) => ({
              variant_id: variantOf(handle),
              quantity: 1,
            })),
          },
          store,
        );
        const mixedCartId = mixedCart.cart.id as string;
        const { data: mixedOptions } = await api.get(
          `/store/shipping-options?cart_id=${mixedCartId}`,
          store,
        );
        const parcelOption = mixedOptions.shipping_options.find(
          (o: { id: string; data: { id: string } }) =>
            o.data.id === "dpd" && o.id !== (palletOption as { id: string }).id,
        );
        for (const optionId of [parcelOption.id, (palletOption as { id: string }).id]) {
          await api.post(
            `/store/carts/${mixedCartId}/shipping-methods`,
            { option_id: optionId, data: {} },
            store,
          );
        }
        const mixed = (await payAndComplete(api, store, mixedCartId)) as unknown as {
          id: string;
          shipping_methods: { id: string }[];
        };
        expect(mixed.shipping_methods).toHaveLength(2);

        // A batch while its order command is slow (the service takes 3 s
        // to answer it): the admin fulfils one of its orders by hand and
        // cancels another while the batch pays for their packages.
        const later = [await place("dpd"), await place("dpd")];
        const cancelled = later[0] as { id: string };
        const lateHand = later[1] as { id: string; items: { id: string; quantity: number }[] };
        const beforeLater = await stats();
        await fault({ latency_ms: 3_000, method: "PUT", path: "/order-commands", count: 1 });
        const { data: started } = await api.post(
          "/admin/shipbridge/batches",
          { key: "day-2", order_ids: [cancelled.id, lateHand.id, mixed.id] },
          admin,
        );
        let paying = started.batch as BatchAnswer;
        const read = async (id: string) =>
          (await api.get(`/admin/shipbridge/batches/${id}`, admin)).data.batch as BatchAnswer;
        await until(async () => {
          paying = await read(paying.id);
          return paying.created >= 4 || paying.done;
        }, "the batch's four packages made");
        expect(paying.done).toBe(false);
        const [whilePaying, cancelling] = await Promise.all([
          answer(
            api.post(
              `/admin/orders/${lateHand.id}/fulfillments`,
              {
                location_id: locationId,
                items: lateHand.items.map((item) => ({ id: item.id, quantity: item.quantity })),
              },
              admin,
            ),
          ),
          answer(api.post(`/admin/orders/${cancelled.id}/cancel`, {}, admin)),
        ]);
        expect(cancelling.status).toBe(200);
        // By hand: it waits for the batch and takes the package it paid for.
        expect(whilePaying.status).toBe(200);
        await until(
          async () => {
            paying = await read(paying.id);
            return paying.done;
          },
          "the batch done",
          300,
          200,
        );
        expect(paying).toMatchObject({ done: true, total: 4, fulfilled: 3, failed: 1 });
        const { data: laterShipped } = await query.graph({
          entity: "order",
          fields: [
            "id",
            "fulfillments.id",
            "fulfillments.canceled_at",
            "fulfillments.data",
            "items.id",
            "items.title",
            "items.detail.fulfilled_quantity",
          ],
          filters: { id: [cancelled.id, lateHand.id, mixed.id] },
        });
        const rowsOf = (orderId: string) => paying.orders.filter((o) => o.order_id === orderId);
        const handLive = liveFulfillments(laterShipped, lateHand.id);
        expect(handLive).toHaveLength(1);
        expect(rowsOf(lateHand.id)).toMatchObject([
          {
            state: "fulfilled",
            fulfilled_by: "elsewhere",
            package_id: handLive[0]?.data.package_id,
            fulfillment_id: (handLive[0] as unknown as { id: string }).id,
          },
        ]);
        // The cancelled order: its package cancelled at once, and why, in both languages.
        expect(liveFulfillments(laterShipped, cancelled.id)).toHaveLength(0);
        expect(rowsOf(cancelled.id)).toMatchObject([{ state: "failed" }]);
        expect(paying.failures).toMatchObject([
          { order_id: cancelled.id, code: "order_cancelled", retryable: false },
        ]);
        expect(paying.failures[0]?.message).toMatch(/cancelled at once/);
        const polishDay2 = await api.get(`/admin/shipbridge/batches/${paying.id}`, {
          headers: { ...admin.headers, "accept-language": "pl" },
        });
        expect((polishDay2.data.batch as BatchAnswer).failures[0]?.message).toMatch(
          /paczkę od razu anulowano/,
        );
        // The order of two profiles: a package and a fulfilment per shipping
        // method; the e-book is left to the merchant.
        const mixedRows = rowsOf(mixed.id);
        expect(mixedRows.map((row) => row.shipping_method_id).sort()).toEqual(
          mixed.shipping_methods.map((method) => method.id).sort(),
        );
        expect(mixedRows.every((row) => row.state === "fulfilled")).toBe(true);
        const mixedLive = liveFulfillments(laterShipped, mixed.id);
        expect(mixedLive.map((f) => f.data.package_id).sort()).toEqual(
          mixedRows.map((row) => row.package_id).sort(),
        );
        expect(new Set(mixedRows.map((row) => row.package_id)).size).toBe(2);
        const mixedItems = (
          laterShipped as {
            id: string;
            items: { title: string; detail: { fulfilled_quantity: number } }[];
          }[]
        ).find((order) => order.id === mixed.id)?.items;
        expect(
          Object.fromEntries(
            (mixedItems ?? []).map((item) => [item.title, Number(item.detail.fulfilled_quantity)]),
          ),
        ).toEqual({ Kubek: 1, Paleta: 1, "E-book": 0 });
        // Four packages paid, one (the cancelled order's) refunded.
        const afterLater = await stats();
        expect(afterLater.packages - beforeLater.packages).toBe(4);
        expect(afterLater.charges - beforeLater.charges).toBe(4);
        expect(afterLater.canceled_packages - beforeLater.canceled_packages).toBe(1);
        expect(afterLater.refunds - beforeLater.refunds).toBe(1);

        // A batch whose process is killed (SIGKILL) once the service has
        // ordered its packages, before it wrote anything down: its attempts
        // are left running and its rows waiting with their packages paid.
        // Once its leases lapse, the resume job runs it again and it pays
        // for nothing twice.
        const orphans = [await place("dpd"), await place("inpost-point", { point_id: locker })];
        const shipbridge = container.resolve("shipbridge") as {
          openBatch(input: { key: string; order_ids: string[] }): Promise<{ id: string }>;
          batchOf(id: string): Promise<{ ordered: number; state: string; runs: number }>;
          listBatchOrders(filters: { batch_id: string }): Promise<{ state: string }[]>;
        };
        const beforeOrphans = await stats();
        // Made without its start event: the killed process runs it.
        const { id: dyingId } = await shipbridge.openBatch({
          key: "day-3",
          order_ids: orphans.map((order) => order.id),
        });
        // The label is slow to come once the packages are ordered: the process is killed meanwhile.
        await fault({ latency_ms: 30_000, method: "GET", path: "/packages/*/label", count: 1 });
        const medusaDatabase = `postgres://${encodeURIComponent(process.env["DB_USERNAME"] ?? "")}:${encodeURIComponent(process.env["DB_PASSWORD"] ?? "")}@localhost:${process.env["DB_PORT"]}/${dbConfig.dbName}`;
        const { NODE_OPTIONS: _node, ...inherited } = process.env;
        const dying: ChildProcess = spawn(
          "node_modules/.bin/medusa",
          ["exec", "./src/scripts/run-batch.ts", dyingId],
          {
            cwd: process.cwd(),
            detached: true,
            stdio: ["ignore", "pipe", "pipe"],
            env: {
              ...inherited,
              MEDUSA_DATABASE_URL: medusaDatabase,
              MEDUSA_ADMIN_DISABLE: "true",
              MEDUSA_DISABLE_TELEMETRY: "true",
            },
          },
        );
        // Its log, shown only when it stops by itself.
        let dyingLog = "";
        for (const stream of [dying.stdout, dying.stderr]) {
          stream?.on("data", (chunk: Buffer) => {
            dyingLog = (dyingLog + chunk.toString()).slice(-4000);
          });
        }
        const exited = new Promise<void>((resolve) => dying.on("exit", () => resolve()));
        try {
          await until(
            async () => {
              if (dying.exitCode !== null) throw new Error(`the run exited: ${dyingLog}`);
              return (await shipbridge.batchOf(dyingId)).ordered >= 2;
            },
            "the killed run's packages ordered",
            600,
            200,
          );
        } finally {
          if (dying.exitCode === null) process.kill(-(dying.pid as number), "SIGKILL");
          await exited;
        }
        const afterKill = await stats();
        expect(afterKill.charges - beforeOrphans.charges).toBe(2);
        expect(
          (await shipbridge.listBatchOrders({ batch_id: dyingId })).map((r) => r.state),
        ).toEqual(["waiting", "waiting"]);
        const ledger = new pg.Client({ connectionString: process.env["DATABASE_URL"] });
        await ledger.connect();
        try {
          const { rows: left } = await ledger.query(
            `select state from shipbridge_medusa_shipment_attempt where fulfillment_id like $1`,
            [`batch:${dyingId}:%`],
          );
          expect(left.map((row) => row.state)).toEqual(["running", "running"]);
          // Time passes (the leases, 30 s each, lapse): the batch's, its
          // attempts' and the orders' ship-once leases, as the dead process
          // left them, are moved back.
          const database = container.resolve("__pg_connection__") as {
            raw(sql: string, bindings: unknown[]): Promise<unknown>;
          };
          await database.raw(
            `update shipbridge_batch set lease_until = now() - interval '1 second' where id = ?`,
            [dyingId],
          );
          await ledger.query(
            `update shipbridge_medusa_shipment_attempt set updated_at = updated_at - interval '31 seconds'
              where fulfillment_id like $1`,
            [`batch:${dyingId}:%`],
          );
          for (const order of orphans) {
            await ledger.query(
              `update shipbridge_oauth_leases set expires_at = now() - interval '1 second' where key like $1`,
              [`shipbridge:ship-order:${STORE_ID}:${order.id}-%`],
            );
          }
        } finally {
          await ledger.end();
        }
        const { resumed } = await resumeBatches(container);
        expect(resumed).toContain(dyingId);
        const revived = await read(dyingId);
        expect(revived).toMatchObject({ done: true, fulfilled: 2, failed: 0, runs: 2 });
        const { data: orphansShipped } = await query.graph({
          entity: "order",
          fields: ["id", "fulfillments.id", "fulfillments.canceled_at", "fulfillments.data"],
          filters: { id: orphans.map((order) => order.id) },
        });
        for (const order of orphans) {
          expect(liveFulfillments(orphansShipped, order.id)).toHaveLength(1);
        }
        const afterOrphans = await stats();
        expect(afterOrphans.packages - beforeOrphans.packages).toBe(2);
        expect(afterOrphans.charges - beforeOrphans.charges).toBe(2);

        // "All waiting": every order still waiting for a parcel, here the
        // one that cannot ship (not the order of two profiles, whose e-book
        // needs no parcel); the same key again answers the same batch, also
        // once nothing waits any more.
        const { data: waiting } = await api.post(
          "/admin/shipbridge/batches",
          { key: "day-4", all_waiting: true },
          admin,
        );
        expect((waiting.batch as BatchAnswer).orders.map((order) => order.order_id)).toEqual([
          invalid.id,
        ]);
        await api.post(`/admin/orders/${invalid.id}/cancel`, {}, admin);
        const waitingAgain = await answer(
          api.post("/admin/shipbridge/batches", { key: "day-4", all_waiting: true }, admin),
        );
        expect(waitingAgain.status).toBe(200);
        expect((waitingAgain.data["batch"] as BatchAnswer).id).toBe(
          (waiting.batch as BatchAnswer).id,
        );
        // A stock location Medusa does not have: refused before anything is bought.
        const beforeNowhere = await stats();
        const nowhere = await answer(
          api.post(
            "/admin/shipbridge/batches",
            { key: "day-5", order_ids: [lateHand.id], location_id: "sloc_NOWHERE" },
            admin,
          ),
        );
        expect(nowhere.status).toBe(400);
        expect(nowhere.data).toMatchObject({ code: "location_not_found" });
        expect(nowhere.data["message"]).toMatch(/^location_id not_found/);
        const { data: latest } = await api.get("/admin/shipbridge/batches", admin);
        expect((latest.batches as { key: string }[]).map((batch) => batch.key)).not.toContain(
          "day-5",
        );
        expect((await stats()).packages).toBe(beforeNowhere.packages);

        // A request the route cannot take names every field, in the request's language.
        const bad = await answer(
          api.post(
            "/admin/shipbridge/batches",
            { order_ids: [] },
            {
              headers: { ...admin.headers, "accept-language": "pl" },
            },
          ),
        );
        expect(bad.status).toBe(400);
        expect(bad.data).toMatchObject({ type: "invalid_data", code: "validation_failed" });
        expect(bad.data["message"]).toMatch(/^key wymagany.*; order_ids nieprawidłowe/);
        expect(bad.text).not.toMatch(/<html|\bat .+\(|\.ts:\d+|\.js:\d+/i);
        const missing = await answer(api.get("/admin/shipbridge/batches/sbbat_NOPE", admin));
        expect(missing.status).toBe(404);
        expect(missing.data).toMatchObject({ code: "batch_not_found" });
      });
    });
  },
});
