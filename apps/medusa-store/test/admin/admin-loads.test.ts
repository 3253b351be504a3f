// The store's built admin loads in a browser: `/app` serves Medusa's
// dashboard (resolved in the pnpm layout), the admin logs in over plain http
// and stays logged in across a reload (the session cookie is set), and the
// plugin's admin extensions are part of the bundle.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpenAdmin, openAdmin } from "./admin-browser.ts";

let admin: OpenAdmin;

describe("the store's admin in a browser", () => {
  beforeAll(async () => {
    admin = await openAdmin();
  });

  afterAll(async () => {
    await admin?.close();
  });

  it("serves the dashboard at /app and logs the admin in over http", async () => {
    const { page } = admin;
    expect(new URL(page.url()).pathname).toMatch(/^\/app\/orders/);
    await page.getByRole("heading", { name: "Orders" }).first().waitFor();
    // The session is a cookie: a reload keeps the admin logged in.
    await page.reload();
    await page.getByRole("heading", { name: "Orders" }).first().waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/app\/orders/);
    const cookies = await admin.context.cookies(admin.baseUrl);
    expect(cookies.map((cookie) => cookie.name)).toContain("connect.sid");
  });

  it("bundles the plugin's admin extensions", async () => {
    const html = await fetch(`${admin.adminUrl}/`).then((response) => response.text());
    const scripts = [...html.matchAll(/src="([^"]+\.js)"/g)].map((match) => match[1] ?? "");
    expect(scripts.length).toBeGreaterThan(0);
    const bundles = await Promise.all(
      scripts.map((src) => fetch(new URL(src, admin.baseUrl)).then((response) => response.text())),
    );
    expect(bundles.join("\n")).toContain("Furgonetka shipments");
  });
});
