// The provider inside Medusa's real fulfillment module (moduleIntegrationTestRunner)
// on a real PostgreSQL, against the sandbox over real HTTP: options, prices
// with their cache and fallback, pickup points, shipments created once (also
// when the process dies mid-run), cancellations repeated, and a return.

import { createHash } from "node:crypto";
import type { IFulfillmentModuleService } from "@medusajs/framework/types";
import { Modules } from "@medusajs/framework/utils";
import * as FulfillmentModels from "@medusajs/fulfillment/dist/models";
import { moduleIntegrationTestRunner } from "@medusajs/test-utils";
import { type ShippingClient, shipOrderReference } from "@shipbridge/core";
import { IBAN, SENDER } from "@shipbridge/core/testing";
import pg from "pg";
import { describe, expect, it } from "vitest";
import {
  demoClient as accountClient,
  LOST_ORDER_ANSWERS,
  orderCharges,
} from "../../../test/sandbox-account.ts";
import { ATTEMPT_LEASE_MS } from "../../lib/attempt-ledger.ts";
import { type PluginOptionsError, parsePluginOptions } from "../../lib/options.ts";
import provider from "./index.ts";
import type { ShipbridgeFulfillmentService } from "./service.ts";

const { default: _default, ...models } = FulfillmentModels as Record<string, unknown>;
const PROVIDER_ID = "shipbridge_shipbridge";
const STORE = "medusa-test";

const CUSTOMER_ADDRESS = {
  first_name: "Anna",
  last_name: "Nowak",
  address_1: "ul. Długa 5",
  postal_code: "80-831",
  city: "Gdańsk",
  country_code: "pl",
  phone: "+48 601 234 567",
};

// Started by test/setup.mts before any test file loads.
const sandbox = {
  baseUrl: process.env["SHIPBRIDGE_TEST_BASE_URL"] ?? "",
  accountUrl: process.env["SHIPBRIDGE_TEST_ACCOUNT_URL"] ?? "",
};
const tokensDb = process.env["SHIPBRIDGE_TEST_TOKENS_DATABASE_URL"] ?? "";
const COD_IBAN = IBAN.replace(/\s/g, "");

async function control(path: string, body?: unknown, method?: string): Promise<void> {
  const response = await fetch(`${sandbox.baseUrl}/_sandbox${path}`, {
    method: method ?? "POST",
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
  });
  if (!response.ok) throw new Error(`sandbox ${path}: ${response.status}`);
}

/** A client of the demo account, to look at what the sandbox holds. */
function demoClient(): Promise<ShippingClient> {
  return accountClient(sandbox.baseUrl, sandbox.accountUrl);
}

function pluginOptions() {
  return {
    clientId: "demo-client",
    clientSecret: "demo-secret",
    username: "demo@shipbridge.dev",
    password: "demo-password",
    baseUrl: sandbox.baseUrl,
    accountUrl: sandbox.accountUrl,
    storeId: STORE,
    databaseUrl: tokensDb,
    sender: SENDER,
    services: [
      { service: "inpost", name: "InPost Paczkomat", pickup_point: true },
      { service: "dpd", name: "DPD courier", returns: true },
    ],
    flatPrice: 19.99,
    // A quote waits out the sandbox's "calculation pending" (about 1 s, more
    // on a loaded machine); these tests are about the cache, not the deadline.
    quoteTimeoutMs: 8000,
    cod: { iban: COD_IBAN },
    cod_payment_providers: ["pp_cod"],
  };
}

describe("plugin options", () => {
  it("names every wrong option at start-up, in English and Polish, without secrets", () => {
    const attempt = () =>
      parsePluginOptions({ clientId: "x", clientSecret: "top-secret-value", services: [] });
    expect(attempt).toThrow(/sender/);
    expect(attempt).toThrow(/services/);
    expect(attempt).toThrow(/flatPrice/);
    expect(attempt).toThrow(/nieprawidłowe opcje wtyczki/);
    expect(attempt).not.toThrow(/top-secret-value/);
  });

  it("names a wrong secret option without repeating its value", () => {
    const { username: _username, ...withoutUser } = pluginOptions();
    const issuesOf = (input: unknown) => {
      try {
        parsePluginOptions(input);
      } catch (error) {
        return { text: String(error), issues: (error as PluginOptionsError).issues };
      }
      throw new Error("the options were accepted");
    };
    // A password without its username, next to a client secret of the wrong type.
    const wrong = issuesOf({
      ...withoutUser,
      password: "top-secret-value",
      clientSecret: ["another-secret"],
    });
    expect(wrong.issues.map((issue) => issue.path)).toContain("clientSecret");
    expect(wrong.text).not.toMatch(/top-secret-value|another-secret/);
    const clientSecret = wrong.issues.find((issue) => issue.path === "clientSecret");
    expect(clientSecret?.message).toBe("invalid_type / brak wartości lub zły typ");
    // A tracking webhook secret longer than the service takes (128), named, not repeated.
    const long = "s".repeat(129);
    const tooLong = issuesOf({ ...pluginOptions(), trackingWebhookSecret: long });
    expect(tooLong.issues).toEqual([
      { path: "trackingWebhookSecret", message: "too_big / nieprawidłowa wartość" },
    ]);
    expect(tooLong.text).not.toContain(long);
    const alone = issuesOf({ ...withoutUser, password: "top-secret-value" });
    expect(alone.issues).toEqual([{ path: "password", message: "custom / nieprawidłowa wartość" }]);
    expect(alone.text).not.toMatch(/top-secret-value/);
  });
});

