// The shipping day in the whole application, through the admin API: a batch
// of orders sent twice at once (a double click) while the admin fulfils one
// of them by hand, run in the background; each order shipped once with one
// fulfilment (Medusa's own workflow), one package and one charge; the order
// that cannot ship reported with its problems in English and Polish; the
// batch sent again, and the same orders in a new batch, paying nothing more;
// a batch whose run died mid-way taken up again by the resume job. Then the
// rest of the day for a batch: one label file (A6 or A4 PDF, ZPL), a
// handover protocol per carrier, the courier's slots booked and cancelled,
// and the day's reckoning flagging a cancelled order's paid package, whose
// remedy cancels it.
import { Modules } from "@medusajs/framework/utils";
import { medusaIntegrationTestRunner } from "@medusajs/test-utils";
import resumeBatches from "@shipbridge/medusa/jobs/resume-batches";
import { describe, expect, it } from "vitest";
import seed from "../src/scripts/seed.ts";
import { adminHeaders, storeHeaders } from "./admin-session.ts";
import { ADDRESS } from "./sandbox-account.ts";

const sandbox = process.env["SHIPBRIDGE_BASE_URL"] as string;

interface Answer {
  status: number;
  data: Record<string, unknown>;
  text: string;
}

/** The HTTP answer of a request, also when it is an error. */
async function answer(request: Promise<unknown>): Promise<Answer> {
  const response = (await request.catch(
    (error: { response?: unknown }) => error.response ?? Promise.reject(error),
  )) as { status: number; data: unknown };
  const data = (typeof response.data === "object" ? response.data : {}) as Record<string, unknown>;
  return {
    status: response.status,
    data,
    text: typeof response.data === "string" ? response.data : JSON.stringify(response.data),
  };
}

interface Stats {
  packages: number;
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
  total: number;
  created: number;
  ordered: number;
  labelled: number;
  fulfilled: number;
  failed: number;
  remaining_ms: number | null;
  orders: { order_id: string; state: string; package_id: number | null; fulfilled_by: string }[];
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
  testSuite: ({ api, getContainer }) => {
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
        async function place(
          optionCode: string,
          data: Record<string, unknown> = {},
          later?: Record<string, unknown>,
        ): Promise<{ id: string; items: { id: string; quantity: number }[] }> {
          const { data: created } = await api.post(
            "/store/carts",
            {
              region_id: regions.regions[0].id,
              email: "anna@example.com",
              shipping_address: ADDRESS,
              items: [{ variant_id: variant.id, quantity: 2 }],
            },
            store,
          );
          const cartId = created.cart.id as string;
          const { data: listed } = await api.get(
            `/store/shipping-options?cart_id=${cartId}`,
            store,
          );
          const option = listed.shipping_options.find(
            (o: { data: { id: string } }) => o.data.id === optionCode,
          );
          await api.post(
            `/store/carts/${cartId}/shipping-methods`,
            { option_id: option.id, data },
            store,
          );
          if (later !== undefined) {
            await api.post(`/store/carts/${cartId}`, { shipping_address: later }, store);
          }
          const { data: collection } = await api.post(
            "/store/payment-collections",
            { cart_id: cartId },
            store,
          );
          await api.post(
            `/store/payment-collections/${collection.payment_collection.id}/payment-sessions`,
            { provider_id: "pp_system_default" },
            store,
          );
          const { data: completed } = await api.post(`/store/carts/${cartId}/complete`, {}, store);
          expect(completed.type).toBe("order");
          return completed.order;
        }

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
        const [first, second, byHand] = await Promise.all([
          answer(api.post("/admin/shipbridge/batches", body, admin)),
          answer(api.post("/admin/shipbridge/batches", body, admin)),
          answer(
            api.post(
              `/admin/orders/${handled.id}/fulfillments`,
              {
                location_id: locationId,
                items: handled.items.map((item) => ({ id: item.id, quantity: item.quantity })),
              },
              admin,
            ),
          ),
        ]);
        expect([first.status, second.status].sort()).toEqual([200, 202]);
        const batchId = (first.data["batch"] as BatchAnswer).id;
        expect((second.data["batch"] as BatchAnswer).id).toBe(batchId);
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
        const beforePickup = await stats();
        const [booked, bookedAgain] = await Promise.all([
          api.post(pickupPath, { service: "dpd", ...window }, admin),
          api.post(pickupPath, { service: "dpd", ...window }, admin),
        ]);
        const pickup = booked.data.pickups[0] as { command_id: string; package_ids: number[] };
        expect(pickup.package_ids).toHaveLength(3);
        expect(bookedAgain.data.pickups[0].command_id).toBe(pickup.command_id);
        expect((await stats()).pickup_commands - beforePickup.pickup_commands).toBe(1);
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
        expect(afterCancel.booked).toMatchObject([
          { command_id: pickup.command_id, cancelled: true },
        ]);

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

        // The admin fulfils an order by hand while the batch pays for its
        // package: the fulfilment waits for the batch and one of the two
        // takes that package; no second parcel either way.
        const later = [await place("dpd"), await place("dpd")];
        const lateHand = later[1] as { id: string; items: { id: string; quantity: number }[] };
        const beforeLater = await stats();
        const { data: started } = await api.post(
          "/admin/shipbridge/batches",
          { key: "day-2", order_ids: later.map((order) => order.id) },
          admin,
        );
        let paying = started.batch as BatchAnswer;
        for (let poll = 0; poll < 300 && paying.created < 2 && !paying.done; poll++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          const { data } = await api.get(`/admin/shipbridge/batches/${paying.id}`, admin);
          paying = data.batch as BatchAnswer;
        }
        const whilePaying = await answer(
          api.post(
            `/admin/orders/${lateHand.id}/fulfillments`,
            {
              location_id: locationId,
              items: lateHand.items.map((item) => ({ id: item.id, quantity: item.quantity })),
            },
            admin,
          ),
        );
        if (whilePaying.status !== 200) {
          expect(whilePaying.status).toBe(400);
          expect(whilePaying.data["code"]).toBe("already_fulfilled");
        }
        for (let poll = 0; poll < 300 && !paying.done; poll++) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          const { data } = await api.get(`/admin/shipbridge/batches/${paying.id}`, admin);
          paying = data.batch as BatchAnswer;
        }
        expect(paying).toMatchObject({ done: true, fulfilled: 2, failed: 0 });
        const { data: laterShipped } = await query.graph({
          entity: "order",
          fields: ["id", "fulfillments.id", "fulfillments.canceled_at", "fulfillments.data"],
          filters: { id: later.map((order) => order.id) },
        });
        for (const order of later) {
          const live = liveFulfillments(laterShipped, order.id);
          expect(live).toHaveLength(1);
          const row = paying.orders.find((o) => o.order_id === order.id);
          expect(row?.package_id).toBe(live[0]?.data.package_id);
        }
        const afterLater = await stats();
        expect(afterLater.packages - beforeLater.packages).toBe(2);
        expect(afterLater.charges - beforeLater.charges).toBe(2);

