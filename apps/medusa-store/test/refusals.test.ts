// What the store refuses, through real HTTP on the booted application, and
// how: JSON with a 4xx naming the field and the rule (never an HTML page or a
// stack trace), and nothing paid at the service. A checkout address that
// cannot ship is refused at the shipping-method step; an order changed after
// checkout is refused at fulfilment with every problem at once; a locker
// closed since checkout is not shipped to; the same fulfilment sent twice at
// once buys one parcel; bad pickup-point questions and a cancelled
// fulfilment's label answer the reason.
import { Modules } from "@medusajs/framework/utils";
import { medusaIntegrationTestRunner } from "@medusajs/test-utils";
import pg from "pg";
import { describe, expect, it } from "vitest";
import seed from "../src/scripts/seed.ts";
import { adminHeaders, storeHeaders } from "./admin-session.ts";
import { ADDRESS, account, paid } from "./sandbox-account.ts";
import { type Answer, answer, payAndComplete } from "./store-checkout.ts";

const sandbox = process.env["SHIPBRIDGE_BASE_URL"] as string;

async function pointState(code: string, state: { active?: boolean; holiday?: boolean }) {
  const response = await fetch(`${sandbox}/_sandbox/points/${code}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(state),
  });
  expect(response.status).toBe(200);
}

/** A JSON refusal with no stack trace, HTML or file path in it. */
function expectCleanRefusal(refused: Answer, status: number): void {
  expect(refused.status).toBe(status);
  expect(refused.contentType).toMatch(/application\/json/);
  expect(refused.text).not.toMatch(/<!DOCTYPE|<html|\bat .+\(|\/node_modules\/|\.ts:\d+|\.js:\d+/i);
}

medusaIntegrationTestRunner({
  cwd: process.cwd(),
  testSuite: ({ api, getContainer }) => {
    describe("refusals through the application", () => {
      it("answers JSON with the field and the rule, and never pays for what cannot ship", async () => {
        const container = getContainer();
        await seed({ container, args: [] } as never);
        const admin = await adminHeaders(api, container);
        const store = await storeHeaders(container);

        const { data: products } = await api.get("/store/products?fields=*variants", store);
        const { data: regions } = await api.get("/store/regions", store);
        const variant = products.products.find((p: { handle: string }) => p.handle === "kubek")
          .variants[0];
        const { data: locations } = await api.get("/admin/stock-locations", admin);
        const locationId = locations.stock_locations[0].id;

        /** A cart of two mugs to `address`, its option of `optionId`, with `data`. */
        async function cart(address: Record<string, unknown>) {
          const { data } = await api.post(
            "/store/carts",
            {
              region_id: regions.regions[0].id,
              email: "anna@example.com",
              shipping_address: address,
              items: [{ variant_id: variant.id, quantity: 2 }],
            },
            store,
          );
          const { data: listed } = await api.get(
            `/store/shipping-options?cart_id=${data.cart.id}`,
            store,
          );
          const option = (id: string) =>
            listed.shipping_options.find((o: { data: { id: string } }) => o.data.id === id).id;
          return { id: data.cart.id as string, option };
        }
        const order = (cartId: string) => payAndComplete(api, store, cartId);
        const fulfil = (placed: { id: string; items: { id: string; quantity: number }[] }) =>
          answer(
            api.post(
              `/admin/orders/${placed.id}/fulfillments`,
              {
                location_id: locationId,
                items: placed.items.map((item) => ({ id: item.id, quantity: item.quantity })),
              },
              admin,
            ),
          );

        // Checkout: a postcode not in Poland's form and a street without a
        // house number are refused when the courier is chosen, both at once.
        const badCart = await cart({ ...ADDRESS, postal_code: "ABC", address_1: "ul. Długa" });
        const atCheckout = await answer(
          api.post(
            `/store/carts/${badCart.id}/shipping-methods`,
            { option_id: badCart.option("dpd"), data: {} },
            store,
          ),
        );
        expectCleanRefusal(atCheckout, 400);
        expect(atCheckout.data).toMatchObject({ type: "invalid_data", code: "validation_failed" });
        expect(atCheckout.data["message"]).toMatch(
          /shipping_address\.postal_code postcode_invalid/,
        );
        expect(atCheckout.data["message"]).toMatch(
          /shipping_address\.address_1 house_number_missing/,
        );

        // An order whose address changed after the courier was chosen: the
        // fulfilment is refused with every problem, and nothing is paid.
        const changed = await cart(ADDRESS);
        await api.post(
          `/store/carts/${changed.id}/shipping-methods`,
          { option_id: changed.option("dpd"), data: {} },
          store,
        );
        await api.post(
          `/store/carts/${changed.id}`,
          { shipping_address: { ...ADDRESS, phone: "12345", address_1: "ul. Długa" } },
          store,
        );
        const badOrder = await order(changed.id);
        const before = await paid();
        const refused = await fulfil(badOrder);
        expectCleanRefusal(refused, 400);
        expect(refused.data).toMatchObject({ type: "invalid_data", code: "validation_failed" });
        expect(refused.data["message"]).toMatch(/order\.shipping_address\.phone phone_invalid/);
        expect(refused.data["message"]).toMatch(
          /order\.shipping_address\.street house_number_missing/,
        );
        expect(await paid()).toEqual(before);

        // A locker chosen at checkout and closed before the fulfilment.
        const { data: near } = await api.get(
          "/store/shipbridge/pickup-points?service=inpost&postcode=80-831",
          store,
        );
        const locker = near.points[0].code as string;
        const lockerCart = await cart(ADDRESS);
        await api.post(
          `/store/carts/${lockerCart.id}/shipping-methods`,
          { option_id: lockerCart.option("inpost-point"), data: { point_id: locker } },
          store,
        );
        const lockerOrder = await order(lockerCart.id);
        try {
          await pointState(locker, { active: false });
          const closed = await fulfil(lockerOrder);
          expectCleanRefusal(closed, 400);
          expect(closed.data).toMatchObject({ type: "invalid_data", code: "point_closed" });
          expect(closed.data["message"]).toContain(locker);
          expect(closed.data["message"]).toMatch(/closed \(inactive\)/);
          expect(await paid()).toEqual(before);
        } finally {
          await pointState(locker, { active: true, holiday: false });
        }

        // The point open again: the same fulfilment sent twice at once (an
        // admin's second click) buys one parcel; once more later, none.
        const twice = await Promise.all([fulfil(lockerOrder), fulfil(lockerOrder)]);
        expect(twice.map((a) => a.status).sort()).toEqual([200, 400]);
        const second = twice.find((a) => a.status === 400) as Answer;
        expectCleanRefusal(second, 400);
        expect((await paid()).packages).toBe(before.packages + 1);
        expect((await paid()).charges).toBe(before.charges + 1);
        const again = await fulfil(lockerOrder);
        expectCleanRefusal(again, 400);
        expect(second.data["code"]).toBe("already_fulfilled");
        expect(again.data["code"]).toBe("already_fulfilled");
        expect(await paid()).toEqual({
          packages: before.packages + 1,
          charges: before.charges + 1,
        });

        // The pickup-points route: a country that does not exist, an unknown cart.
        const country = await answer(
          api.get(
            "/store/shipbridge/pickup-points?service=inpost&postcode=80-831&country_code=AAA",
            store,
          ),
        );
        expectCleanRefusal(country, 400);
        expect(country.data).toMatchObject({ type: "invalid_data", code: "validation_failed" });
        expect(country.data["message"]).toMatch(/^country_code \w+/);
        const unknown = await answer(
          api.get("/store/shipbridge/pickup-points?service=inpost&cart_id=cart_NOPE", store),
        );
        expectCleanRefusal(unknown, 404);
        expect(unknown.data).toMatchObject({ type: "not_found", code: "cart_not_found" });
        expect(unknown.data["message"]).toMatch(/cart not found/);
        // The same refusals in Polish when the request asks for it, each with its code.
        const polish = { headers: { ...store.headers, "accept-language": "pl" } };
        const unknownPl = await answer(
          api.get("/store/shipbridge/pickup-points?service=inpost&cart_id=cart_NOPE", polish),
        );
        expectCleanRefusal(unknownPl, 404);
        expect(unknownPl.data).toMatchObject({ code: "cart_not_found" });
        expect(unknownPl.data["message"]).toMatch(/nie znaleziono koszyka \(cart_NOPE\)/);
        const noPlace = await answer(
          api.get("/store/shipbridge/pickup-points?service=inpost", polish),
        );
        expectCleanRefusal(noPlace, 400);
        expect(noPlace.data).toMatchObject({ code: "postcode_or_city_required" });
        expect(noPlace.data["message"]).toMatch(/podaj kod pocztowy lub miejscowość/);
        const noCarrier = await answer(
          api.get("/store/shipbridge/pickup-points?postcode=80-831", store),
        );
        expectCleanRefusal(noCarrier, 400);
        expect(noCarrier.data).toMatchObject({ code: "service_required" });
        expect(noCarrier.data["message"]).toMatch(/give the carrier/);

        // A cancelled fulfilment's label: the service's reason, and no link offered.
        const query = container.resolve("query");
        const { data: orders } = await query.graph({
          entity: "order",
          fields: ["fulfillments.id"],
          filters: { id: lockerOrder.id },
        });
        const fulfillmentId = orders[0].fulfillments[0].id as string;
        await api.post(
          `/admin/orders/${lockerOrder.id}/fulfillments/${fulfillmentId}/cancel`,
          {},
          admin,
        );
        const label = await answer(
          api.get(`/admin/shipbridge/fulfillments/${fulfillmentId}/label`, admin),
        );
        expectCleanRefusal(label, 400);
        expect(label.data["code"]).toBe("package_canceled");
        expect(label.data["message"]).toMatch(/cancelled; it has no label/);
        const { data: view } = await api.get(
          `/admin/shipbridge/orders/${lockerOrder.id}/shipments`,
          admin,
        );
        expect(view.shipments).toHaveLength(1);
        expect(view.shipments[0]).toMatchObject({
          status: "cancelled",
          has_label: false,
          label_url: null,
        });

        // Cancelled, the items may ship again: one more parcel, one more charge.
        const afterCancel = await paid();
        const reshipped = await fulfil(lockerOrder);
        expect(reshipped.status).toBe(200);
        expect(await paid()).toEqual({
          packages: afterCancel.packages + 1,
          charges: afterCancel.charges + 1,
        });

        // Medusa dies after the provider returned: the fulfillment module
        // made its row and the provider shipped (and was paid), but the
        // workflow never linked it to the order. The admin's retry of the
        // same items (after the dead run's lease) gets that package: one
        // parcel, one charge, the order fulfilled.
        const crashCart = await cart(ADDRESS);
        await api.post(
          `/store/carts/${crashCart.id}/shipping-methods`,
          { option_id: crashCart.option("dpd"), data: {} },
          store,
        );
        const crashOrder = await order(crashCart.id);
        const { data: placed } = await query.graph({
          entity: "order",
          fields: ["*", "items.*", "items.detail.*", "shipping_address.*", "shipping_methods.*"],
          filters: { id: crashOrder.id },
        });
        const full = placed[0];
        const beforeCrash = await paid();
        const fulfillments = container.resolve(Modules.FULFILLMENT);
        const lost = await fulfillments.createFulfillment({
          location_id: locationId,
          provider_id: "shipbridge_shipbridge",
          delivery_address: { ...ADDRESS },
          data: full.shipping_methods[0].data,
          items: full.items.map((item: Record<string, unknown>) => ({
            line_item_id: item["id"],
            title: item["title"],
            sku: item["variant_sku"] ?? "",
            barcode: "",
            quantity: item["quantity"],
          })),
          labels: [],
          order: full,
        });
        expect(await paid()).toEqual({
          packages: beforeCrash.packages + 1,
          charges: beforeCrash.charges + 1,
        });
        // The crash was a lease ago.
        const ledgerDb = new pg.Client({ connectionString: process.env["DATABASE_URL"] });
        await ledgerDb.connect();
        try {
          const { rowCount } = await ledgerDb.query(
            `update shipbridge_medusa_shipment_attempt set updated_at = now() - interval '1 minute'
              where fulfillment_id = $1 and state = 'shipped'`,
            [lost.id],
          );
          expect(rowCount).toBe(1);
        } finally {
          await ledgerDb.end();
        }
        const retried = await fulfil(crashOrder);
        expect(retried.status).toBe(200);
        expect(await paid()).toEqual({
          packages: beforeCrash.packages + 1,
          charges: beforeCrash.charges + 1,
        });
        const { data: shippedOrder } = await api.get(
          `/admin/orders/${crashOrder.id}?fields=fulfillment_status`,
          admin,
        );
        expect(shippedOrder.order.fulfillment_status).toBe("fulfilled");

        // The reconcile job: a lost fulfillment nobody retried is cancelled
        // (the charge comes back); an attempt whose shipped mark was lost but
        // whose fulfillment Medusa has is marked shipped, never cancelled.
        const { data: crashFulfillments } = await query.graph({
          entity: "order",
          fields: ["fulfillments.id", "fulfillments.data"],
          filters: { id: crashOrder.id },
        });
        const kept = crashFulfillments[0].fulfillments[0] as {
          id: string;
          data: { package_id: number };
        };
        const lonelyCart = await cart(ADDRESS);
        await api.post(
          `/store/carts/${lonelyCart.id}/shipping-methods`,
          { option_id: lonelyCart.option("dpd"), data: {} },
          store,
        );
        const lonelyOrder = await order(lonelyCart.id);
        const { data: lonelyPlaced } = await query.graph({
          entity: "order",
          fields: ["*", "items.*", "items.detail.*", "shipping_address.*", "shipping_methods.*"],
          filters: { id: lonelyOrder.id },
        });
        const lonely = lonelyPlaced[0];
        await fulfillments.createFulfillment({
          location_id: locationId,
          provider_id: "shipbridge_shipbridge",
          delivery_address: { ...ADDRESS },
          data: lonely.shipping_methods[0].data,
          items: lonely.items.map((item: Record<string, unknown>) => ({
            line_item_id: item["id"],
            title: item["title"],
            sku: item["variant_sku"] ?? "",
            barcode: "",
            quantity: item["quantity"],
          })),
          labels: [],
          order: lonely,
        });
        const ledger = new pg.Client({ connectionString: process.env["DATABASE_URL"] });
        await ledger.connect();
        try {
          await ledger.query(
            `update shipbridge_medusa_shipment_attempt set state = 'failed' where fulfillment_id = $1`,
            [kept.id],
          );
        } finally {
          await ledger.end();
        }
        const shipbridge = container.resolve("shipbridge") as {
          reconcileAttempts(options: {
            graceMs: number;
          }): Promise<{ outcome: string; package_ids: number[]; order_id: string }[]>;
        };
        const settled = await shipbridge.reconcileAttempts({ graceMs: 0 });
        expect(settled.find((s) => s.order_id === crashOrder.id)).toMatchObject({
          outcome: "shipped",
          package_ids: [kept.data.package_id],
        });
        const lonelySettled = settled.find((s) => s.order_id === lonelyOrder.id);
        expect(lonelySettled?.outcome).toBe("cancelled");
        expect(lonelySettled?.package_ids).toHaveLength(1);
        const refunded = await account(`/packages/${lonelySettled?.package_ids[0]}`);
        expect(refunded["state"]).toBe("canceled");
        const keptPackage = await account(`/packages/${kept.data.package_id}`);
        expect(keptPackage["state"]).not.toBe("canceled");
      });
    });
  },
});
