// The plugin's settings page in the built admin, in headless Chromium: listed
// under Settings; the account's state and the tracking webhook's, taken back
// from another tool's address with a click; the sender refused field by
// field (each message beside its field) and then saved, normalized, with a
// carrier added and cash on delivery's account, which the provider then
// offers; and the same page in Polish at a phone's width, its refusal in
// Polish.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpenAdmin, openAdmin } from "./admin-browser.ts";

let admin: OpenAdmin;
const IBAN = "PL61109010140000071219812874";

interface SettingsAnswer {
  saved: { sender?: Record<string, string>; services?: { service: string }[] };
  settings: { cod: { iban: string } | null };
}

/** Points the demo account's tracking pushes at another address, through the sandbox's API. */
async function webhookElsewhere(url: string): Promise<void> {
  const sandbox = admin.sandbox.baseUrl;
  const token = (await fetch(`${sandbox}/oauth/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from("demo-client:demo-secret").toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=password&username=demo%40shipbridge.dev&password=demo-password",
  }).then((response) => response.json())) as { access_token: string };
  const response = await fetch(`${sandbox}/account/tracking-webhook`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token.access_token}`, "content-type": "application/json" },
    body: JSON.stringify({ url, secret: "another-tool-secret-0001" }),
  });
  expect(response.ok).toBe(true);
}

describe("the plugin's settings page", () => {
  beforeAll(async () => {
    admin = await openAdmin();
  });

  afterAll(async () => {
    await admin?.close();
  });

  it("shows the account, registers the webhook, refuses and saves the settings", async () => {
    const { page, adminUrl } = admin;
    await page.goto(`${adminUrl}/settings`);
    const entry = page.getByRole("link", { name: "Furgonetka" });
    await entry.first().waitFor();
    await entry.first().click();
    await page.waitForURL((url) => url.pathname === "/app/settings/shipbridge");
    await page.getByRole("heading", { name: "Furgonetka shipping" }).waitFor();

    // The account (the password grant), and its tracking pushes sent to
    // another tool's address (as another app of the merchant's may do).
    await page.locator("[data-shipbridge-account='connected']").waitFor();
    await page.getByText("Signs in with the credentials in medusa-config.ts.").waitFor();
    await webhookElsewhere("https://other-tool.example.com/hooks");
    await page.reload();
    await page.locator("[data-shipbridge-webhook='elsewhere']").waitFor();
    await page.getByText("https://other-tool.example.com/hooks").waitFor();
    await page.locator("[data-shipbridge-action='register-webhook']").click();
    await page.locator("[data-shipbridge-webhook='registered']").waitFor();
    await page.getByText(`${admin.baseUrl}/hooks/shipbridge/tracking`).waitFor();

    // medusa-config.ts's sender, then a bad postcode and phone: each refused beside its field.
    const postcode = page.locator("#shipbridge-sender-postcode");
    expect(await postcode.inputValue()).toBe("00-624");
    expect(await page.locator("#shipbridge-sender-name").inputValue()).toBe("Sklep Kowalski");
    await postcode.fill("ABC");
    await page.locator("#shipbridge-sender-phone").fill("12");
    await page.locator("[data-shipbridge-action='save']").click();
    await page.locator("[data-shipbridge-status='refused']").waitFor();
    const postcodeError = page.locator("[data-shipbridge-error='sender.postcode']");
    await postcodeError.waitFor();
    expect(await postcodeError.textContent()).toContain("NN-NNN");
    await page.locator("[data-shipbridge-error='sender.phone']").waitFor();
    expect(await page.locator("[data-shipbridge-status='refused'] li").count()).toBe(2);
    expect((await admin.adminApi<SettingsAnswer>("/admin/shipbridge/settings")).body.saved).toEqual(
      {},
    );

    // Fixed, with DHL offered and cash on delivery's account: saved, normalized.
    await postcode.fill("80244");
    await page.locator("#shipbridge-sender-city").fill("Gdańsk");
    await page.locator("#shipbridge-sender-street").fill("ul. Grunwaldzka 100");
    await page.locator("#shipbridge-sender-phone").fill("+48 600 100 200");
    await page.locator("#shipbridge-carrier-dhl-offered").click();
    await page.getByLabel("dhl: Name at checkout").fill("DHL kurier");
    await page.locator("#shipbridge-cod-iban").fill("PL61 1090 1014 0000 0712 1981 2874");
    await page.locator("[data-shipbridge-action='save']").click();
    await page.locator("[data-shipbridge-status='saved']").waitFor();
    expect(await postcode.inputValue()).toBe("80-244");
    expect(await page.locator("#shipbridge-sender-phone").inputValue()).toBe("600100200");
    expect(await page.locator("#shipbridge-cod-iban").inputValue()).toBe(IBAN);

    const { body } = await admin.adminApi<SettingsAnswer>("/admin/shipbridge/settings");
    expect(body.saved.sender).toMatchObject({ city: "Gdańsk", postcode: "80-244" });
    expect(body.saved.services?.map((s) => s.service)).toEqual(["inpost", "dpd", "dhl"]);
    expect(body.settings.cod).toEqual({ iban: IBAN });
    const options = await admin.adminApi<{ fulfillment_options: { id: string; name: string }[] }>(
      "/admin/fulfillment-providers/shipbridge_shipbridge/options",
    );
    expect(options.body.fulfillment_options).toContainEqual(
      expect.objectContaining({ id: "dhl", name: "DHL kurier" }),
    );

    // After a reload the page shows what was saved.
    await page.reload();
    await page.locator("[data-shipbridge-carrier='dhl']").waitFor();
    expect(await page.locator("#shipbridge-sender-city").inputValue()).toBe("Gdańsk");
    expect(await page.locator("#shipbridge-carrier-dhl-offered").getAttribute("data-state")).toBe(
      "checked",
    );
  });

  it("speaks Polish at a phone's width", async () => {
    const { page, adminUrl } = admin;
    await page.setViewportSize({ width: 390, height: 844 });
    // The admin's language as the dashboard keeps it (its profile's choice).
    await admin.context.addCookies([{ name: "lng", value: "pl", url: admin.baseUrl }]);
    await page.evaluate(() => localStorage.setItem("lng", "pl"));
    await page.goto(`${adminUrl}/settings/shipbridge`);
    await page.getByRole("heading", { name: "Wysyłka Furgonetka" }).waitFor();
    await page.locator("[data-shipbridge-webhook='registered']").waitFor();
    await page.getByText("Wysyłane do tego sklepu").waitFor();

    const iban = page.locator("#shipbridge-cod-iban");
    await iban.fill("PL00 1234");
    const save = page.locator("[data-shipbridge-action='save']");
    await save.scrollIntoViewIfNeeded();
    expect(await save.textContent()).toBe("Zapisz");
    await save.click();
    const error = page.locator("[data-shipbridge-error='cod.iban']");
    await error.waitFor();
    expect(await error.textContent()).toContain("To nie jest poprawny numer IBAN");
    await page.getByText("Ustawień nie zapisano:").waitFor();

    // Nothing of the page is wider than the phone.
    const widths = await page.locator("[data-shipbridge='settings']").evaluate((element) => ({
      scroll: element.scrollWidth,
      client: element.clientWidth,
      right: element.getBoundingClientRect().right,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    expect(widths.right).toBeLessThanOrEqual(390);
    const box = await save.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  });
});
