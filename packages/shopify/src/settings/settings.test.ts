// The settings pages end to end, as a browser without JavaScript uses them:
// plain GETs and form POSTs with the session cookie from the install.
import type pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import { loadSettings, setConnection } from "../store/settings.ts";
import { APP_URL, FULL_SCOPES, useHarness } from "../test-support/harness.ts";

const harness = useHarness();
const SHOP = "settings-shop.myshopify.com";
let app: ShopifyApp;
let cookie: string;
let pool: pg.Pool;

beforeAll(async () => {
  app = await harness.app();
  harness.fake.addShop(SHOP, FULL_SCOPES);
  cookie = await harness.install(app, SHOP);
  await harness.connect(app, SHOP, cookie);
  pool = harness.pool;
}, 60_000);

const get = (path: string, withCookie = true) =>
  app(new Request(`${APP_URL}${path}`, { headers: withCookie ? { cookie } : {} }));
const post = (path: string, fields: [string, string][]) =>
  app(
    new Request(`${APP_URL}${path}`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    }),
  );

const FORM: [string, string][] = [
  ["sender_name", "Jan Kowalski"],
  ["sender_company", "Sklep Kowalski"],
  ["sender_street", "ul. Marszałkowska 1"],
  ["sender_postcode", "00-624"],
  ["sender_city", "Warszawa"],
  ["sender_country_code", "pl"],
  ["sender_phone", "501234567"],
  ["sender_email", "sklep@example.com"],
  ["parcel_width", "30"],
  ["parcel_depth", "20"],
  ["parcel_height", "10"],
  ["services", "inpost"],
  ["services", "dpd"],
  ["point_services", "inpost"],
  ["default_service", "dpd"],
  ["rates_enabled", "on"],
  ["backup_name", "Kurier"],
  ["backup_price", "19,99"],
  ["cod_iban", "PL61 1090 1014 0000 0712 1981 2874"],
  ["ship_on", "orders/paid"],
  ["notify_customer", "on"],
  ["language", "pl_PL"],
  ["label_format", "zpl"],
];

/** Waits (polling the database) until the order's shipment reaches one of `statuses`. */
const settled = (orderId: string, statuses: string[]) => harness.settled(SHOP, orderId, statuses);

describe("the settings pages", () => {
  it("refuses a visitor who is not the shop's merchant", async () => {
    expect((await get(`/settings?shop=${SHOP}`, false)).status).toBe(401);
    const anonymous = await app(
      new Request(`${APP_URL}/settings?shop=${SHOP}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "sender_name=Mallory",
      }),
    );
    expect(anonymous.status).toBe(401);
    // A retry for an order the app never received is refused, not guessed.
    expect((await post("/settings/retry", [["order_id", "404404"]])).status).toBe(404);
  });

  it("list an order that cannot ship yet, with the field to fix and a retry button", async () => {
    const order = harness.order(SHOP, 6001);
    const delivered = await harness.deliver(app, SHOP, "orders/paid", order);
    expect(delivered.status).toBe(200);
    const row = await settled("6001", ["needs_attention"]);
    expect(row.issues.map((issue) => issue.path)).toEqual(["settings.sender"]);
    const page = await (await get(`/settings?shop=${SHOP}`)).text();
    expect(page).toContain("Konto wysyłkowe: połączone.");
    expect(page).toContain("<code>settings.sender</code>");
    expect(page).toMatch(
      /<form method="post" action="\/settings\/retry[^"]*">.*name="order_id" value="6001"/s,
    );
  });

  it("refuses an incomplete sender, naming the field in the shop's language, and saves nothing", async () => {
    const response = await post(
      "/settings",
      FORM.filter(([name]) => name !== "sender_postcode"),
    );
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain('<html lang="pl">');
    expect(page).toContain("sender_postcode: To pole jest wymagane.");
    expect(page).not.toContain("This field is required.");
    expect((await loadSettings(pool, SHOP)).settings.sender).toBeUndefined();
  });

  it("saves the form and registers the checkout rate callback once", async () => {
    const response = await post("/settings", FORM);
    expect(response.status).toBe(303);
    const { settings } = await loadSettings(pool, SHOP);
    expect(settings).toMatchObject({
      sender: {
        name: "Jan Kowalski",
        postcode: "00-624",
        country_code: "PL",
        company: "Sklep Kowalski",
      },
      parcel: { width: 30, depth: 20, height: 10 },
      services: ["inpost", "dpd"],
      pointServices: ["inpost"],
      defaultService: "dpd",
      ratesEnabled: true,
      backupRates: [{ name: "Kurier", price: 19.99 }],
      codIban: "PL61109010140000071219812874",
      shipOn: "orders/paid",
      notifyCustomer: true,
      labelFormat: "zpl",
    });
    expect(await (await get(`/settings?shop=${SHOP}`)).text()).toMatch(
      /<input type="radio" name="label_format" value="zpl" checked \/>/,
    );
    expect(harness.fake.carrierServices(SHOP)).toEqual([
      expect.objectContaining({
        name: "Shipbridge",
        callbackUrl: `${APP_URL}/rates`,
        active: true,
      }),
    ]);
    // Saving again with rates still on registers nothing new.
    expect((await post("/settings", FORM)).status).toBe(303);
    expect(harness.fake.carrierServices(SHOP)).toHaveLength(1);
  });

  it("retries the order once the settings are fixed, and offers its label", async () => {
    expect((await post("/settings/retry", [["order_id", "6001"]])).status).toBe(303);
    const row = await settled("6001", ["fulfilled"]);
    expect(row.tracking?.numbers[0]).toMatch(/\S/);
    const label = await get(`/settings/label?order=6001`);
    expect(label.headers.get("content-type")).toBe("application/pdf");
    expect(new TextDecoder().decode((await label.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    expect(await (await get(`/settings?shop=${SHOP}`)).text()).toContain(
      row.tracking?.numbers[0] ?? "?",
    );
  });

  it("shows a reconnect banner when the service refused the stored tokens", async () => {
    await setConnection(pool, SHOP, "reconnect");
    const page = await (await get(`/settings?shop=${SHOP}`)).text();
    expect(page).toContain("Konto wysyłkowe trzeba połączyć ponownie.");
    expect(page).toMatch(/href="\/connect\?shop=settings-shop\.myshopify\.com"/);
  });

  it("speaks the shop's language: Polish by default, English when chosen", async () => {
    const polish = await (await get(`/settings?shop=${SHOP}`)).text();
    expect(polish).toContain('<html lang="pl">');
    expect(polish).toContain("<h1>Ustawienia wysyłki</h1>");
    expect(polish).toContain("Zamówienia wymagające uwagi");
    const saved = await post(
      "/settings",
      FORM.map(([name, value]) => [name, name === "language" ? "en_GB" : value]),
    );
    expect(saved.status).toBe(303);
    const english = await (await get(`/settings?shop=${SHOP}`)).text();
    expect(english).toContain('<html lang="en">');
    expect(english).toContain("<h1>Shipping settings</h1>");
    expect(english).toContain("The shipping account needs to be reconnected.");
    expect(english).not.toContain("Ustawienia wysyłki");
    // The form's own checks answer in the page's language too.
    const refused = await post(
      "/settings",
      FORM.map(([name, value]) => [name, name === "backup_price" ? "cheap" : value]),
    );
    expect(refused.status).toBe(400);
    const answer = await refused.text();
    expect(answer).toContain("backup_price: Enter a number greater than zero.");
    expect(answer).not.toContain("Wpisz liczbę");
  });
});
