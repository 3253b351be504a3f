// Split fulfilment in the whole application, on an order paid on delivery:
// items A, items B, the first cancelled, A again, through the admin API. Each
// fulfillment gets its own package; the order's money is collected by one
// live package at a time. The plugin's subscribers run as Medusa runs them
// (order placed, fulfillment created), and so does its reconcile job, whose
// exported function is called with the application's container.
import { createHash } from "node:crypto";
import { medusaIntegrationTestRunner } from "@medusajs/test-utils";
import reconcile from "@shipbridge/medusa/jobs/reconcile-tracking";
import { beforeAll, describe, expect, it } from "vitest";
import seed from "../src/scripts/seed.ts";
import { adminHeaders, storeHeaders } from "./admin-session.ts";
import { ADDRESS, account, paid, sandboxToken } from "./sandbox-account.ts";
import { placeOrder } from "./store-checkout.ts";

const sandbox = process.env["SHIPBRIDGE_BASE_URL"] as string;
const IBAN = "PL61109010140000071219812874";
const WEBHOOK_SECRET = "medusa-store-webhook-secret-01";

// Before Medusa boots and reads medusa-config.ts: the system payment
// provider stands for "paid on delivery".
beforeAll(() => {
  process.env["SHIPBRIDGE_COD_IBAN"] = IBAN;
  process.env["SHIPBRIDGE_COD_PAYMENT_PROVIDERS"] = "pp_system_default";
});

