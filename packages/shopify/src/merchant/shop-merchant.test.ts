// The merchant's console in code (app.merchant(shop)) end to end on a real
// PostgreSQL, the sandbox and FakeShopify: connecting through a signed link
// that comes back to the caller, the settings with the form's checks, the
// orders with their shipments, price and problems in either language,
// shipping by hand once however often asked, and the label.
import { beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import type { ShopifyAddress } from "../mapping/shopify-order.ts";
import { isSettingsError } from "../settings/save-settings.ts";
import { APP_URL, FULL_SCOPES, useHarness } from "../test-support/harness.ts";
import { SAMPLE_PARCEL, SAMPLE_SENDER, sampleShopifyOrder } from "../testing/orders.ts";
import type { ShopMerchant } from "./shop-merchant.ts";

const harness = useHarness();
const SAMPLE_ADDRESS = sampleShopifyOrder().shipping_address as ShopifyAddress;
const SHOP = "merchant-shop.myshopify.com";
let app: ShopifyApp;
let other: ShopifyApp;
let merchant: ShopMerchant;

beforeAll(async () => {
  [app, other] = await Promise.all([harness.app(), harness.app()]);
  harness.fake.addShop(SHOP, FULL_SCOPES);
  await harness.install(app, SHOP);
  merchant = app.merchant(SHOP);
}, 60_000);

async function refused(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isSettingsError(error)) return error.issues;
    throw error;
  }
  throw new Error("the change was accepted");
}

