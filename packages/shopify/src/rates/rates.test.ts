// The carrier-rate callback end to end: Shopify's documented request,
// signed, against the sandbox. Courier rates in subunits, locker rates with
// stable service codes, a forged HMAC refused, and backup rates when the
// service fails or is too slow. An order placed with a locker rate ships to
// that locker; one for an unknown or inactive point, or a locker that went on
// holiday after checkout, needs attention.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import type { ShopifyAddress } from "../mapping/shopify-order.ts";
import { APP_URL, KEYS, useHarness } from "../test-support/harness.ts";
import { sampleShopifyOrder } from "../testing/orders.ts";
import { rateCallbackRequest } from "../testing/signed-requests.ts";
import type { ShopifyRate } from "./rate-request.ts";

const harness = useHarness();
const SAMPLE_ADDRESS = sampleShopifyOrder().shipping_address as ShopifyAddress;
const SHOP = "rates-shop.myshopify.com";
const BACKUP = [{ name: "Kurier (stawka zapasowa)", price: 19.99 }];
let app: ShopifyApp;
let other: ShopifyApp;

beforeAll(async () => {
  [app, other] = await Promise.all([
    harness.app({ rateDeadlineMs: 1500 }),
    harness.app({ rateDeadlineMs: 1500 }),
  ]);
  await harness.ready(app, SHOP, {
    services: ["inpost", "dpd"],
    pointServices: ["inpost"],
    ratesEnabled: true,
    backupRates: BACKUP,
  });
}, 60_000);
afterEach(async () => {
  await harness.sandbox.control("/faults", undefined, "DELETE");
});

/** Shopify's documented rate request for a cart going to `postcode`. */
function rate(postcode: string, city = "Gdańsk") {
  return {
    origin: {
      country: "PL",
      postal_code: "00-624",
      province: null,
      city: "Warszawa",
      name: null,
      address1: "ul. Marszałkowska 1",
      address2: null,
      address3: null,
      phone: null,
      fax: null,
      email: null,
      address_type: null,
      company_name: "Sklep",
    },
    destination: {
      country: "PL",
      postal_code: postcode,
      province: null,
      city,
      name: "Anna Nowak",
      address1: "ul. Długa 5",
      address2: "",
      address3: null,
      phone: "+48601234567",
      fax: null,
      email: null,
      address_type: null,
      company_name: null,
    },
    items: [
      {
        name: "Mug",
        sku: "MUG-1",
        quantity: 3,
        grams: 400,
        price: 3990,
        vendor: "Sklep",
        requires_shipping: true,
        taxable: true,
        fulfillment_service: "manual",
        properties: null,
        product_id: 1,
        variant_id: 11,
      },
      {
        name: "Gift card",
        sku: "GIFT",
        quantity: 1,
        grams: 0,
        price: 5000,
        vendor: "Sklep",
        requires_shipping: false,
        taxable: false,
        fulfillment_service: "manual",
        properties: null,
        product_id: 2,
        variant_id: 21,
      },
    ],
    currency: "PLN",
    locale: "pl",
  };
}

async function ask(target: ShopifyApp, body: unknown, signWith?: string, shop = SHOP) {
  const response = await target(
    rateCallbackRequest({
      url: `${APP_URL}/rates`,
      apiSecretKey: KEYS.apiSecretKey,
      shop,
      rate: body,
      ...(signWith ? { signWith } : {}),
    }),
  );
  return {
    status: response.status,
    body:
      response.status === 200 ? ((await response.json()) as { rates: ShopifyRate[] }) : undefined,
  };
}