/** The sandbox's view of a package. */
function packageAt(packageId: number): Promise<Record<string, unknown>> {
  return account(`/packages/${packageId}`);
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let attempt = 0; attempt < 100 && !done(value); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

medusaIntegrationTestRunner({
  cwd: process.cwd(),
  testSuite: ({ api, getContainer }) => {
    describe("a split fulfilment of an order paid on delivery", () => {
      it("gives each fulfillment its own package; the subscribers and the job run", async () => {
        const container = getContainer();
        await seed({ container, args: [] } as never);
        const admin = await adminHeaders(api, container);
        const store = await storeHeaders(container);
        const query = container.resolve("query");

        const { data: products } = await api.get("/store/products?fields=*variants", store);
        const variants = products.products.map(
          (p: { variants: { id: string }[] }) => p.variants[0]?.id,
        );
        expect(variants).toHaveLength(2);
        const order = await placeOrder(api, store, {
          option: "dpd",
          email: "jan@example.com",
          address: { ...ADDRESS, first_name: "Jan", last_name: "Kowalski" },
          items: variants.map((id: string) => ({ variant_id: id, quantity: 1 })),
        });

        // The order.placed subscriber marks the order paid on delivery.
        const readOrder = async () =>
          (
            await query.graph({
              entity: "order",
              fields: ["metadata", "total"],
              filters: { id: order.id },
            })
          ).data[0];
        const placed = await eventually(readOrder, (o) => o?.metadata?.shipbridge_cod === true);
        expect(placed.metadata).toMatchObject({ shipbridge_cod: true });
        const total = Number(placed.total);

        const { data: locations } = await api.get("/admin/stock-locations", admin);
        const [itemA, itemB] = order.items as { id: string }[];
        const fulfil = async (itemId: string | undefined) => {
          const before = await fulfillments();
          await api.post(
            `/admin/orders/${order.id}/fulfillments`,
            {
              location_id: locations.stock_locations[0].id,
              items: [{ id: itemId, quantity: 1 }],
            },
            admin,
          );
          const after = await fulfillments();
          const added = after.find((f) => !before.some((b) => b.id === f.id));
          expect(added).toBeDefined();
          return added as (typeof after)[number];
        };
        async function fulfillments() {
          const { data } = await query.graph({
            entity: "order",
            fields: [
              "fulfillments.id",
              "fulfillments.data",
              "fulfillments.canceled_at",
              "fulfillments.shipped_at",
              "fulfillments.delivered_at",
            ],
            filters: { id: order.id },
          });
          return (data[0]?.fulfillments ?? []) as {
            id: string;
            data: { package_id: number; shipment_key: string };
            canceled_at: unknown;
            shipped_at: unknown;
            delivered_at: unknown;
          }[];
        }

        const first = await fulfil(itemA?.id);
        const second = await fulfil(itemB?.id);
        await api.post(`/admin/orders/${order.id}/fulfillments/${first.id}/cancel`, {}, admin);
        const third = await fulfil(itemA?.id);

        const packages = [first, second, third].map((f) => f.data.package_id);
        expect(new Set(packages).size).toBe(3);
        const [p1, p2, p3] = await Promise.all(packages.map((id) => packageAt(id)));
        expect(p1?.["state"]).toBe("canceled");
        expect(p2?.["state"]).not.toBe("canceled");
        expect(p3?.["state"]).not.toBe("canceled");
        // Cash on delivery: the first package collected the order's total;
        // once it was cancelled, A shipped again collects it; B never does.
        const codOf = (pkg: Record<string, unknown> | undefined) =>
          (pkg?.["additional_services"] as { cod?: { amount: number } } | undefined)?.cod;
        expect(codOf(p1)?.amount).toBe(total);
        expect(codOf(p2)).toBeUndefined();
        expect(codOf(p3)?.amount).toBe(total);

        // The fulfillment-created subscriber kept each shipment, with no
        // plugin route asked.
        const shipbridge = container.resolve("shipbridge") as {
          listShipments(filters: unknown): Promise<{ fulfillment_id: string }[]>;
        };
        const ids = [first.id, second.id, third.id];
        const kept = await eventually(
          () => shipbridge.listShipments({ fulfillment_id: ids }),
          (rows) => rows.length === 3,
        );
        expect(kept.map((row) => row.fulfillment_id).sort()).toEqual([...ids].sort());

        const { data: list } = await api.get("/admin/shipbridge/shipments", admin);
        expect(list.count).toBe(3);
        expect(list.shipments.map((s: { fulfillment_id: string }) => s.fulfillment_id)).toEqual([
          third.id,
          second.id,
          first.id,
        ]);
        expect(list.shipments.map((s: { status: string }) => s.status)).toEqual([
          "ordered",
          "ordered",
          "cancelled",
        ]);
        expect(list.shipments[2].has_label).toBe(false);

        // A tracking push, signed as the service signs it.
        const push = (packageId: number, state: string, datetime: string) => {
          const tracking = { state, description: null, datetime, branch: null };
          const control = createHash("md5")
            .update(`${packageId}PKG${packageId}${state}${datetime}${WEBHOOK_SECRET}`, "utf8")
            .digest("hex");
          return fetch(`${api.defaults.baseURL}/hooks/shipbridge/tracking`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              package_id: packageId,
              package_no: `PKG${packageId}`,
              partner_order_id: null,
              tracking,
              control,
            }),
          });
        };
        const pushedShipment = async (packageId: number) => {
          const module = shipbridge as unknown as {
            listShipments(f: unknown): Promise<{ tracking_state: string | null }[]>;
            listTrackingEvents(f: unknown): Promise<unknown[]>;
          };
          const [row] = await module.listShipments({ package_id: packageId });
          const events = await module.listTrackingEvents({ package_id: packageId });
          return { tracking_state: row?.tracking_state, events: events.length };
        };
        // A push for a package whose shipment is not recorded yet keeps
        // nothing and asks the service to push again later.
        const early = await push(2_000_000_001, "in-transit", "2000-01-01T09:00:00+01:00");
        expect(early.status).toBe(503);
        expect(await early.json()).toMatchObject({ code: "shipment_not_recorded_yet" });
        expect((await pushedShipment(2_000_000_001)).events).toBe(0);
        // A push whose fulfillment cannot move (its order is cancelled in
        // Medusa): the push fails, its event is forgotten and the shipment's
        // tracking state is back as it was; the service's retry is handled.
        const orders = container.resolve("order") as {
          updateOrders(id: string, data: { status: string }): Promise<unknown>;
        };
        const secondPackage = second.data.package_id;
        const before = await pushedShipment(secondPackage);
        await orders.updateOrders(order.id, { status: "canceled" });
        // Dated after the sandbox's own pushes (its "ordered" event may have
        // arrived already), so the event is the shipment's newest; written
        // as the service writes its times.
        const clock = (await (await fetch(`${sandbox}/_sandbox/clock`)).json()) as { now: string };
        const pushedAt = `${new Date(Date.parse(clock.now) + 60_000).toISOString().slice(0, 19)}Z`;
        const failed = await push(secondPackage, "in-transit", pushedAt);
        expect(failed.ok).toBe(false);
        expect(await pushedShipment(secondPackage)).toEqual(before);
        await orders.updateOrders(order.id, { status: "pending" });
        const retried = await push(secondPackage, "in-transit", pushedAt);
        expect(retried.status).toBe(200);
        expect(await retried.json()).toMatchObject({ recorded: true, fulfillment: "shipped" });
        expect(await pushedShipment(secondPackage)).toEqual({
          tracking_state: "in-transit",
          events: before.events + 1,
        });

        // The reconcile job, as the scheduler runs it: the carrier moves the
        // parcels (the sandbox's clock, five days on) and no push arrives.
        await fetch(`${sandbox}/_sandbox/clock/advance`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ seconds: 5 * 24 * 3600 }),
        });
        const summary = await reconcile(container);
        expect(summary.moved.map((m) => m.fulfillment_id).sort()).toEqual(
          [second.id, third.id].sort(),
        );
        expect(summary.attempts).toEqual([]);
        const moved = new Map((await fulfillments()).map((f) => [f.id, f]));
        for (const id of [second.id, third.id]) {
          expect(moved.get(id)?.shipped_at).not.toBeNull();
          expect(moved.get(id)?.delivered_at).not.toBeNull();
        }
        expect(moved.get(first.id)?.shipped_at).toBeNull();
        // Run again: nothing new, nothing moves.
        expect((await reconcile(container)).moved).toEqual([]);
        const { data: after } = await api.get("/admin/shipbridge/shipments", admin);
        expect(after.shipments.map((s: { status: string }) => s.status)).toEqual([
          "delivered",
          "delivered",
          "cancelled",
        ]);

        // A return of item B confirmed twice at once (a second click): one
        // return parcel, one charge; the second confirmation buys nothing.
        const { data: options } = await api.get("/admin/shipping-options?fields=*,data", admin);
        const returnOption = options.shipping_options.find(
          (o: { data: { id?: string } }) => o.data?.id === "dpd-return",
        );
        expect(returnOption).toBeDefined();
        const { data: begun } = await api.post(
          "/admin/returns",
          { order_id: order.id, location_id: locations.stock_locations[0].id },
          admin,
        );
        const returnId = begun.return.id as string;
        await api.post(
          `/admin/returns/${returnId}/request-items`,
          { items: [{ id: itemB?.id, quantity: 1 }] },
          admin,
        );
        await api.post(
          `/admin/returns/${returnId}/shipping-method`,
          { shipping_option_id: returnOption.id },
          admin,
        );
        const beforeReturn = await paid();
        const confirmations = await Promise.allSettled([
          api.post(`/admin/returns/${returnId}/request`, {}, admin),
          api.post(`/admin/returns/${returnId}/request`, {}, admin),
        ]);
        expect(confirmations.some((c) => c.status === "fulfilled")).toBe(true);
        expect(await paid()).toEqual({
          packages: beforeReturn.packages + 1,
          charges: beforeReturn.charges + 1,
        });

        // The return shows: recorded from the provider's data on the return's
        // fulfillment (read back through the return), linked to its
        // fulfillment, order and return, listed for the widget as a return.
        const { data: returned } = await query.graph({
          entity: "return",
          fields: ["id", "fulfillments.id", "fulfillments.data"],
          filters: { id: returnId },
        });
        const returnFulfillments = (returned[0]?.fulfillments ?? []) as {
          id: string;
          data: { package_id: number };
        }[];
        expect(returnFulfillments).toHaveLength(1);
        const returnFulfillment = returnFulfillments[0] as (typeof returnFulfillments)[number];
        const readShipments = async () =>
          (await api.get(`/admin/shipbridge/orders/${order.id}/shipments`, admin)).data
            .shipments as {
            id: string | null;
            kind: string;
            is_return: boolean;
            fulfillment_id: string;
            package_id: number;
            tracking_state: string | null;
            label_url: string | null;
          }[];
        const shown = await eventually(readShipments, (rows) =>
          rows.some((row) => row.kind === "return" && row.id !== null),
        );
        const returnShipment = shown.find((row) => row.kind === "return");
        expect(returnShipment).toMatchObject({
          fulfillment_id: returnFulfillment.id,
          package_id: returnFulfillment.data.package_id,
          is_return: true,
          label_url: `/admin/shipbridge/fulfillments/${returnFulfillment.id}/label`,
        });
        expect(shown.filter((row) => row.kind === "shipment")).toHaveLength(3);
        const { data: linked } = await query.graph({
          entity: "return",
          fields: ["id", "shipbridge_shipments.id"],
          filters: { id: returnId },
        });
        expect(linked[0]?.shipbridge_shipments.map((s: { id: string }) => s.id)).toEqual([
          returnShipment?.id,
        ]);
        const { data: orderLinks } = await query.graph({
          entity: "order",
          fields: ["id", "shipbridge_shipments.id"],
          filters: { id: order.id },
        });
        expect(orderLinks[0]?.shipbridge_shipments).toHaveLength(4);
        const { data: fulfillmentLinks } = await query.graph({
          entity: "fulfillment",
          fields: ["id", "shipbridge_shipment.id"],
          filters: { id: returnFulfillment.id },
        });
        expect(fulfillmentLinks[0]?.shipbridge_shipment?.id).toBe(returnShipment?.id);
        const label = await api.get(
          `/admin/shipbridge/fulfillments/${returnFulfillment.id}/label`,
          {
            ...admin,
            responseType: "arraybuffer",
          },
        );
        expect(Buffer.from(label.data).subarray(0, 5).toString()).toBe("%PDF-");

        // Its tracking pushes find it: the sandbox's real pushes, to the
        // store's webhook, once the carrier has moved the parcel.
        const webhook = await fetch(`${sandbox}/account/tracking-webhook`, {
          method: "PUT",
          headers: {
            authorization: `Bearer ${await sandboxToken()}`,
            "content-type": "application/json",
          },
          body: JSON.stringify({
            url: `${api.defaults.baseURL}/hooks/shipbridge/tracking`,
            secret: "medusa-store-webhook-secret-01",
          }),
        });
        expect(webhook.ok).toBe(true);
        await fetch(`${sandbox}/_sandbox/clock/advance`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ seconds: 5 * 24 * 3600 }),
        });
        const tracked = await eventually(readShipments, (rows) =>
          rows.some((row) => row.kind === "return" && row.tracking_state === "delivered"),
        );
        expect(tracked.find((row) => row.kind === "return")?.tracking_state).toBe("delivered");

        // The order's shipments route writes nothing: a shipment whose row is
        // gone (with its links) is shown from its fulfillment and stays
        // unrecorded until the record-shipments workflow runs again (and
        // records and links it once).
        const [secondRow] = (await shipbridge.listShipments({
          fulfillment_id: second.id,
        })) as unknown as { id: string }[];
        const link = container.resolve("link") as {
          delete(ids: Record<string, Record<string, string>>): Promise<unknown>;
        };
        await link.delete({ shipbridge: { shipbridge_shipment_id: secondRow?.id as string } });
        await (
          shipbridge as unknown as { deleteShipments(ids: string[]): Promise<void> }
        ).deleteShipments([secondRow?.id as string]);
        const unrecorded = (await readShipments()).find((row) => row.fulfillment_id === second.id);
        expect(unrecorded).toMatchObject({ id: null, package_id: second.data.package_id });
        expect(await shipbridge.listShipments({ fulfillment_id: [second.id] })).toEqual([]);
        const { recordShipmentsWorkflow } = await import(
          "@shipbridge/medusa/workflows/record-shipments"
        );
        // A run whose links cannot be made (the order's link table is away
        // for a moment) keeps the row it recorded: the parcel is paid for.
        const pg = container.resolve("__pg_connection__") as {
          raw(sql: string): Promise<{ rows: { tablename: string }[] }>;
        };
        const { rows: linkTables } = await pg.raw(
          "select tablename from pg_tables where tablename like 'order_order%shipbridge_shipment'",
        );
        const orderLinkTable = linkTables[0]?.tablename as string;
        expect(orderLinkTable).toBeDefined();
        await pg.raw(`alter table "${orderLinkTable}" rename to "${orderLinkTable}_away"`);
        try {
          await expect(
            recordShipmentsWorkflow(container).run({ input: { order_id: order.id } }),
          ).rejects.toBeDefined();
        } finally {
          await pg.raw(`alter table "${orderLinkTable}_away" rename to "${orderLinkTable}"`);
        }
        expect(await shipbridge.listShipments({ fulfillment_id: [second.id] })).toHaveLength(1);
        const { result: again } = await recordShipmentsWorkflow(container).run({
          input: { order_id: order.id },
        });
        expect(again.map((row: { fulfillment_id: string }) => row.fulfillment_id)).toEqual([
          second.id,
        ]);
        const { result: once } = await recordShipmentsWorkflow(container).run({
          input: { order_id: order.id },
        });
        expect(once).toEqual([]);
        const { data: relinked } = await query.graph({
          entity: "fulfillment",
          fields: ["id", "shipbridge_shipment.id", "shipbridge_shipment.fulfillment_id"],
          filters: { id: second.id },
        });
        expect(relinked[0]?.shipbridge_shipment?.id).toBe(again[0]?.shipment_id);

        // A row kept before the links existed (its links gone, the row kept)
        // is linked by the next run, and only once.
        const [thirdRow] = (await shipbridge.listShipments({
          fulfillment_id: third.id,
        })) as unknown as { id: string }[];
        await link.delete({ shipbridge: { shipbridge_shipment_id: thirdRow?.id as string } });
        expect(await shipbridge.listShipments({ fulfillment_id: [third.id] })).toHaveLength(1);
        const { result: linkedAgain } = await recordShipmentsWorkflow(container).run({
          input: { order_id: order.id },
        });
        expect(linkedAgain).toEqual([
          { shipment_id: thirdRow?.id, fulfillment_id: third.id, order_id: order.id },
        ]);
        expect(
          (await recordShipmentsWorkflow(container).run({ input: { order_id: order.id } })).result,
        ).toEqual([]);
      });
    });
  },
});