describe("app.merchant(shop)", () => {
  it("refuses a name that is not a shop domain", () => {
    expect(() => app.merchant("not a shop")).toThrow(/shop domain/);
  });

  it("connects the shipping account through a signed link that returns to the caller", async () => {
    expect(await merchant.connection()).toBe("not_connected");
    const url = await merchant.connectUrl({ returnTo: "http://localhost:3000/?connected=shopify" });
    expect(url.startsWith(`${APP_URL}/connect?ticket=`)).toBe(true);

    // A ticket changed by one character, or one for nothing, is refused.
    const ticket = new URL(url).searchParams.get("ticket") ?? "";
    // Its signature with one character changed.
    const last = ticket.at(-1) === "A" ? "B" : "A";
    const tampered = `${ticket.slice(0, -1)}${last}`;
    for (const bad of [tampered, "sbc1.e30.x"]) {
      const answer = await app(new Request(`${APP_URL}/connect?ticket=${encodeURIComponent(bad)}`));
      expect(answer.status).toBe(401);
    }

    const start = await app(new Request(url));
    expect(start.status).toBe(302);
    const callback = await harness.authorize(start.headers.get("location") ?? "");
    const cookie = (start.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const done = await app(new Request(callback, { headers: { cookie } }));
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("http://localhost:3000/?connected=shopify");
    expect(await merchant.connection()).toBe("connected");
    // Another instance on the same database sees the same.
    expect(await other.merchant(SHOP).connection()).toBe("connected");
  });

  it("refuses bad settings with each field's path in the shop's language, saving nothing", async () => {
    const before = await merchant.settings();
    expect(before).toMatchObject({ sender: null, shipOn: "paid", language: "pl" });
    const issues = await refused(
      merchant.updateSettings({
        sender: { ...SAMPLE_SENDER, postcode: "" },
        parcel: { width: 0, depth: 20, height: 10 },
        codIban: "not an iban",
        shipOn: "sometimes" as "paid",
      }),
    );
    expect(issues.map((issue) => [issue.path, issue.rule])).toEqual([
      ["sender.postcode", "required"],
      ["parcel.width", "positive_number"],
      ["codIban", "iban_format"],
      ["shipOn", "one_of"],
    ]);
    expect(issues[0]?.message).toBe("To pole jest wymagane.");
    expect(await merchant.settings()).toEqual(before);
    // Asked in English once the shop's language is English.
    await merchant.updateSettings({ language: "en" });
    const english = await refused(
      merchant.updateSettings({ parcel: { width: -1, depth: 1, height: 1 } }),
    );
    expect(english).toEqual([
      {
        path: "parcel.width",
        rule: "positive_number",
        message: "Enter a number greater than zero.",
      },
    ]);
    // The sender goes through the address rules of a customer's address: every problem at once.
    const badSender = { ...SAMPLE_SENDER, postcode: "ABC", street: "ul. Marszałkowska" };
    const sender = await refused(merchant.updateSettings({ sender: badSender }));
    expect(sender.map((issue) => [issue.path, issue.rule]).sort()).toEqual([
      ["sender.postcode", "postcode_invalid"],
      ["sender.street", "house_number_missing"],
    ]);
    expect(sender.find((issue) => issue.path === "sender.postcode")?.message).toMatch(/postcode/i);
    await merchant.updateSettings({ language: "pl" });
    const polish = await refused(merchant.updateSettings({ sender: badSender }));
    expect(polish.find((issue) => issue.path === "sender.postcode")?.message).toMatch(
      /kody pocztowe/i,
    );
    expect((await merchant.settings()).sender).toBeNull();
    // The common typing of a Polish postcode is saved in its form.
    await merchant.updateSettings({ sender: { ...SAMPLE_SENDER, postcode: "00624" } });
    expect((await merchant.settings()).sender?.postcode).toBe("00-624");
    await merchant.updateSettings({ language: "en" });
  });

  it("saves settings like the form, registering the rate callback when rates are turned on", async () => {
    // Shopify unreachable while registering: nothing is saved, so asking again registers.
    harness.fake.failNext("CarrierServiceCreate");
    await expect(
      merchant.updateSettings({ ratesEnabled: true, shipOn: "manual" }),
    ).rejects.toThrow();
    expect(await merchant.settings()).toMatchObject({ ratesEnabled: false, shipOn: "paid" });
    expect(harness.fake.carrierServices(SHOP)).toEqual([]);
    const saved = await merchant.updateSettings({
      sender: SAMPLE_SENDER,
      parcel: SAMPLE_PARCEL,
      codIban: "PL61 1090 1014 0000 0712 1981 2874",
      ratesEnabled: true,
      backupRate: { name: "Kurier", price: 19.99 },
      shipOn: "manual",
    });
    expect(saved).toMatchObject({
      sender: SAMPLE_SENDER,
      codIban: "PL61109010140000071219812874",
      ratesEnabled: true,
      backupRate: { name: "Kurier", price: 19.99 },
      shipOn: "manual",
      language: "en",
    });
    expect(await merchant.settings()).toEqual(saved);
    expect(harness.fake.carrierServices(SHOP)).toEqual([
      expect.objectContaining({
        name: "Shipbridge",
        callbackUrl: `${APP_URL}/rates`,
        active: true,
      }),
    ]);
    await merchant.updateSettings({ ratesEnabled: true });
    expect(harness.fake.carrierServices(SHOP)).toHaveLength(1);
  });

  it("lists orders newest first, ships one by hand once however often asked, with its price and label", async () => {
    const first = harness.order(SHOP, 9301);
    const second = harness.order(SHOP, 9302, {
      shipping_lines: [
        {
          title: "InPost Paczkomat",
          code: "shipbridge:inpost:point:KRA010",
          source: "shipbridge",
          price: "12.99",
        },
      ],
    });
    for (const order of [first, second]) {
      expect((await harness.deliver(app, SHOP, "orders/paid", order)).status).toBe(200);
      await harness.settled(SHOP, String(order.id), ["waiting"]);
    }
    const waiting = await merchant.orders();
    expect(
      waiting.map((order) => [
        order.orderId,
        order.orderName,
        order.status,
        order.service,
        order.pickupPoint,
      ]),
    ).toEqual([
      ["9302", "#9302", "waiting", "inpost", "KRA010"],
      ["9301", "#9301", "waiting", "dpd", null],
    ]);
    expect(waiting[1]).toMatchObject({ customer: "Anna Nowak", price: null, hasLabel: false });
    expect(Date.parse(waiting[1]?.createdAt ?? "")).not.toBeNaN();
    expect(await merchant.label("9301")).toBeNull();

    await Promise.all([
      merchant.ship("9301"),
      merchant.ship("9301"),
      other.merchant(SHOP).ship("9301"),
    ]);
    const row = await harness.settled(SHOP, "9301", ["fulfilled", "needs_attention"]);
    expect(row.status).toBe("fulfilled");
    const ledger = await harness.ledger(SHOP, "9301");
    expect(ledger).toEqual({ packageIds: [expect.any(Number)], charges: 1 });
    // Asked again once shipped: nothing more.
    await merchant.ship("9301");
    await new Promise((resolve) => setTimeout(resolve, harness.pollSeconds * 3000));
    expect((await harness.ledger(SHOP, "9301")).charges).toBe(1);

    const shipped = (await merchant.orders()).find((order) => order.orderId === "9301");
    const details = await (await harness.serviceClient()).packages.get(
      ledger.packageIds[0] as number,
    );
    expect(shipped).toMatchObject({
      status: "fulfilled",
      service: "dpd",
      packageId: String(ledger.packageIds[0]),
      trackingNumber: details.parcels?.[0]?.package_no,
      hasLabel: true,
      problems: [],
      price: { amount: details.pricing?.price_gross, currency: "PLN" },
    });
    expect(shipped?.price?.amount).toBeGreaterThan(0);
    expect(shipped?.trackingUrl).toMatch(/^https?:\/\//);
    const label = await merchant.label("9301");
    expect(label?.contentType).toBe("application/pdf");
    expect(new TextDecoder().decode(label?.body.slice(0, 5))).toBe("%PDF-");

    await expect(merchant.ship("404404")).rejects.toMatchObject({ code: "unknown_order" });
  });

  it("gives an order's problems in the language asked", async () => {
    await merchant.updateSettings({ shipOn: "paid" });
    const order = harness.order(SHOP, 9303, {
      shipping_address: { ...SAMPLE_ADDRESS, address1: "" },
    });
    expect((await harness.deliver(app, SHOP, "orders/paid", order)).status).toBe(200);
    await harness.settled(SHOP, "9303", ["needs_attention"]);
    const find = async (language: "pl" | "en") =>
      (await merchant.orders({ language })).find((found) => found.orderId === "9303");
    const polish = await find("pl");
    const english = await find("en");
    expect(polish?.status).toBe("needs_attention");
    expect(polish?.problems.map((issue) => issue.path)).toEqual(["order.shipping_address.street"]);
    expect(english?.problems.map((issue) => issue.path)).toEqual(["order.shipping_address.street"]);
    expect(polish?.problems[0]?.message).not.toBe(english?.problems[0]?.message);
    expect((await merchant.orders({ limit: 1 })).map((found) => found.orderId)).toEqual(["9303"]);
  });

  it("lists an order it only heard of as cancelled as cancelled, never to ship", async () => {
    const order = harness.order(SHOP, 9304, { cancelled_at: "2026-11-20T10:00:00Z" });
    expect((await harness.deliver(app, SHOP, "orders/create", order)).status).toBe(200);
    await harness.waitForInbox(SHOP, "9304");
    const listed = (await merchant.orders()).find((found) => found.orderId === "9304");
    // Shopify holds it cancelled: it is marked so (no package, no label), never shipped.
    expect(listed).toMatchObject({
      status: "cancelled",
      packageId: null,
      customer: "Anna Nowak",
      hasLabel: false,
    });
    expect((await harness.ledger(SHOP, "9304")).packageIds).toEqual([]);
  });
});