moduleIntegrationTestRunner<IFulfillmentModuleService>({
  moduleName: Modules.FULFILLMENT,
  resolve: "@medusajs/fulfillment",
  moduleModels: Object.values(models),
  dbName: "shipbridge_medusa",
  moduleOptions: {
    providers: [{ resolve: provider, id: "shipbridge", options: pluginOptions() }],
  },
  testSuite: ({ service }) => {
    const registration = () =>
      (
        service as unknown as {
          fulfillmentProviderService_: {
            retrieveProviderRegistration(id: string): ShipbridgeFulfillmentService;
          };
        }
      ).fulfillmentProviderService_.retrieveProviderRegistration(PROVIDER_ID);

    async function shippingOption(optionId: string, tag = optionId) {
      const options = await service.retrieveFulfillmentOptions(PROVIDER_ID);
      const data = options.find((o) => o["id"] === optionId);
      const profile = await service.createShippingProfiles({
        name: `p-${tag}`,
        type: "default",
      });
      const set = await service.createFulfillmentSets({
        name: `s-${tag}`,
        type: "shipping",
        service_zones: [{ name: "PL", geo_zones: [{ type: "country", country_code: "pl" }] }],
      });
      return service.createShippingOptions({
        name: String(data?.["name"]),
        price_type: "calculated",
        service_zone_id: set.service_zones[0]!.id,
        shipping_profile_id: profile.id,
        provider_id: PROVIDER_ID,
        type: { label: optionId, description: optionId, code: optionId },
        data: data ?? {},
      });
    }

    const cartContext = (postcode = "80-831") => ({
      shipping_address: { ...CUSTOMER_ADDRESS, postal_code: postcode },
      items: [{ quantity: 2, variant: { weight: 400 } }],
    });

    it("lists one option per carrier service, pickup points and returns marked", async () => {
      const options = await service.retrieveFulfillmentOptions(PROVIDER_ID);
      expect(options).toEqual([
        { id: "inpost-point", service: "inpost", name: "InPost Paczkomat", pickup_point: true },
        { id: "dpd", service: "dpd", name: "DPD courier", pickup_point: false },
        {
          id: "dpd-return",
          service: "dpd",
          name: "DPD courier (return)",
          pickup_point: false,
          is_return: true,
        },
      ]);
    });

    it("prices a cart from the service, and asks once for the same cart", async () => {
      const option = { service: "dpd" };
      const ask = (postcode?: string) =>
        service.calculateShippingOptionsPrices([
          {
            id: "so_1",
            provider_id: PROVIDER_ID,
            optionData: option,
            data: {},
            context: cartContext(postcode) as never,
          },
        ]);
      const before = registration().quoteMisses;
      const [first] = await ask();
      const [second] = await ask();
      expect(registration().quoteMisses - before).toBe(1);
      expect(second).toEqual(first);
      // The price is the service's own quote for that package.
      const direct = await (await demoClient()).packages.calculatePrice({
        package: {
          pickup: SENDER,
          receiver: { postcode: "80-831", country_code: "PL", city: "Gdańsk" },
          parcels: [{ width: 30, depth: 20, height: 10, weight: 0.8, type: "package" }],
        },
        services: { service: ["dpd"] },
      } as never);
      const quoted = direct.prices.services_prices.find((p) => p.service === "dpd");
      expect(first?.calculated_amount).toBe(quoted?.pricing?.price_gross);
      expect(first?.calculated_amount).not.toBe(19.99);
      // Another address is another question.
      await ask("30-001");
      expect(registration().quoteMisses - before).toBe(2);
    });

    it("shows the flat price when the service is down, and never fails the cart", async () => {
      await control("/faults", { status: 503, rate: 1, path: "/packages/calculate-price" });
      try {
        const [price] = await service.calculateShippingOptionsPrices([
          {
            id: "so_2",
            provider_id: PROVIDER_ID,
            optionData: { service: "dpd" },
            data: {},
            context: cartContext("00-950") as never,
          },
        ]);
        expect(price).toEqual({
          calculated_amount: 19.99,
          is_calculated_price_tax_inclusive: true,
        });
      } finally {
        await control("/faults", undefined, "DELETE");
      }
    });

    it("keeps a carrier's refusal when the quote in the other language fails", async () => {
      // A 40-tonne cart no quote has seen yet: the first language's quote is
      // asked twice (the service computes it in the background first). Both
      // answers are slowed; once both are decided, every later quote (the
      // other language's) fails, until the one deadline of the quote.
      const slow = await fetch(`${sandbox.baseUrl}/_sandbox/faults`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ latency_ms: 1500, count: 2, path: "/packages/calculate-price" }),
      });
      expect(slow.status).toBe(201);
      try {
        const priced = service.calculateShippingOptionsPrices([
          {
            id: "so_limits",
            provider_id: PROVIDER_ID,
            optionData: { service: "dpd" },
            data: {},
            context: {
              shipping_address: { ...CUSTOMER_ADDRESS, postal_code: "02-495" },
              items: [{ quantity: 1, variant: { weight: 40_000_000 } }],
            } as never,
          },
        ]);
        const outcome = priced.then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        );
        for (let attempt = 0; attempt < 400; attempt++) {
          const { faults } = (await (await fetch(`${sandbox.baseUrl}/_sandbox/faults`)).json()) as {
            faults: { fired: number }[];
          };
          if (faults[0]?.fired === 2) break;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        await control("/faults", { status: 503, path: "/packages/calculate-price" });
        const result = await outcome;
        expect(result).not.toHaveProperty("value");
        const message = String((result as { error: { message?: unknown } }).error.message);
        expect(message).toMatch(/carrier_weight_limit/);
        expect(message).toContain("DPD courier");
      } finally {
        await control("/faults", undefined, "DELETE");
      }
    });

    describe("the address at the shipping-method step", () => {
      const courier = { id: "dpd", service: "dpd", pickup_point: false };
      const check = (address: Record<string, unknown>, optionData: Record<string, unknown>) =>
        service.validateFulfillmentData(PROVIDER_ID, optionData, {}, {
          shipping_address: address,
        } as never);

      it("refuses a postcode not in its country's form and a street without a house number", async () => {
        const error = (await check(
          { ...CUSTOMER_ADDRESS, postal_code: "ABC", address_1: "ul. Długa" },
          courier,
        ).catch((reason: unknown) => reason)) as Record<string, unknown>;
        expect(error).toMatchObject({ type: "invalid_data", code: "validation_failed" });
        expect("issues" in error).toBe(false);
        // Both at once, under the fields the storefront sends.
        expect(String(error["message"])).toMatch(
          /shipping_address\.postal_code postcode_invalid: /,
        );
        expect(String(error["message"])).toMatch(
          /shipping_address\.address_1 house_number_missing: /,
        );
      });

      it("takes a good address, and a locker's address without a house number", async () => {
        await expect(check(CUSTOMER_ADDRESS, courier)).resolves.toMatchObject({ service: "dpd" });
        const point = (await registration().findPoint("WAW03M"))!;
        await expect(
          check(
            { ...CUSTOMER_ADDRESS, address_1: "ul. Długa" },
            { id: "inpost-point", service: "inpost", pickup_point: true },
          ).then(() => undefined),
        ).rejects.toThrow(/pickup point/i);
        await expect(
          service.validateFulfillmentData(
            PROVIDER_ID,
            { id: "inpost-point", service: "inpost", pickup_point: true },
            { point_id: point.code },
            { shipping_address: { ...CUSTOMER_ADDRESS, address_1: "ul. Długa" } } as never,
          ),
        ).resolves.toMatchObject({ point_id: point.code });
      });
    });

    describe("pickup points", () => {
      const optionData = { id: "inpost-point", service: "inpost", pickup_point: true };

      async function pointsIn(city: string, carrier: string) {
        const client = await demoClient();
        const { points } = await client.points.map({
          location: { search_phrase: city },
          filters: { services: [carrier] },
          limit: 100,
        });
        return points;
      }

      it("keeps a valid point, normalized, in the shipping method's data", async () => {
        const point = (await pointsIn("Warszawa", "inpost")).find((p) => p.active !== false)!;
        const data = await service.validateFulfillmentData(
          PROVIDER_ID,
          optionData,
          { point_id: point.code },
          {} as never,
        );
        expect(data).toMatchObject({
          service: "inpost",
          point_id: point.code,
          point: { code: point.code, carrier: "inpost" },
        });
      });

      it("refuses a closed point, another carrier's point, a missing one", async () => {
        const closed = (await pointsIn("Gdańsk", "inpost")).find((p) => p.active === false);
        expect(closed).toBeDefined();
        const validate = (pointId?: string) =>
          service.validateFulfillmentData(
            PROVIDER_ID,
            optionData,
            pointId === undefined ? {} : { point_id: pointId },
            {} as never,
          );
        await expect(validate(closed!.code)).rejects.toThrow(/closed now/);
        const dpdPoint = (await pointsIn("Warszawa", "dpd"))[0]!;
        await expect(validate(dpdPoint.code)).rejects.toThrow(/another carrier/);
        await expect(validate("NOPE99X")).rejects.toThrow(/no longer exists/);
        await expect(validate()).rejects.toThrow(/Choose a pickup point/);
      });
    });

    describe("shipments", () => {
      const items = [
        { title: "Mug", sku: "MUG-1", quantity: 2, barcode: "", line_item_id: "li_1" },
      ];
      const orderOf = (id: string) => ({
        id,
        display_id: 1001,
        email: "anna@example.com",
        currency_code: "pln",
        total: 99.8,
        items: [
          { id: "li_1", title: "Mug", quantity: 2, unit_price: 39.9, variant: { weight: 400 } },
        ],
      });

      /** The packages the service holds under a shipment's name. */
      async function packagesOf(data: Record<string, unknown> | null | undefined) {
        const client = await demoClient();
        const { packages } = await client.packages.list({
          user_reference_number: shipOrderReference(STORE, String(data?.["shipment_key"])),
        });
        return packages;
      }

      async function ship(orderId: string, data: Record<string, unknown>) {
        const created = await service.createFulfillment({
          location_id: "sloc_1",
          provider_id: PROVIDER_ID,
          delivery_address: CUSTOMER_ADDRESS,
          items,
          labels: [],
          order: orderOf(orderId),
          data,
        } as never);
        return service.retrieveFulfillment(created.id, { relations: ["labels"] });
      }

      /** The order confirmations (charges) of a package. */
      async function chargesOf(packageId: unknown) {
        const { messages } = await (await demoClient()).messages.list({
          type: "order",
          limit: 500,
        });
        return messages.filter((m) => m["package_id"] === packageId);
      }

      it("links tracking numbers to the configured tracking page", async () => {
        expect(() =>
          parsePluginOptions({ ...pluginOptions(), trackingPage: "https://example.com/t" }),
        ).toThrow(/trackingPage/);
        const { ShipbridgeFulfillmentService } = await import("./service.ts");
        const own = new ShipbridgeFulfillmentService(
          {},
          { ...pluginOptions(), trackingPage: "https://track.example.com/p/{number}?l=pl" },
        );
        try {
          const shipped = await own.createFulfillment(
            { service: "dpd" },
            items,
            orderOf("order_page"),
            {
              id: "ful_tracking_page",
              delivery_address: CUSTOMER_ADDRESS,
            },
          );
          const number = String(shipped.labels[0]?.tracking_number);
          expect(number).toMatch(/\S/);
          expect(shipped.labels[0]?.tracking_url).toBe(
            `https://track.example.com/p/${encodeURIComponent(number)}?l=pl`,
          );
        } finally {
          await own.connection.close();
        }
      });

      it("ships a fulfillment to a locker: one package, ordered, labels saved", async () => {
        const point = await registration().findPoint("WAW03M");
        expect(point?.active).not.toBe(false);
        const fulfillment = await ship("order_locker", {
          service: "inpost",
          point: { code: "WAW03M", carrier: "inpost" },
        });
        const packages = await packagesOf(fulfillment.data);
        expect(packages).toHaveLength(1);
        const pkg = packages[0]!;
        expect(fulfillment.data).toMatchObject({ package_id: pkg.package_id, service: "inpost" });
        expect(fulfillment.labels).toHaveLength(1);
        const label = fulfillment.labels[0]!;
        expect(label.tracking_number).toMatch(/\S/);
        expect(label.tracking_url).toMatch(/^https?:\/\//);
        expect(label.label_url).toBe(`/admin/shipbridge/fulfillments/${fulfillment.id}/label`);
        const details = await (await demoClient()).packages.get(pkg.package_id);
        expect(details.receiver?.point).toBe("WAW03M");
        // The tracking link is the service's own for the parcel, not one the plugin builds.
        expect(label.tracking_url).toBe(details.parcels?.[0]?.tracking_url ?? details.tracking_url);
      });

      it("the same fulfillment again after a lost answer: one package, one order command", async () => {
        const provider = registration();
        const fulfillment = { id: "ful_retry_1", delivery_address: CUSTOMER_ADDRESS };
        const data = { service: "dpd" };
        const order = orderOf("order_retry_1");
        // The order command's answers are lost: the first call gives up.
        await control("/faults", {
          status: 502,
          rate: 1,
          path: "/order-commands",
          after: true,
          count: 50,
        });
        await expect(provider.createFulfillment(data, items, order, fulfillment)).rejects.toThrow();
        await control("/faults", undefined, "DELETE");
        const again = await provider.createFulfillment(data, items, order, fulfillment);
        const packages = await packagesOf(again.data);
        expect(packages.map((p) => p.package_id)).toEqual([again.data["package_id"]]);
        const command = await (await demoClient()).orderCommands.get(
          String(again.data["command_id"]),
        );
        expect(command.status).toBe("successful");
        expect(await chargesOf(again.data["package_id"])).toHaveLength(1);
        expect(again.labels[0]?.tracking_number).toMatch(/\S/);
      });

      it("an admin retry after the provider gave up: the new fulfillment finds the first package", async () => {
        // The service creates the package and accepts (charges) its order
        // command, but the answers never arrive: the provider throws and
        // Medusa deletes the fulfillment.
        const before = (await service.listFulfillments({})).length;
        const charges = async () => orderCharges(await demoClient());
        const chargedBefore = await charges();
        await control("/faults", LOST_ORDER_ANSWERS);
        await expect(ship("order_retry_2", { service: "dpd" })).rejects.toThrow();
        await control("/faults", undefined, "DELETE");
        expect(await service.listFulfillments({})).toHaveLength(before);
        // The admin tries again: a new fulfillment, with a new id.
        const retried = await ship("order_retry_2", { service: "dpd" });
        const packages = await packagesOf(retried.data);
        expect(packages.map((p) => p.package_id)).toEqual([retried.data?.["package_id"]]);
        expect(await chargesOf(retried.data?.["package_id"])).toHaveLength(1);
        // One charge in all: the retry's package is the one the first attempt paid for.
        expect((await charges()) - chargedBefore).toBe(1);
        expect(retried.labels).toHaveLength(1);
      });

      it("a run whose process died mid-way: the retry takes its name over, one package", async () => {
        const provider = registration();
        const data = { service: "dpd" };
        const order = orderOf("order_dead_run");
        const at = (id: string) => ({ id, delivery_address: CUSTOMER_ADDRESS });
        const charges = async () => orderCharges(await demoClient());
        const chargedBefore = await charges();
        // The dead run got as far as the service: its package made and its
        // order command accepted (charged), the answer never heard.
        await control("/faults", LOST_ORDER_ANSWERS);
        await expect(
          provider.createFulfillment(data, items, order, at("ful_dead_1")),
        ).rejects.toThrow();
        await control("/faults", undefined, "DELETE");
        // Then its process was killed: its attempt stays running, and its
        // lease has not been renewed for longer than the lease lasts.
        const db = new pg.Client({ connectionString: tokensDb });
        await db.connect();
        let deadKey: string;
        try {
          const { rows } = await db.query(
            `update shipbridge_medusa_shipment_attempt
                set state = 'running',
                    updated_at = now() - ($2::double precision * interval '1 millisecond')
              where fulfillment_id = $1 returning shipment_key`,
            ["ful_dead_1", ATTEMPT_LEASE_MS + 1000],
          );
          expect(rows).toHaveLength(1);
          deadKey = String(rows[0]?.["shipment_key"]);
        } finally {
          await db.end();
        }
        // Medusa rolled the fulfillment back; the admin's retry has a new id.
        const retried = await provider.createFulfillment(data, items, order, at("ful_dead_2"));
        expect(retried.data["shipment_key"]).toBe(deadKey);
        const packages = await packagesOf(retried.data);
        expect(packages.map((p) => p.package_id)).toEqual([retried.data["package_id"]]);
        const command = await (await demoClient()).orderCommands.get(
          String(retried.data["command_id"]),
        );
        expect(command.status).toBe("successful");
        expect(await chargesOf(retried.data["package_id"])).toHaveLength(1);
        // One charge in all: the retry's package is the one the dead run paid for.
        expect((await charges()) - chargedBefore).toBe(1);
        expect(await provider.connection.ledger.get(deadKey)).toMatchObject({
          state: "shipped",
          fulfillment_id: "ful_dead_2",
          package_id: retried.data["package_id"],
        });
      });

      it("keeps its lease until the provider returns, and waits for a price only briefly", async () => {
        const provider = registration();
        const order = orderOf("order_slow_price");
        const fulfillmentId = "ful_slow_price";
        const key = `order_slow_price-${createHash("sha256").update(fulfillmentId).digest("hex").slice(0, 12)}`;
        // Every read of a package is slow: shipOrder's, then the price's,
        // which is given up on (the parcel ships without a price).
        await control("/faults", { latency_ms: 7000, rate: 1, path: "/packages/*", method: "GET" });
        const states: string[] = [];
        let done = false;
        let shipped: Awaited<ReturnType<typeof provider.createFulfillment>>;
        try {
          const run = provider
            .createFulfillment({ service: "dpd" }, items, order, {
              id: fulfillmentId,
              delivery_address: CUSTOMER_ADDRESS,
            })
            .finally(() => {
              done = true;
            });
          while (!done) {
            const state = (await provider.connection.ledger.get(key))?.state;
            if (!done && state !== undefined) states.push(state);
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          shipped = await run;
        } finally {
          await control("/faults", undefined, "DELETE");
        }
        // Running (its lease renewed) while the provider had not returned;
        // shipped once it did.
        expect(states.length).toBeGreaterThan(0);
        expect(new Set(states)).toEqual(new Set(["running"]));
        expect(await provider.connection.ledger.get(key)).toMatchObject({ state: "shipped" });
        expect(typeof shipped.data["package_id"]).toBe("number");
        expect(shipped.data["price"]).toBeUndefined();
      }, 60_000);

      it("2 x an item fulfilled as 1 now and 1 later: two packages, two charges", async () => {
        const provider = registration();
        const one = [{ ...items[0], quantity: 1 }];
        const data = { service: "dpd" };
        const orderAfter = (fulfilled: number) => ({
          ...orderOf("order_split"),
          items: [
            { ...orderOf("order_split").items[0], detail: { fulfilled_quantity: fulfilled } },
          ],
        });
        const first = await provider.createFulfillment(data, one, orderAfter(0), {
          id: "ful_split_1",
          delivery_address: CUSTOMER_ADDRESS,
        });
        const second = await provider.createFulfillment(data, one, orderAfter(1), {
          id: "ful_split_2",
          delivery_address: CUSTOMER_ADDRESS,
        });
        expect(second.data["shipment_key"]).not.toBe(first.data["shipment_key"]);
        expect(second.data["package_id"]).not.toBe(first.data["package_id"]);
        expect(await packagesOf(first.data)).toHaveLength(1);
        expect(await packagesOf(second.data)).toHaveLength(1);
        expect(await chargesOf(first.data["package_id"])).toHaveLength(1);
        expect(await chargesOf(second.data["package_id"])).toHaveLength(1);
      });

      it("items A, items B, the first cancelled, A again: three fulfillments, three packages", async () => {
        const provider = registration();
        const data = { service: "dpd" };
        const lines = [
          { id: "li_a", title: "Mug", quantity: 1, unit_price: 39.9, variant: { weight: 400 } },
          { id: "li_b", title: "Plate", quantity: 1, unit_price: 29.9, variant: { weight: 600 } },
        ];
        // The order as Medusa hands it over: what each line had fulfilled before.
        const order = (a: number, b: number) => ({
          ...orderOf("order_split_ab"),
          items: [
            { ...lines[0], detail: { fulfilled_quantity: a } },
            { ...lines[1], detail: { fulfilled_quantity: b } },
          ],
        });
        const itemA = [{ title: "Mug", sku: "MUG-1", quantity: 1, line_item_id: "li_a" }];
        const itemB = [{ title: "Plate", sku: "PLT-1", quantity: 1, line_item_id: "li_b" }];
        const at = (id: string) => ({ id, delivery_address: CUSTOMER_ADDRESS });
        const first = await provider.createFulfillment(data, itemA, order(0, 0), at("ful_ab_1"));
        const second = await provider.createFulfillment(data, itemB, order(1, 0), at("ful_ab_2"));
        await provider.cancelFulfillment(first.data);
        // A's fulfilled quantity is back to 0, B's is 1: the order looks as
        // it did when B shipped, yet A again is a shipment of its own.
        const third = await provider.createFulfillment(data, itemA, order(0, 1), at("ful_ab_3"));
        const ids = [first, second, third].map((f) => f.data["package_id"]);
        expect(new Set(ids).size).toBe(3);
        expect(new Set([first, second, third].map((f) => f.data["shipment_key"])).size).toBe(3);
        const client = await demoClient();
        expect((await client.packages.get(Number(ids[1]))).state).not.toBe("canceled");
        for (const id of [ids[1], ids[2]]) expect(await chargesOf(id)).toHaveLength(1);
        // The third again (a timeout, another instance): its own package, once.
        const again = await provider.createFulfillment(data, itemA, order(0, 1), at("ful_ab_3"));
        expect(again.data["package_id"]).toBe(ids[2]);
        expect(await chargesOf(ids[2])).toHaveLength(1);
      });

      it("an order paid on delivery: its first package collects the total, to the IBAN", async () => {
        const provider = registration();
        const data = { service: "dpd" };
        const one = [{ ...items[0], quantity: 1 }];
        const cod = (fulfilled: number) => ({
          ...orderOf("order_cod"),
          metadata: { shipbridge_cod: true },
          items: [{ ...orderOf("order_cod").items[0], detail: { fulfilled_quantity: fulfilled } }],
        });
        const first = await provider.createFulfillment(data, one, cod(0), {
          id: "ful_cod_1",
          delivery_address: CUSTOMER_ADDRESS,
        });
        const client = await demoClient();
        const details = await client.packages.get(Number(first.data["package_id"]));
        const collected = details.additional_services?.cod;
        expect(collected).toMatchObject({ amount: 99.8, currency: "PLN" });
        expect(String(collected?.iban).replace(/\s/g, "")).toContain(COD_IBAN.slice(2));
        // The rest of the order ships without collecting the money again.
        const second = await provider.createFulfillment(data, one, cod(1), {
          id: "ful_cod_2",
          delivery_address: CUSTOMER_ADDRESS,
        });
        const rest = await client.packages.get(Number(second.data["package_id"]));
        expect(rest.additional_services?.cod ?? undefined).toBeUndefined();
        // The first is cancelled: the items shipped again collect the money.
        await provider.cancelFulfillment(first.data);
        const third = await provider.createFulfillment(data, one, cod(1), {
          id: "ful_cod_3",
          delivery_address: CUSTOMER_ADDRESS,
        });
        const again = await client.packages.get(Number(third.data["package_id"]));
        expect(again.additional_services?.cod).toMatchObject({ amount: 99.8, currency: "PLN" });
        // An order not marked paid on delivery ships without COD.
        const paid = await provider.createFulfillment(data, one, orderOf("order_paid"), {
          id: "ful_paid_1",
          delivery_address: CUSTOMER_ADDRESS,
        });
        const plain = await client.packages.get(Number(paid.data["package_id"]));
        expect(plain.additional_services?.cod ?? undefined).toBeUndefined();
      });

      it("cancels a fulfillment, cancelling again changes nothing, and the items ship again", async () => {
        const fulfillment = await ship("order_cancel", { service: "dpd" });
        await service.cancelFulfillment(fulfillment.id);
        const client = await demoClient();
        const packageId = Number(fulfillment.data?.["package_id"]);
        const cancelled = await client.packages.get(packageId);
        expect(cancelled.state).toBe("canceled");
        const second = await registration().cancelFulfillment(fulfillment.data ?? {});
        expect(second).toMatchObject({ canceled: true });
        expect((await client.packages.get(packageId)).state).toBe("canceled");
        // The same items fulfilled again make a new shipment under a new name.
        const again = await ship("order_cancel", { service: "dpd" });
        expect(again.data?.["package_id"]).not.toBe(packageId);
        expect(again.data?.["shipment_key"]).not.toBe(fulfillment.data?.["shipment_key"]);
        expect(await packagesOf(again.data)).toHaveLength(1);
      });

      /** How many packages the account holds. */
      async function accountPackages(): Promise<number> {
        const listed = await (await demoClient()).packages.list({ limit: 500 });
        return listed.total ?? listed.packages.length;
      }

      /** The rejection of `run`, as Medusa's HTTP layer would read it. */
      async function refusal(run: Promise<unknown>) {
        const error = (await run.then(
          () => {
            throw new Error("it was not refused");
          },
          (reason: unknown) => reason,
        )) as Record<string, unknown>;
        return {
          error,
          type: error["type"],
          code: error["code"],
          message: String(error["message"]),
        };
      }

      it("the same items fulfilled twice at once: one package, one order command, one charge", async () => {
        const chargedBefore = orderCharges(await demoClient());
        const before = await accountPackages();
        const charged = await chargedBefore;
        // Two requests for the whole line at once (an admin's second click):
        // Medusa hands both the order with nothing fulfilled yet.
        const order = {
          ...orderOf("order_twice"),
          items: [{ ...orderOf("order_twice").items[0], detail: { fulfilled_quantity: 0 } }],
        };
        const fulfil = () =>
          service.createFulfillment({
            location_id: "sloc_1",
            provider_id: PROVIDER_ID,
            delivery_address: CUSTOMER_ADDRESS,
            items,
            labels: [],
            order,
            data: { service: "dpd" },
          } as never);
        const outcomes = await Promise.allSettled([fulfil(), fulfil()]);
        const shipped = outcomes.filter((o) => o.status === "fulfilled");
        const refused = outcomes.filter((o) => o.status === "rejected");
        expect(shipped).toHaveLength(1);
        expect(refused).toHaveLength(1);
        const reason = (refused[0] as PromiseRejectedResult).reason as Record<string, unknown>;
        expect(reason).toMatchObject({ type: "invalid_data", code: "already_fulfilled" });
        expect("issues" in reason).toBe(false);
        expect(await accountPackages()).toBe(before + 1);
        expect((await orderCharges(await demoClient())) - charged).toBe(1);

        // The same request again later: Medusa counts the line fulfilled now
        // (or has not yet): refused before anything reaches the service.
        for (const fulfilled of [2, 0]) {
          const again = await refusal(
            registration().createFulfillment(
              { service: "dpd" },
              items,
              {
                ...orderOf("order_twice"),
                items: [
                  {
                    ...orderOf("order_twice").items[0],
                    detail: { fulfilled_quantity: fulfilled },
                  },
                ],
              },
              { id: `ful_twice_again_${fulfilled}`, delivery_address: CUSTOMER_ADDRESS },
            ),
          );
          expect(again).toMatchObject({ type: "invalid_data", code: "already_fulfilled" });
          expect(again.message).toMatch(/li_1: 2 ordered/);
        }
        expect(await accountPackages()).toBe(before + 1);
        expect((await orderCharges(await demoClient())) - charged).toBe(1);
      });

      it("a locker closed since checkout: refused with its code and why, nothing paid", async () => {
        const provider = registration();
        const before = await accountPackages();
        const charged = await orderCharges(await demoClient());
        const fulfil = (id: string) =>
          provider.createFulfillment(
            { service: "inpost", point: { code: "WAW03M", carrier: "inpost" } },
            items,
            orderOf(`order_${id}`),
            { id, delivery_address: CUSTOMER_ADDRESS },
          );
        try {
          await control("/points/WAW03M", { active: false });
          const closed = await refusal(fulfil("ful_point_closed"));
          expect(closed).toMatchObject({ type: "invalid_data", code: "point_closed" });
          expect(closed.message).toMatch(/WAW03M/);
          expect(closed.message).toMatch(/closed \(inactive\)/);
          await control("/points/WAW03M", { active: true, holiday: true });
          const holiday = await refusal(fulfil("ful_point_holiday"));
          expect(holiday).toMatchObject({ code: "point_closed" });
          expect(holiday.message).toMatch(/WAW03M.*holiday/);
        } finally {
          await control("/points/WAW03M", { active: true, holiday: false });
        }
        expect(await accountPackages()).toBe(before);
        expect(await orderCharges(await demoClient())).toBe(charged);
      });

      it("an order core refuses: a final 400 naming each field and rule, and a fixed retry ships", async () => {
        const provider = registration();
        const order = orderOf("order_bad_phone");
        // Changed after checkout (the shipping-method step checked the address).
        const bad = { ...CUSTOMER_ADDRESS, phone: "12345", address_1: "ul. Długa" };
        const refused = await refusal(
          provider.createFulfillment({ service: "dpd" }, items, order, {
            id: "ful_bad_phone",
            delivery_address: bad,
          }),
        );
        expect(refused).toMatchObject({ type: "invalid_data", code: "validation_failed" });
        expect("issues" in refused.error).toBe(false);
        // Every problem at once, each with the field's path and the rule.
        expect(refused.message).toMatch(/order\.shipping_address\.phone phone_invalid: /);
        expect(refused.message).toMatch(/order\.shipping_address\.street house_number_missing: /);
        // Final: the attempt is refused, and the merchant's fixed retry ships
        // under a name of its own.
        const db = new pg.Client({ connectionString: tokensDb });
        await db.connect();
        try {
          const { rows } = await db.query(
            "select state from shipbridge_medusa_shipment_attempt where fulfillment_id = $1",
            ["ful_bad_phone"],
          );
          expect(rows.map((row) => row["state"])).toEqual(["refused"]);
        } finally {
          await db.end();
        }
        const fixed = await provider.createFulfillment({ service: "dpd" }, items, order, {
          id: "ful_fixed_phone",
          delivery_address: CUSTOMER_ADDRESS,
        });
        expect(await packagesOf(fixed.data)).toHaveLength(1);
        // The service down: a 500 with its code, for the caller to retry.
        await control("/faults", { status: 503, rate: 1, path: "/points/map" });
        try {
          const down = await refusal(
            provider.createFulfillment(
              { service: "inpost", point: { code: "WAW03M", carrier: "inpost" } },
              items,
              orderOf("order_points_down"),
              { id: "ful_points_down", delivery_address: CUSTOMER_ADDRESS },
            ),
          );
          expect(down.type).toBe("unexpected_state");
          expect(down.code).toBe("service_unavailable");
        } finally {
          await control("/faults", undefined, "DELETE");
        }
      });

      it("ships a return from the customer's address to the store", async () => {
        const option = await shippingOption("dpd-return");
        const created = await service.createReturnFulfillment({
          location_id: "sloc_1",
          provider_id: PROVIDER_ID,
          shipping_option_id: option.id,
          delivery_address: CUSTOMER_ADDRESS,
          items,
          labels: [],
          order: orderOf("order_return"),
          data: {},
        } as never);
        const fulfillment = await service.retrieveFulfillment(created.id, {
          relations: ["labels"],
        });
        expect(fulfillment.data).toMatchObject({ is_return: true, service: "dpd" });
        expect(fulfillment.labels[0]?.tracking_number).toMatch(/\S/);
        const details = await (await demoClient()).packages.get(
          Number(fulfillment.data?.["package_id"]),
        );
        expect(details.receiver?.postcode).toBe(SENDER.postcode);
        expect(details.sender?.postcode ?? details.pickup?.postcode).toBe("80-831");
      });

      it("two returns without items: two packages", async () => {
        const option = await shippingOption("dpd-return", "dpd-return-empty");
        const returnOf = () =>
          service.createReturnFulfillment({
            location_id: "sloc_1",
            provider_id: PROVIDER_ID,
            shipping_option_id: option.id,
            delivery_address: CUSTOMER_ADDRESS,
            labels: [],
            order: orderOf("order_return_empty"),
            data: {},
          } as never);
        const first = await service.retrieveFulfillment((await returnOf()).id);
        const second = await service.retrieveFulfillment((await returnOf()).id);
        expect(second.id).not.toBe(first.id);
        expect(first.data?.["shipment_key"]).toMatch(/-return-/);
        expect(second.data?.["shipment_key"]).not.toBe(first.data?.["shipment_key"]);
        expect(second.data?.["package_id"]).not.toBe(first.data?.["package_id"]);
        expect(await packagesOf(first.data)).toHaveLength(1);
        expect(await packagesOf(second.data)).toHaveLength(1);
      });

      it("a return retried after the provider gave up is paid once", async () => {
        const option = await shippingOption("dpd-return", "dpd-return-retry");
        const returnOf = () =>
          service.createReturnFulfillment({
            location_id: "sloc_1",
            provider_id: PROVIDER_ID,
            shipping_option_id: option.id,
            delivery_address: CUSTOMER_ADDRESS,
            items,
            labels: [],
            order: orderOf("order_return_retry"),
            data: {},
          } as never);
        const charges = async () => orderCharges(await demoClient());
        const chargedBefore = await charges();
        await control("/faults", LOST_ORDER_ANSWERS);
        await expect(returnOf()).rejects.toThrow();
        await control("/faults", undefined, "DELETE");
        // Medusa's retry: a new fulfillment, with a new id.
        const created = await returnOf();
        const fulfillment = await service.retrieveFulfillment(created.id, {
          relations: ["labels"],
        });
        const packages = await packagesOf(fulfillment.data);
        expect(packages.map((p) => p.package_id)).toEqual([fulfillment.data?.["package_id"]]);
        expect(await chargesOf(fulfillment.data?.["package_id"])).toHaveLength(1);
        // One charge in all: the failed attempt's package is the retry's.
        expect((await charges()) - chargedBefore).toBe(1);
        expect(fulfillment.labels).toHaveLength(1);
      });
    });
  },
});
