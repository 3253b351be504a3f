// The whole store, booted by Medusa's application runner on a real PostgreSQL
// with the built plugin, against the sandbox over real HTTP: a shopper's cart
// becomes an order through the store API with a locker chosen at checkout,
// the merchant fulfils it through the admin API, and downloads the label.
import { medusaIntegrationTestRunner } from "@medusajs/test-utils";
import { describe, expect, it } from "vitest";
import seed from "../src/scripts/seed.ts";
import { renderPanel } from "./render-panel.ts";
import { ADDRESS, sandboxToken } from "./sandbox-account.ts";

medusaIntegrationTestRunner({
  cwd: process.cwd(),
  testSuite: ({ api, getContainer }) => {
    describe("a cart to a shipped order", () => {
      it("checks out with a locker, fulfils from the admin, downloads the label, tracks it", async () => {
        const container = getContainer();
        await seed({ container, args: [] } as never);
        const query = container.resolve("query");
        const { data: keys } = await query.graph({
          entity: "api_key",
          fields: ["token"],
          // Medusa makes a default key of its own at boot: take the seeded one.
          filters: { type: "publishable", title: "Web shop" },
        });
        const store = { headers: { "x-publishable-api-key": keys[0].token } };

        // An admin user, through the auth routes and Medusa's own workflow.
        const { createUserAccountWorkflow } = await import("@medusajs/medusa/core-flows");
        const credentials = { email: "admin@example.com", password: "secret-password" };
        const registered = await api.post("/auth/user/emailpass/register", credentials);
        const payload = JSON.parse(
          Buffer.from(String(registered.data.token).split(".")[1] ?? "", "base64url").toString(),
        );
        await createUserAccountWorkflow(container).run({
          input: {
            authIdentityId: payload.auth_identity_id,
            userData: { email: credentials.email },
          },
        });
        const login = await api.post("/auth/user/emailpass", credentials);
        const adminHeaders = { headers: { authorization: `Bearer ${login.data.token}` } };

        const { data: products } = await api.get("/store/products?fields=*variants", store);
        const { data: regions } = await api.get("/store/regions", store);
        const variant = products.products.find((p: { handle: string }) => p.handle === "kubek")
          .variants[0];
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
        const cart = created.cart;

        // The checkout map: lockers near the cart's address.
        const { data: near } = await api.get(
          `/store/shipbridge/pickup-points?service=inpost&cart_id=${cart.id}`,
          store,
        );
        expect(near.points.length).toBeGreaterThan(0);
        const locker = near.points[0];
        expect(locker.service).toBe("inpost");

        const { data: listed } = await api.get(`/store/shipping-options?cart_id=${cart.id}`, store);
        const option = listed.shipping_options.find(
          (o: { data: { id: string } }) => o.data.id === "inpost-point",
        );
        const { data: priced } = await api.post(
          `/store/shipping-options/${option.id}/calculate`,
          { cart_id: cart.id, data: { point_id: locker.code } },
          store,
        );
        expect(priced.shipping_option.amount).toBeGreaterThan(0);
        expect(priced.shipping_option.amount).not.toBe(19.99);

        const { data: withMethod } = await api.post(
          `/store/carts/${cart.id}/shipping-methods`,
          { option_id: option.id, data: { point_id: locker.code } },
          store,
        );
        expect(withMethod.cart.shipping_methods).toHaveLength(1);
        const { data: carts } = await query.graph({
          entity: "cart",
          fields: ["shipping_methods.data"],
          filters: { id: cart.id },
        });
        // What validateFulfillmentData returned replaced the method's data.
        expect(carts[0].shipping_methods[0].data).toMatchObject({
          point_id: locker.code,
          point: { code: locker.code, carrier: "inpost" },
        });

        const { data: collection } = await api.post(
          "/store/payment-collections",
          { cart_id: cart.id },
          store,
        );
        await api.post(
          `/store/payment-collections/${collection.payment_collection.id}/payment-sessions`,
          { provider_id: "pp_system_default" },
          store,
        );
        const { data: completed } = await api.post(`/store/carts/${cart.id}/complete`, {}, store);
        expect(completed.type).toBe("order");
        const order = completed.order;

        const { data: locations } = await api.get("/admin/stock-locations", adminHeaders);
        await api.post(
          `/admin/orders/${order.id}/fulfillments`,
          {
            location_id: locations.stock_locations[0].id,
            items: order.items.map((item: { id: string; quantity: number }) => ({
              id: item.id,
              quantity: item.quantity,
            })),
          },
          adminHeaders,
        );
        const { data: orders } = await query.graph({
          entity: "order",
          fields: ["fulfillments.id", "fulfillments.data", "fulfillments.labels.*"],
          filters: { id: order.id },
        });
        expect(orders[0].fulfillments).toHaveLength(1);
        const fulfillment = orders[0].fulfillments[0];
        const row = fulfillment;
        expect(row.data).toMatchObject({ service: "inpost", point: { code: locker.code } });
        expect(row.labels[0].tracking_number).toMatch(/\S/);

        const label = await api.get(`/admin/shipbridge/fulfillments/${fulfillment.id}/label`, {
          ...adminHeaders,
          responseType: "arraybuffer",
        });
        expect(label.headers["content-type"]).toContain("application/pdf");
        expect(Buffer.from(label.data).subarray(0, 5).toString()).toBe("%PDF-");

        const { data: panel } = await api.get(
          `/admin/shipbridge/orders/${order.id}/shipments`,
          adminHeaders,
        );
        expect(panel.account).toBe("connected");
        expect(panel.grant).toBe("password");
        expect(panel.shipments).toHaveLength(1);
        expect(panel.shipments[0].tracking_number).toBe(row.labels[0].tracking_number);
        expect(panel.shipments[0]).toMatchObject({
          command_id: row.data.command_id,
          command_uuid: row.data.command_id,
          status: "ordered",
          label_url: `/admin/shipbridge/fulfillments/${fulfillment.id}/label`,
        });

        // Every shipment of the store, newest first, with what it cost.
        const { data: all } = await api.get("/admin/shipbridge/shipments?limit=10", adminHeaders);
        expect(all.count).toBe(1);
        expect(all.shipments[0]).toMatchObject({
          order_id: order.id,
          fulfillment_id: fulfillment.id,
          is_return: false,
          service: "inpost",
          point_id: locker.code,
          status: "ordered",
          package_id: row.data.package_id,
          command_uuid: row.data.command_id,
          tracking_number: row.labels[0].tracking_number,
          has_label: true,
          price: { currency: "PLN" },
        });
        expect(all.shipments[0].price.amount).toBeGreaterThan(0);

        // Tracking: a forged push is refused and changes nothing; the
        // sandbox's own pushes move the fulfillment to shipped and delivered.
        const packageId = row.data.package_id;
        const forged = await api.post(
          "/hooks/shipbridge/tracking",
          {
            package_id: packageId,
            package_no: row.labels[0].tracking_number,
            tracking: { state: "delivered", datetime: "2026-11-23T12:00:00+01:00" },
            control: "0".repeat(32),
          },
          { validateStatus: () => true },
        );
        expect(forged.status).toBe(401);
        const state = async () =>
          (
            await query.graph({
              entity: "fulfillment",
              fields: ["shipped_at", "delivered_at"],
              filters: { id: fulfillment.id },
            })
          ).data[0];
        expect(await state()).toMatchObject({ shipped_at: null, delivered_at: null });

        const sandbox = process.env["SHIPBRIDGE_BASE_URL"];
        const token = { access_token: await sandboxToken() };
        const webhook = await fetch(`${sandbox}/account/tracking-webhook`, {
          method: "PUT",
          headers: {
            authorization: `Bearer ${token.access_token}`,
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
        let moved = await state();
        for (let attempt = 0; attempt < 100 && !moved.delivered_at; attempt++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          moved = await state();
        }
        expect(moved.shipped_at).not.toBeNull();
        expect(moved.delivered_at).not.toBeNull();
        const { data: after } = await api.get(
          `/admin/shipbridge/orders/${order.id}/shipments`,
          adminHeaders,
        );
        expect(after.shipments[0].tracking_state).toBe("delivered");
        expect(after.shipments[0].status).toBe("delivered");

        // The widget's panel, rendered from the route's answer: the shipment
        // delivered, its tracking number linking to the carrier, its label.
        const html = await renderPanel(after);
        const tracking = after.shipments[0];
        expect(html).toContain(`data-shipbridge-shipment="${fulfillment.id}"`);
        expect(html).toMatch(/data-shipbridge="status"[^>]*>delivered</);
        expect(html).toContain(`href="${tracking.tracking_url}"`);
        expect(html).toContain(`>${tracking.tracking_number}</a>`);
        expect(html).toContain(`href="/admin/shipbridge/fulfillments/${fulfillment.id}/label"`);
        expect(html).toContain(`${tracking.price.amount.toFixed(2)} PLN`);
        expect(html).not.toContain('data-shipbridge="reconnect"');
        expect(html).not.toContain('data-shipbridge="connect"');
      });
    });
  },
});
