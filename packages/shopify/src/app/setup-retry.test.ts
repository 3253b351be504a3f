// Setup that fails (the database is not there yet when the first request
// comes) is tried again by the next request, instead of leaving the app
// answering 500 until it is restarted.
import { describe, expect, it } from "vitest";
import { APP_URL, KEYS, useHarness } from "../test-support/harness.ts";
import { createShopifyApp } from "./create-shopify-app.ts";

const harness = useHarness();

describe("setup", () => {
  it("is tried again after it failed, once the database is there", async () => {
    const databaseUrl = harness.databaseUrl.replace(/\/postgres$/, "/shipbridge_late");
    const app = createShopifyApp({
      ...KEYS,
      appUrl: APP_URL,
      databaseUrl,
      runWorkers: false,
      shipping: { baseUrl: harness.sandbox.baseUrl, clientId: "x", clientSecret: "y" },
    });
    try {
      await expect(app.ready()).rejects.toThrow(/shipbridge_late/);
      // Webhooks cannot be stored yet: Shopify is told to deliver again later.
      const early = await app(new Request(`${APP_URL}/webhooks`, { method: "POST", body: "{}" }));
      expect(early.status).toBeGreaterThanOrEqual(500);

      await harness.pool.query("CREATE DATABASE shipbridge_late");
      await app.ready();
      const tables = await harness.pool.query(
        "SELECT 1 FROM pg_database WHERE datname = 'shipbridge_late'",
      );
      expect(tables.rowCount).toBe(1);
      // Now a delivery is checked (this one is unsigned: 401), not failed for want of setup.
      const later = await app(new Request(`${APP_URL}/webhooks`, { method: "POST", body: "{}" }));
      expect(later.status).toBe(401);
    } finally {
      await app.close();
      await harness.pool.query("DROP DATABASE IF EXISTS shipbridge_late WITH (FORCE)");
    }
  }, 60_000);
});
