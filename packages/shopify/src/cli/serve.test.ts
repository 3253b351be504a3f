// The bin's server over real HTTP on a real PostgreSQL: it answers its
// health check and refuses an unsigned webhook.
import { usePostgres } from "@shipbridge/tooling/embedded-postgres";
import { describe, expect, it } from "vitest";
import { waitForOtherClientsToLeave } from "../test-support/wait-for-clients.ts";
import { serveFromEnv } from "./serve.ts";

const postgres = usePostgres();

describe("serveFromEnv", () => {
  it("serves the app from environment variables", async () => {
    const running = await serveFromEnv({
      SHOPIFY_API_KEY: "key",
      SHOPIFY_API_SECRET: "secret",
      SHOPIFY_APP_URL: "https://ship.example.com",
      SHIPBRIDGE_CLIENT_ID: "client",
      SHIPBRIDGE_CLIENT_SECRET: "client-secret",
      SHIPBRIDGE_BASE_URL: "http://127.0.0.1:9",
      DATABASE_URL: postgres.connectionString,
      PORT: "0",
      HOST: "127.0.0.1",
    });
    try {
      expect(await (await fetch(`${running.url}/health`)).text()).toBe("ok");
      const unsigned = await fetch(`${running.url}/webhooks`, {
        method: "POST",
        body: "{}",
        headers: {
          "content-type": "application/json",
          "x-shopify-topic": "orders/paid",
          "x-shopify-shop-domain": "a.myshopify.com",
          "x-shopify-api-version": "2026-10",
          "x-shopify-webhook-id": "w1",
          "x-shopify-hmac-sha256": "AAAA",
        },
      });
      expect(unsigned.status).toBe(401);
    } finally {
      await running.close();
      await waitForOtherClientsToLeave(postgres.connectionString);
    }
  });
});
