// The storefront's pickup-point picker in a phone's browser (390 px, headless
// chromium), on the example storefront page (storefront/), against the real
// store booted by Medusa's runner on PostgreSQL with the plugin and the
// sandbox over HTTP: the points near the cart's address, a point closed since
// it was listed refused at the shipping step with the plugin's own message,
// a point found by its code and chosen on the map, its price from
// /calculate, and the point saved as the cart's shipping method's data; in
// Polish, a search by city with no map service reachable (the list alone),
// a point taken and confirmed with the keyboard.
import { medusaIntegrationTestRunner } from "@medusajs/test-utils";
import { formatPrice, say } from "@shipbridge/medusa-picker";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import seed from "../../src/scripts/seed.ts";
import { type Storefront, serveStorefront } from "../../storefront/serve.mts";
import { storeHeaders } from "../admin-session.ts";
import { ADDRESS } from "../sandbox-account.ts";
import { openPhone } from "./chromium.ts";

const sandbox = () => process.env["SHIPBRIDGE_BASE_URL"] as string;

/** Closes (`holiday: true`) or reopens a point at the sandbox. */
async function holiday(code: string, on: boolean): Promise<void> {
  const response = await fetch(`${sandbox()}/_sandbox/points/${encodeURIComponent(code)}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ holiday: on }),
  });
  expect(response.status).toBe(200);
}

interface Api {
  defaults: { baseURL?: string };
  get(path: string, config?: unknown): Promise<{ data: Record<string, unknown> }>;
  post(path: string, body?: unknown, config?: unknown): Promise<{ data: Record<string, unknown> }>;
}

/** The page's horizontal overflow: 0 when nothing is wider than the phone. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

medusaIntegrationTestRunner({
  cwd: process.cwd(),
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = rawApi as unknown as Api;

    /** The seeded store, a cart of two mugs to Gdańsk, its locker option, the storefront. */
    async function shop() {
      const container = getContainer();
      await seed({ container, args: [] } as never);
      const store = await storeHeaders(container);
      const { data: products } = await api.get("/store/products?fields=*variants", store);
      const { data: regions } = await api.get("/store/regions", store);
      const variant = (
        products["products"] as { handle: string; variants: { id: string }[] }[]
      ).find((p) => p.handle === "kubek")?.variants[0];
      const { data: created } = await api.post(
        "/store/carts",
        {
          region_id: (regions["regions"] as { id: string }[])[0]?.id,
          email: "anna@example.com",
          shipping_address: ADDRESS,
          items: [{ variant_id: variant?.id, quantity: 2 }],
        },
        store,
      );
      const cartId = (created["cart"] as { id: string }).id;
      const { data: listed } = await api.get(`/store/shipping-options?cart_id=${cartId}`, store);
      const option = (listed["shipping_options"] as { id: string; data: { id: string } }[]).find(
        (o) => o.data.id === "inpost-point",
      );
      const storefront = await serveStorefront({ backendUrl: String(api.defaults.baseURL) });
      return { container, store, cartId, optionId: String(option?.id), storefront };
    }

    /** The cart's shipping methods' data, as Medusa stored it. */
    async function methodsOf(cartId: string) {
      const query = getContainer().resolve("query");
      const { data } = await query.graph({
        entity: "cart",
        fields: ["shipping_methods.data", "shipping_methods.shipping_option_id"],
        filters: { id: cartId },
      });
      return (data[0] as { shipping_methods: { data: Record<string, unknown> }[] })
        .shipping_methods;
    }

    /** What the store itself answers to `code` as the cart's shipping method. */
    async function storeRefusal(cartId: string, optionId: string, code: string, key: object) {
      const refused = await api
        .post(
          `/store/carts/${cartId}/shipping-methods`,
          { option_id: optionId, data: { point_id: code } },
          key,
        )
        .then(
          () => undefined,
          (error: { response: { status: number; data: { message: string } } }) => error.response,
        );
      expect(refused?.status).toBe(400);
      return String(refused?.data.message);
    }

    /** The price /calculate gives `code`, as the picker writes it. */
    async function priceOf(cartId: string, optionId: string, code: string, key: object) {
      const { data } = await api.post(
        `/store/shipping-options/${optionId}/calculate`,
        { cart_id: cartId, data: { point_id: code } },
        key,
      );
      return (data["shipping_option"] as { amount: number }).amount;
    }

    describe("the storefront's pickup-point picker", () => {
      let storefront: Storefront | undefined;

      it("in English at 390 px: near the address, a closed point refused, one found by code on the map", async () => {
        const { store, cartId, optionId, ...rest } = await shop();
        storefront = rest.storefront;
        const key = store.headers["x-publishable-api-key"];
        const phone = await openPhone("en-GB");
        try {
          const page = await phone.context.newPage();
          await page.goto(
            `${storefront.url}/?cart=${cartId}&key=${key}&lang=en&tiles=/tiles/{z}/{x}/{y}.png`,
          );
          await page.getByRole("heading", { name: "Pickup point" }).waitFor();
          await page.getByText(say("en", "nearAddress")).waitFor();
          const radios = page.getByRole("radio");
          await radios.first().waitFor();
          const count = await radios.count();
          expect(count).toBeGreaterThan(1);
          const codes = await radios.evaluateAll((inputs) =>
            inputs.map((input) => (input as HTMLInputElement).value),
          );

          // A map where tiles load: one marker per point, tiles asked for.
          const map = page.getByRole("group", { name: say("en", "mapLabel") });
          await map.waitFor();
          expect(await map.getByRole("button").count()).toBe(count);
          expect(storefront.tilesServed()).toBeGreaterThan(0);
          expect(await overflow(page)).toBeLessThanOrEqual(0);

          // The first point closes after it was listed: the plugin refuses it.
          const [closed, found] = codes as [string, string];
          await holiday(closed, true);
          try {
            await radios.first().check();
            const price = await priceOf(cartId, optionId, closed, store);
            await page
              .getByText(say("en", "price", { price: formatPrice(price, "pln", "en") }))
              .waitFor();
            await page.getByRole("button", { name: say("en", "confirm") }).click();
            const alert = page.getByRole("alert");
            await alert.waitFor();
            const reason = await storeRefusal(cartId, optionId, closed, store);
            expect(reason).toMatch(/closed/i);
            expect(await alert.textContent()).toBe(say("en", "refused", { reason }));
            expect(await methodsOf(cartId)).toEqual([]);
          } finally {
            await holiday(closed, false);
          }

          // Another point, found by its code as typed, chosen on the map.
          await page.getByLabel(say("en", "searchLabel")).fill(found.toLowerCase());
          await page.getByRole("button", { name: say("en", "searchButton") }).click();
          await page
            .getByText(say("en", "searchResults", { query: found.toLowerCase() }))
            .waitFor();
          await page.waitForFunction((code) => {
            const values = [...document.querySelectorAll<HTMLInputElement>("input[type=radio]")];
            return values.length === 1 && values[0]?.value === code;
          }, found);
          await map.getByRole("button", { name: new RegExp(found) }).click();
          expect(await page.getByRole("radio").isChecked()).toBe(true);
          const price = await priceOf(cartId, optionId, found, store);
          await page
            .getByText(say("en", "price", { price: formatPrice(price, "pln", "en") }))
            .waitFor();
          await page.getByRole("button", { name: say("en", "confirm") }).click();
          await page.getByText(/^Your parcel goes to .+\.$/).waitFor();
          expect(await page.getByRole("alert").count()).toBe(0);

          const methods = await methodsOf(cartId);
          expect(methods).toHaveLength(1);
          // What the plugin's check returned replaced the method's data.
          expect(methods[0]?.data).toMatchObject({ point_id: found, point: { code: found } });
          expect(await overflow(page)).toBeLessThanOrEqual(0);
        } finally {
          await phone.close();
          await storefront.close();
        }
      });

      it("in Polish: a search by city, the list alone with no map service, a point taken by keyboard", async () => {
        const { store, cartId, optionId, ...rest } = await shop();
        storefront = rest.storefront;
        const key = store.headers["x-publishable-api-key"];
        const phone = await openPhone("pl-PL");
        try {
          const page = await phone.context.newPage();
          // Tiles from a port nothing listens on: no map service is reachable.
          await page.goto(
            `${storefront.url}/?cart=${cartId}&key=${key}&lang=pl&tiles=${encodeURIComponent("http://127.0.0.1:9/{z}/{x}/{y}.png")}`,
          );
          await page.getByRole("heading", { name: "Punkt odbioru" }).waitFor();
          await page.getByRole("radio").first().waitFor();
          await page.getByLabel(say("pl", "searchLabel")).fill("Gdynia");
          await page.getByRole("button", { name: say("pl", "searchButton") }).click();
          await page.getByText(say("pl", "searchResults", { query: "Gdynia" })).waitFor();
          await page.waitForFunction(() =>
            [...document.querySelectorAll("label")].some((label) =>
              /Gdynia/.test(label.textContent ?? ""),
            ),
          );
          const radios = page.getByRole("radio");
          const first = radios.first();
          expect(await first.locator("xpath=..").textContent()).toMatch(/Gdynia/);
          // The map's tiles failed: it is gone, the list stays and works.
          await page
            .getByRole("group", { name: say("pl", "mapLabel") })
            .waitFor({ state: "detached" });

          // By keyboard: Space takes the first point, the down arrow the next, Tab and Enter confirm.
          await first.focus();
          await page.keyboard.press("Space");
          await expect.poll(() => first.isChecked()).toBe(true);
          await page.keyboard.press("ArrowDown");
          const second = radios.nth(1);
          await expect.poll(() => second.isChecked()).toBe(true);
          const code = String(await second.getAttribute("value"));
          const price = await priceOf(cartId, optionId, code, store);
          await page
            .getByText(say("pl", "price", { price: formatPrice(price, "pln", "pl") }))
            .waitFor();
          // A point closed meanwhile: refused, with the Polish lead-in.
          await holiday(code, true);
          try {
            await page.keyboard.press("Tab");
            await page.keyboard.press("Enter");
            const alert = page.getByRole("alert");
            await alert.waitFor();
            const reason = await storeRefusal(cartId, optionId, code, store);
            expect(await alert.textContent()).toBe(say("pl", "refused", { reason }));
          } finally {
            await holiday(code, false);
          }
          await page.getByRole("button", { name: say("pl", "confirm") }).click();
          await page.getByText(/^Paczka trafi do: .+\.$/).waitFor();
          const methods = await methodsOf(cartId);
          expect(methods).toHaveLength(1);
          expect(methods[0]?.data).toMatchObject({ point_id: code });
          expect(await overflow(page)).toBeLessThanOrEqual(0);
        } finally {
          await phone.close();
          await storefront.close();
        }
      });
    });
  },
});
