// A cart no offered carrier can carry, through Medusa's store API in the
// whole application: a 40-tonne cart is refused with a 400 naming the broken
// limit in English and Polish (the service's quote says which), both when a
// storefront asks for the option's price and when it adds the shipping
// method, while an ordinary cart is priced as the service quotes it. An
// item that takes a cart past the limits after its shipping method was
// chosen is added, and the method dropped.
import { medusaIntegrationTestRunner } from "@medusajs/test-utils";
import { describe, expect, it } from "vitest";
import seed from "../src/scripts/seed.ts";
import { adminHeaders, storeHeaders } from "./admin-session.ts";
import { ADDRESS } from "./sandbox-account.ts";

medusaIntegrationTestRunner({
  cwd: process.cwd(),
  testSuite: ({ api, getContainer }) => {
    describe("a cart past every carrier's limits", () => {
      it("is refused at the price and at the shipping method, in English and Polish", async () => {
        const container = getContainer();
        await seed({ container, args: [] } as never);
        const admin = await adminHeaders(api, container);
        const store = await storeHeaders(container);
        const { data: products } = await api.get("/store/products?fields=*variants", store);
        const { data: regions } = await api.get("/store/regions", store);
        const product = products.products[0] as { id: string; variants: { id: string }[] };
        const variantId = product.variants[0]?.id as string;

        const cartOf = async () => {
          const { data } = await api.post(
            "/store/carts",
            {
              region_id: regions.regions[0].id,
              email: "anna@example.com",
              shipping_address: ADDRESS,
              items: [{ variant_id: variantId, quantity: 1 }],
            },
            store,
          );
          return data.cart.id as string;
        };
        const optionsOf = async (cartId: string) => {
          const { data } = await api.get(`/store/shipping-options?cart_id=${cartId}`, store);
          const byId = (id: string) =>
            data.shipping_options.find((o: { data: { id: string } }) => o.data.id === id);
          return { courier: byId("dpd"), locker: byId("inpost-point") };
        };
        const calculate = (optionId: string, cartId: string, data: object = {}) =>
          api.post(
            `/store/shipping-options/${optionId}/calculate`,
            { cart_id: cartId, data },
            { ...store, validateStatus: () => true },
          );

        // An ordinary cart: the service's price, not the flat one.
        const light = await cartOf();
        const lightOptions = await optionsOf(light);
        const priced = await calculate(lightOptions.courier.id, light);
        expect(priced.status).toBe(200);
        expect(priced.data.shipping_option.amount).toBeGreaterThan(0);
        expect(priced.data.shipping_option.amount).not.toBe(19.99);

        // The same product at 40 tonnes (weights are in grams).
        await api.post(
          `/admin/products/${product.id}/variants/${variantId}`,
          { weight: 40_000_000 },
          admin,
        );
        const heavy = await cartOf();
        const { courier, locker } = await optionsOf(heavy);
        for (const option of [courier, locker]) {
          const refused = await calculate(option.id, heavy);
          expect(refused.status).toBe(400);
          expect(refused.data.type).toBe("invalid_data");
          expect(refused.data.message).toMatch(
            /cart\.items carrier_weight_limit: .*takes parcels up to/,
          );
          expect(refused.data.message).toMatch(
            /nie przewiezie tego koszyka: .*przyjmuje paczki do/,
          );
          expect(refused.data.message).toContain("40000 kg");
          expect(JSON.stringify(refused.data)).not.toMatch(/<html|\bat \/|\.ts:\d/);
        }
        const added = await api.post(
          `/store/carts/${heavy}/shipping-methods`,
          { option_id: courier.id, data: {} },
          { ...store, validateStatus: () => true },
        );
        expect(added.status).toBe(400);
        expect(added.data.type).toBe("invalid_data");
        expect(added.data.message).toMatch(/carrier_weight_limit/);
        const { data: after } = await api.get(`/store/carts/${heavy}`, store);
        expect(after.cart.shipping_methods).toEqual([]);

        // A cart with the courier chosen, then the 40-tonne item added: the
        // item is added and the courier dropped (Medusa's way with an option
        // it can no longer price); choosing it again is refused.
        const other = (products.products as { id: string; variants: { id: string }[] }[]).find(
          (p) => p.id !== product.id,
        );
        const { data: started } = await api.post(
          "/store/carts",
          {
            region_id: regions.regions[0].id,
            email: "anna@example.com",
            shipping_address: ADDRESS,
            items: [{ variant_id: other?.variants[0]?.id, quantity: 1 }],
          },
          store,
        );
        const growing = started.cart.id as string;
        const growingOptions = await optionsOf(growing);
        const chosen = await api.post(
          `/store/carts/${growing}/shipping-methods`,
          { option_id: growingOptions.courier.id, data: {} },
          { ...store, validateStatus: () => true },
        );
        expect(chosen.status).toBe(200);
        expect(chosen.data.cart.shipping_methods).toHaveLength(1);
        const grown = await api.post(
          `/store/carts/${growing}/line-items`,
          { variant_id: variantId, quantity: 1 },
          { ...store, validateStatus: () => true },
        );
        expect(grown.status).toBe(200);
        expect(grown.data.cart.items).toHaveLength(2);
        expect(grown.data.cart.shipping_methods).toEqual([]);
        const again = await api.post(
          `/store/carts/${growing}/shipping-methods`,
          { option_id: growingOptions.courier.id, data: {} },
          { ...store, validateStatus: () => true },
        );
        expect(again.status).toBe(400);
        expect(again.data.message).toMatch(/carrier_weight_limit/);
        const repriced = await calculate(growingOptions.courier.id, growing);
        expect(repriced.status).toBe(400);
        expect(repriced.data.message).toMatch(/carrier_weight_limit/);
      });
    });
  },
});
