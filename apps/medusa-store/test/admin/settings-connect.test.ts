// Connecting the shipping account from the settings page, in headless
// Chromium, with the authorization-code grant: the page shows "not
// connected", its Connect button sends the browser through the service's own
// login and consent pages (the sandbox's), and back on the page the account
// is connected and the tracking webhook points at the store.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpenAdmin, openAdmin } from "./admin-browser.ts";

const APP = { client_id: "settings-page-app", client_secret: "settings-page-secret-0001" };

let admin: OpenAdmin;

describe("connecting the account from the settings page", () => {
  beforeAll(async () => {
    admin = await openAdmin({
      env: {
        SHIPBRIDGE_GRANT: "authorization_code",
        SHIPBRIDGE_CLIENT_ID: APP.client_id,
        SHIPBRIDGE_CLIENT_SECRET: APP.client_secret,
      },
    });
    // The application as the service's management tool registers it, with
    // the store's callback (known once the store runs).
    const registered = await fetch(`${admin.sandbox.baseUrl}/_sandbox/applications`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        ...APP,
        redirect_uri: `${admin.baseUrl}/hooks/shipbridge/connect/callback`,
        name: "Medusa store",
      }),
    });
    expect(registered.ok).toBe(true);
  });

  afterAll(async () => {
    await admin?.close();
  });

  it("connects through the service's pages and comes back connected", async () => {
    const { page, adminUrl } = admin;
    await page.goto(`${adminUrl}/settings/shipbridge`);
    await page.locator("[data-shipbridge-account='not_connected']").waitFor();
    const connect = page.locator("[data-shipbridge-action='connect']");
    expect(await connect.textContent()).toBe("Connect the account");
    await connect.click();

    // The service's own pages.
    await page.waitForURL((url) => url.pathname.startsWith("/oauth/authorize"));
    expect(new URL(page.url()).origin).toBe(new URL(admin.sandbox.baseUrl).origin);
    await page.locator("#username").fill("demo@shipbridge.dev");
    await page.locator("#password").fill("demo-password");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByRole("button", { name: "Allow" }).click();

    // Back on the settings page, connected; the webhook was taken over.
    await page.waitForURL((url) => url.pathname === "/app/settings/shipbridge");
    await page.locator("[data-shipbridge-account='connected']").waitFor();
    expect(await page.locator("[data-shipbridge-action='connect']").textContent()).toBe(
      "Reconnect the account",
    );
    await page.locator("[data-shipbridge-webhook='registered']").waitFor();
    const { body } = await admin.adminApi<{ state: string }>("/admin/shipbridge/connection");
    expect(body.state).toBe("connected");
  });
});
