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
import { ADDRESS, account } from "./sandbox-account.ts";

const sandbox = process.env["SHIPBRIDGE_BASE_URL"] as string;

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function answer(request: Promise<{ status: number; data: unknown }>): Promise<Answer> {
  try {
    const response = await request;
    return { status: response.status, body: response.data as Record<string, unknown> };
  } catch (error) {
    const response = (error as { response?: { status: number; data: unknown } }).response;
    if (response === undefined) throw error;
    return { status: response.status, body: response.data as Record<string, unknown> };
  }
}

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
        const { data: products } = await api.get("/store/products?fields=*variants", store);
        const { data: regions } = await api.get("/store/regions", store);
        const variant = products.products[0].variants[0];
        const { data: near } = await api.get(
          "/store/shipbridge/pickup-points?service=inpost&postcode=80-831",
          store,
        );
        const [locker, other] = (near.points as { code: string }[]).map((point) => point.code);
        expect(other).toBeDefined();

        async function place(): Promise<{ id: string; items: { id: string }[] }> {
          const { data: created } = await api.post(
            "/store/carts",
            {
              region_id: regions.regions[0].id,
              email: "anna@example.com",
              shipping_address: ADDRESS,
              items: [{ variant_id: variant.id, quantity: 1 }],
            },
            store,
          );
          const cartId = created.cart.id as string;
          const { data: listed } = await api.get(
            `/store/shipping-options?cart_id=${cartId}`,
            store,
          );
          const option = listed.shipping_options.find(
            (o: { data: { id: string } }) => o.data.id === "inpost-point",
          );
          await api.post(
            `/store/carts/${cartId}/shipping-methods`,
            { option_id: option.id, data: { point_id: locker } },
            store,
          );
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
          expect(refused.body).toMatchObject({ type: "not_allowed", code: "parcel_bought" });
          expect(String(refused.body["message"])).toContain(orderId);
        };

        // Nothing buys it: the point changes, and back.
        const free = await place();
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
