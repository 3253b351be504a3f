// Changing an order's pickup point while its parcel is being bought, in the
// whole application through the admin API, against the sandbox over real
// HTTP (its package creation slowed down): refused while a batch buys the
// order's parcel (its row is waiting, no package id yet) and while a
// fulfilment by hand holds the order's attempt in the ledger; the parcel
// goes to the point Medusa keeps. Allowed again for an order nothing buys.
import { medusaIntegrationTestRunner } from "@medusajs/test-utils";
import pg from "pg";
import { describe, expect, it } from "vitest";
import seed from "../src/scripts/seed.ts";
import { adminHeaders, storeHeaders } from "./admin-session.ts";
import { account } from "./sandbox-account.ts";
import { type Answer, answer, placeOrder } from "./store-checkout.ts";

const sandbox = process.env["SHIPBRIDGE_BASE_URL"] as string;

/** Slows the sandbox's package creation down, so a purchase stays under way a while. */
async function slowPackages(latencyMs: number): Promise<void> {
  const response = await fetch(`${sandbox}/_sandbox/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ latency_ms: latencyMs, path: "/packages", method: "POST" }),
  });
  expect(response.ok).toBe(true);
}

async function clearFaults(): Promise<void> {
  await fetch(`${sandbox}/_sandbox/faults`, { method: "DELETE" });
}

medusaIntegrationTestRunner({
  cwd: process.cwd(),
  testSuite: ({ api, getContainer }) => {
    describe("the pickup point while the parcel is being bought", () => {
      it("is refused while a batch or a fulfilment buys the order's parcel", async () => {
        const container = getContainer();
        await seed({ container, args: [] } as never);
        const admin = await adminHeaders(api, container);
        const store = await storeHeaders(container);
        const query = container.resolve("query");
        const { data: near } = await api.get(
          "/store/shipbridge/pickup-points?service=inpost&postcode=80-831",
          store,
        );
        const [locker, other] = (near.points as { code: string }[]).map((point) => point.code);
        expect(other).toBeDefined();

        const place = () =>
          placeOrder(api, store, { option: "inpost-point", data: { point_id: locker } });
        const changePoint = (orderId: string, pointId: string) =>
          answer(
            api.post(
              `/admin/shipbridge/orders/${orderId}/pickup-point`,
              { point_id: pointId },
              admin,
            ),
          );
        const methodPoint = async (orderId: string) =>
          (
            await query.graph({
              entity: "order",
              fields: ["shipping_methods.data", "fulfillments.data"],
              filters: { id: orderId },
            })
          ).data[0];
        const expectRefused = (refused: Answer, orderId: string) => {
          expect(refused.status).toBe(400);
          expect(refused.data).toMatchObject({ type: "not_allowed", code: "parcel_bought" });
          expect(String(refused.data["message"])).toContain(orderId);
        };

        // Nothing buys it: the point changes, and back.
        const free = await place();
        // The points it may change to, each with its place on a map.
        const { data: offered } = await api.get(
          `/admin/shipbridge/orders/${free.id}/pickup-point`,
          admin,
        );
        expect(offered.changeable).toBe(true);
        expect(offered.points.length).toBeGreaterThan(1);
        for (const point of offered.points) {
          expect(point.coordinates).toEqual({
            latitude: expect.any(Number),
            longitude: expect.any(Number),
          });
        }
        expect((await changePoint(free.id, other as string)).status).toBe(200);
        expect((await changePoint(free.id, locker as string)).status).toBe(200);

        // A batch buys the parcel (its row waits, no package id yet).
        const batched = await place();
        await slowPackages(3_000);
        try {
          const { data: started } = await api.post(
            "/admin/shipbridge/batches",
            { key: `point-${batched.id}`, order_ids: [batched.id] },
            admin,
          );
          expectRefused(await changePoint(batched.id, other as string), batched.id);
          const readBatch = async () =>
            (await api.get(`/admin/shipbridge/batches/${started.batch.id}`, admin)).data.batch;
          let batch = await readBatch();
          for (let tries = 0; tries < 900 && batch.state !== "done"; tries++) {
            await new Promise((resolve) => setTimeout(resolve, 100));
            batch = await readBatch();
          }
          expect(batch).toMatchObject({ state: "done", fulfilled: 1, failed: 0 });
          const parcel = await account(`/packages/${batch.orders[0].package_id}`);
          expect((parcel["receiver"] as { point?: string }).point).toBe(locker);
          const kept = await methodPoint(batched.id);
          expect(kept?.shipping_methods?.[0]?.data?.["point_id"]).toBe(locker);
          expect(kept?.fulfillments?.[0]?.data?.["point"]).toMatchObject({ code: locker });
        } finally {
          await clearFaults();
        }

        // A fulfilment by hand holds the order's attempt in the ledger while it buys.
        const byHand = await place();
        const { data: locations } = await api.get("/admin/stock-locations", admin);
        const ledger = new pg.Client({ connectionString: process.env["DATABASE_URL"] });
        await ledger.connect();
        await slowPackages(3_000);
        try {
          const fulfilling = answer(
            api.post(
              `/admin/orders/${byHand.id}/fulfillments`,
              {
                location_id: locations.stock_locations[0].id,
                items: [{ id: byHand.items[0]?.id, quantity: 1 }],
              },
              admin,
            ),
          );
          let running = 0;
          for (let tries = 0; tries < 300 && running === 0; tries++) {
            const { rows } = await ledger.query(
              `select 1 from shipbridge_medusa_shipment_attempt where order_id = $1 and state = 'running'`,
              [byHand.id],
            );
            running = rows.length;
            if (running === 0) await new Promise((resolve) => setTimeout(resolve, 20));
          }
          expect(running).toBe(1);
          expectRefused(await changePoint(byHand.id, other as string), byHand.id);
          expect((await fulfilling).status).toBe(200);
          const kept = await methodPoint(byHand.id);
          expect(kept?.shipping_methods?.[0]?.data?.["point_id"]).toBe(locker);
          const packageId = kept?.fulfillments?.[0]?.data?.["package_id"];
          const parcel = await account(`/packages/${packageId}`);
          expect((parcel["receiver"] as { point?: string }).point).toBe(locker);
        } finally {
          await clearFaults();
          await ledger.end();
        }
      });
    });
  },
});