describe("the rate callback", () => {
  it("answers courier rates in subunits and the nearest lockers with stable codes", async () => {
    const { status, body } = await ask(app, rate("80-831"));
    expect(status).toBe(200);
    const rates = body?.rates ?? [];
    const couriers = rates.filter((r) => !r.service_code.includes(":point:"));
    expect(couriers.map((r) => r.service_code)).toEqual(["shipbridge:inpost", "shipbridge:dpd"]);
    for (const r of rates) {
      expect(r.total_price).toMatch(/^[1-9]\d*$/);
      expect(r.currency).toBe("PLN");
    }
    const lockers = rates.filter((r) => r.service_code.startsWith("shipbridge:inpost:point:"));
    expect(lockers.length).toBeGreaterThan(0);
    expect(lockers.length).toBeLessThanOrEqual(3);
    // The same cart at another instance (its own cache) gets the same codes.
    const again = await ask(other, rate("80-831"));
    expect(again.body?.rates.map((r) => r.service_code)).toEqual(rates.map((r) => r.service_code));
  });

  it("names its rates in the checkout's locale: Kurier InPost in Polish, InPost courier in English", async () => {
    const named = async (locale: string | null) => {
      const { body } = await ask(app, { ...rate("80-831"), locale });
      return body?.rates ?? [];
    };
    const polish = await named("pl");
    const english = await named("en");
    // The same rates (codes and prices), each named in its checkout's language.
    expect(english.map((r) => [r.service_code, r.total_price])).toEqual(
      polish.map((r) => [r.service_code, r.total_price]),
    );
    const courier = (rates: ShopifyRate[], code: string) =>
      rates.find((r) => r.service_code === code)?.service_name;
    expect(courier(polish, "shipbridge:inpost")).toBe("Kurier InPost");
    expect(courier(polish, "shipbridge:dpd")).toBe("Kurier DPD");
    expect(courier(english, "shipbridge:inpost")).toBe("InPost courier");
    expect(courier(english, "shipbridge:dpd")).toBe("DPD courier");
    // Shopify's regional locales too; none at all is the shop's language (Polish here).
    expect(courier(await named("en-GB"), "shipbridge:dpd")).toBe("DPD courier");
    expect(courier(await named(null), "shipbridge:dpd")).toBe("Kurier DPD");
    // A locker: its kind, code and distance in the language, its address as the description.
    const lockerPl = polish.find((r) => r.service_code.includes(":point:"));
    const code = lockerPl?.service_code.split(":").at(-1) ?? "";
    const lockerEn = english.find((r) => r.service_code === lockerPl?.service_code);
    expect(lockerPl?.service_name).toMatch(
      new RegExp(`^Paczkomat InPost ${code} \\(\\d+,\\d km\\)$`),
    );
    expect(lockerEn?.service_name).toMatch(
      new RegExp(`^InPost locker ${code} \\(\\d+\\.\\d km\\)$`),
    );
    const point = (
      await (
        await harness.serviceClient()
      ).points.map({
        location: { address: { postcode: "80-831", city: "Gdańsk", country_code: "PL" } },
        filters: { services: ["inpost"] },
        limit: 50,
      })
    ).points.find((candidate) => candidate.code === code);
    expect(point?.address?.street).toBeTruthy();
    expect(lockerPl?.description).toBe(
      `${point?.address?.street}, ${point?.address?.postcode} ${point?.address?.city}`,
    );
    expect(lockerEn?.description).toBe(lockerPl?.description);
  });

  it("offers no courier rate to an address a courier cannot find; lockers follow their own rules", async () => {
    const codes = async (body: unknown) =>
      ((await ask(app, body)).body?.rates ?? []).map((r) => r.service_code);
    const isCourier = (code: string) => !code.includes(":point:");
    // The same postcode and city first with a house number (quotes now cached), then without one:
    // no courier rate, but the lockers near it (a locker needs no house number).
    expect((await codes(rate("80-831"))).filter(isCourier)).toEqual([
      "shipbridge:inpost",
      "shipbridge:dpd",
    ]);
    const noNumber = rate("80-831");
    const withoutHouse = await codes({
      ...noNumber,
      destination: { ...noNumber.destination, address1: "ul. Długa" },
    });
    expect(withoutHouse.filter(isCourier)).toEqual([]);
    expect(withoutHouse.length).toBeGreaterThan(0);
    // A postcode that is not of the country's form: no rate at all, not even a backup one.
    for (const postcode of ["ABC", "12345-6"]) {
      expect(await codes(rate(postcode))).toEqual([]);
    }
    // Shopify's cart estimate (no street yet) still gets its prices.
    const estimate = rate("80-831");
    const estimated = await codes({
      ...estimate,
      destination: { ...estimate.destination, address1: null, address2: null },
    });
    expect(estimated.filter(isCourier)).toEqual(["shipbridge:inpost", "shipbridge:dpd"]);
  });

  it("quotes a postcode typed the common way (80831) as its written form (80-831)", async () => {
    const { body } = await ask(app, rate("80831"));
    const rates = body?.rates ?? [];
    expect(
      rates.filter((r) => !r.service_code.includes(":point:")).map((r) => r.service_code),
    ).toEqual(["shipbridge:inpost", "shipbridge:dpd"]);
    expect(rates.some((r) => r.service_code.startsWith("shipbridge:inpost:point:"))).toBe(true);
  });

  it("answers the backup rates, not none, to a country without postcodes", async () => {
    const hongKong = rate("");
    const { body } = await ask(app, {
      ...hongKong,
      destination: { ...hongKong.destination, country: "HK", postal_code: null, city: "Hong Kong" },
    });
    expect(body?.rates.map((r) => r.service_code)).toEqual(["shipbridge-backup-1"]);
  });

  it("refuses a forged HMAC with 401", async () => {
    const { status } = await ask(app, rate("80-831"), "forged-secret");
    expect(status).toBe(401);
  });

  it("answers the backup rates when the service fails", async () => {
    await harness.sandbox.control("/faults", {
      status: 500,
      rate: 1,
      path: "/packages/calculate-price",
    });
    const { status, body } = await ask(app, rate("30-001", "Kraków"));
    expect(status).toBe(200);
    expect(body?.rates).toEqual([
      {
        service_name: BACKUP[0]?.name,
        service_code: "shipbridge-backup-1",
        total_price: "1999",
        currency: "PLN",
      },
    ]);
  });

  it("answers the backup rates, not a hang, when the service is slower than the deadline", async () => {
    await harness.sandbox.control("/faults", { latency_ms: 8000, rate: 1, path: "/points/map" });
    const { status, body } = await ask(app, rate("60-001", "Poznań"));
    expect(status).toBe(200);
    expect(body?.rates.map((r) => r.service_code)).toEqual(["shipbridge-backup-1"]);
  });

  it("never labels the service's PLN prices with another checkout currency", async () => {
    // A cart in euros: the service prices in złoty, so its quotes cannot be offered as euros.
    const { status, body } = await ask(app, { ...rate("80-831"), currency: "EUR" });
    expect(status).toBe(200);
    expect(body?.rates).toEqual([
      {
        service_name: BACKUP[0]?.name,
        service_code: "shipbridge-backup-1",
        total_price: "1999",
        currency: "EUR",
      },
    ]);
  });

  it("never answers one shop's checkout with another shop's cached quotes", async () => {
    // Another shop on the same app, with the same carriers: its own account's prices.
    const SECOND = "rates-second.myshopify.com";
    const secondBackup = [{ name: "Kurier (inny sklep)", price: 24.99 }];
    await harness.ready(app, SECOND, {
      services: ["inpost", "dpd"],
      pointServices: ["inpost"],
      ratesEnabled: true,
      backupRates: secondBackup,
    });
    const first = await ask(app, rate("90-001", "Łódź"));
    expect(first.body?.rates[0]?.service_code).toBe("shipbridge:inpost");
    // The service fails now: the second shop's quote cannot come from the first's.
    await harness.sandbox.control("/faults", {
      status: 500,
      rate: 1,
      path: "/packages/calculate-price",
    });
    const second = await ask(app, rate("90-001", "Łódź"), undefined, SECOND);
    expect(second.body?.rates).toEqual([
      {
        service_name: "Kurier (inny sklep)",
        service_code: "shipbridge-backup-1",
        total_price: "2499",
        currency: "PLN",
      },
    ]);
  });

  it("answers 200, not a 5xx, to a signed request it cannot read", async () => {
    for (const body of [
      { items: [], currency: "PLN" },
      { ...rate("80-831"), destination: null },
      { ...rate("80-831"), items: [null] },
    ]) {
      const { status, body: answer } = await ask(app, body);
      expect(status).toBe(200);
      // The shop's settings were read: its backup rates, not a 5xx or nothing.
      expect(answer?.rates.map((r) => r.service_code)).toEqual(["shipbridge-backup-1"]);
    }
  });

  it("answers in time, not a hang, when the app's database does not answer", async () => {
    const quick = await harness.app({ rateDeadlineMs: 300 });
    // Another session holds the settings table: every read of it waits.
    const db = await harness.pool.connect();
    try {
      await db.query("BEGIN");
      await db.query("LOCK TABLE shipbridge_shopify_settings IN ACCESS EXCLUSIVE MODE");
      // Answered while the lock is still held (a hang would time the test out).
      const { status, body } = await ask(quick, rate("40-001", "Katowice"));
      expect(status).toBe(200);
      expect(body?.rates).toEqual([]);
    } finally {
      await db.query("ROLLBACK");
      db.release();
    }
  }, 20_000);

  it("ships an order placed with a locker rate to that locker", async () => {
    const { body } = await ask(app, rate("80-831"));
    const locker = body?.rates.find((r) => r.service_code.includes(":point:"));
    expect(locker).toBeDefined();
    const order = sampleShopifyOrder({
      id: 8101,
      admin_graphql_api_id: "gid://shopify/Order/8101",
      shipping_lines: [
        {
          title: locker?.service_name ?? "",
          code: locker?.service_code ?? "",
          source: "shipbridge",
        },
      ],
    });
    harness.fake.addOrder(SHOP, order);
    const delivered = await harness.deliver(app, SHOP, "orders/paid", order);
    expect(delivered.status).toBe(200);
    const row = await harness.settled(SHOP, "8101", ["fulfilled", "needs_attention"], 300);
    expect(row?.issues).toEqual([]);
    expect(row?.status).toBe("fulfilled");
    const pointCode = locker?.service_code.split(":").at(-1) ?? "";
    const shipped = await (await harness.serviceClient()).packages.get(row?.packageId as number);
    expect(shipped.service).toBe("inpost");
    expect(JSON.stringify(shipped)).toContain(`"${pointCode}"`);
  });

  it("sends an order whose locker no longer exists to needs attention, not to another address", async () => {
    const order = sampleShopifyOrder({
      id: 8102,
      admin_graphql_api_id: "gid://shopify/Order/8102",
      shipping_lines: [
        { title: "InPost ZZZ99M", code: "shipbridge:inpost:point:ZZZ99M", source: "shipbridge" },
      ],
    });
    harness.fake.addOrder(SHOP, order);
    const delivered = await harness.deliver(app, SHOP, "orders/paid", order);
    expect(delivered.status).toBe(200);
    const row = await harness.settled(SHOP, "8102", ["fulfilled", "needs_attention"], 150);
    expect(row?.status).toBe("needs_attention");
    expect(row?.issues).toEqual([
      expect.objectContaining({ path: "order.pickup_point.code", rule: "point_unavailable" }),
    ]);
    expect((await harness.ledger(SHOP, "8102")).packageIds).toEqual([]);
    expect((await harness.ledger(SHOP, "8102")).charges).toBe(0);
  });

  it("never ships to a locker that went on holiday after checkout; it needs attention", async () => {
    // The customer picks a locker offered at checkout.
    const { body } = await ask(app, rate("80-831"));
    const locker = body?.rates.find((r) => r.service_code.startsWith("shipbridge:inpost:point:"));
    if (!locker) throw new Error("no locker rate offered");
    const pointCode = locker.service_code.split(":").at(-1) ?? "";
    // Before the order is shipped, the locker goes on holiday at the service.
    await harness.sandbox.control(`/points/${pointCode}`, { holiday: true });
    try {
      const order = harness.order(SHOP, 8104, {
        shipping_lines: [
          { title: locker.service_name, code: locker.service_code, source: "shipbridge" },
        ],
      });
      expect((await harness.deliver(app, SHOP, "orders/paid", order)).status).toBe(200);
      const row = await harness.settled(SHOP, "8104", ["fulfilled", "needs_attention"], 300);
      expect(row.status).toBe("needs_attention");
      expect(row.issues).toEqual([
        {
          path: "order.pickup_point.code",
          rule: "point_unavailable",
          message: `Punkt ${pointCode} jest zamknięty na czas przerwy świątecznej; wybierz inny.`,
        },
      ]);
      const [listed] = (await app.merchant(SHOP).orders({ language: "en" })).filter(
        (o) => o.orderId === "8104",
      );
      expect(listed?.problems).toEqual([
        {
          path: "order.pickup_point.code",
          rule: "point_unavailable",
          message: `Point ${pointCode} is closed for a holiday; choose another.`,
        },
      ]);
      // Nothing was made or paid at the service, and nothing fulfilled in Shopify.
      expect(await harness.ledger(SHOP, "8104")).toEqual({ packageIds: [], charges: 0 });
      expect(harness.fake.order(SHOP, "gid://shopify/Order/8104")?.fulfillments).toEqual([]);
      // A new checkout no longer offers it (a heavier cart: not the cached quote).
      const heavier = rate("80-831");
      heavier.items[0] = { ...heavier.items[0], grams: 900 } as (typeof heavier.items)[0];
      const later = await ask(other, heavier);
      expect(later.body?.rates.length).toBeGreaterThan(0);
      expect(later.body?.rates.map((r) => r.service_code)).not.toContain(locker.service_code);
    } finally {
      await harness.sandbox.control(`/points/${pointCode}`, { holiday: false });
    }
  });

  it("sends an order whose point the service lists as inactive to needs attention", async () => {
    // A point of the sandbox's catalogue that is out of service.
    const service = await harness.serviceClient();
    let closed:
      | { code: string; address?: { city?: string | null; postcode?: string | null } | null }
      | undefined;
    for (const city of ["Kraków", "Warszawa", "Gdańsk", "Wrocław", "Poznań", "Łódź"]) {
      const { points } = await service.points.map({
        location: { address: { city, country_code: "PL" } },
        filters: { services: ["inpost"] },
        limit: 200,
      });
      closed = points.find((point) => point.active === false);
      if (closed) break;
    }
    if (!closed) throw new Error("the sandbox lists no inactive InPost point");
    const order = harness.order(SHOP, 8103, {
      shipping_address: {
        ...SAMPLE_ADDRESS,
        city: closed.address?.city ?? "Kraków",
        zip: closed.address?.postcode ?? "30-001",
      },
      shipping_lines: [
        {
          title: `InPost ${closed.code}`,
          code: `shipbridge:inpost:point:${closed.code}`,
          source: "shipbridge",
        },
      ],
    });
    expect((await harness.deliver(app, SHOP, "orders/paid", order)).status).toBe(200);
    const row = await harness.settled(SHOP, "8103", ["fulfilled", "needs_attention"]);
    expect(row.status).toBe("needs_attention");
    expect(row.issues).toEqual([
      {
        path: "order.pickup_point.code",
        rule: "point_unavailable",
        message: `Punkt ${closed.code} jest nieczynny; wybierz inny.`,
      },
    ]);
    expect(await harness.ledger(SHOP, "8103")).toEqual({ packageIds: [], charges: 0 });
  });
});