        // A batch whose run dies mid-way (its lease taken from it, as when
        // its process is killed): the resume job runs it again and it pays
        // for nothing twice.
        const orphans = [await place("dpd"), await place("inpost-point", { point_id: locker })];
        const beforeOrphans = await stats();
        const { data: orphan } = await api.post(
          "/admin/shipbridge/batches",
          { key: "day-3", order_ids: orphans.map((order) => order.id) },
          admin,
        );
        let dying = orphan.batch as BatchAnswer;
        for (let poll = 0; poll < 300 && dying.created < 1 && !dying.done; poll++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          const { data } = await api.get(`/admin/shipbridge/batches/${dying.id}`, admin);
          dying = data.batch as BatchAnswer;
        }
        const database = container.resolve("__pg_connection__") as {
          raw(sql: string, bindings: unknown[]): Promise<unknown>;
        };
        await database.raw(
          `update shipbridge_batch set runner = 'killed', lease_until = now() - interval '1 second'
            where id = ?`,
          [dying.id],
        );
        const { resumed } = await resumeBatches(container);
        expect(resumed).toContain(dying.id);
        const { data: revived } = await api.get(`/admin/shipbridge/batches/${dying.id}`, admin);
        expect(revived.batch).toMatchObject({ done: true, fulfilled: 2, failed: 0 });
        expect((revived.batch as BatchAnswer & { runs: number }).runs).toBe(2);
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
        // one that cannot ship; the same key again answers the same batch.
        const { data: waiting } = await api.post(
          "/admin/shipbridge/batches",
          { key: "day-4", all_waiting: true },
          admin,
        );
        expect((waiting.batch as BatchAnswer).orders.map((order) => order.order_id)).toEqual([
          invalid.id,
        ]);
        const waitingAgain = await answer(
          api.post("/admin/shipbridge/batches", { key: "day-4", all_waiting: true }, admin),
        );
        expect(waitingAgain.status).toBe(200);
        expect((waitingAgain.data["batch"] as BatchAnswer).id).toBe(
          (waiting.batch as BatchAnswer).id,
        );

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
