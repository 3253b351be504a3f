// The bin's server over real HTTP on a real PostgreSQL: it answers its
// health check and refuses an unsigned webhook.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { usePostgres } from "@shipbridge/tooling/embedded-postgres";
import { describe, expect, it } from "vitest";
import { waitForOtherClientsToLeave } from "../test-support/wait-for-clients.ts";
import { serveFromEnv } from "./serve.ts";

const APP_ENV = {
  SHOPIFY_API_KEY: "key",
  SHOPIFY_API_SECRET: "secret",
  SHOPIFY_APP_URL: "https://ship.example.com",
  SHIPBRIDGE_CLIENT_ID: "client",
  SHIPBRIDGE_CLIENT_SECRET: "client-secret",
  SHIPBRIDGE_BASE_URL: "http://127.0.0.1:9",
  HOST: "127.0.0.1",
};

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

  it("refuses a taken PORT, naming it, before it starts an embedded database", async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", () => resolve()));
    const port = (taken.address() as { port: number }).port;
    const dataDir = join(mkdtempSync(join(tmpdir(), "shipbridge-port-")), "data");
    try {
      const refused = await serveFromEnv({
        ...APP_ENV,
        PORT: String(port),
        SHIPBRIDGE_DATA_DIR: dataDir,
      }).catch((error: unknown) => error);
      expect(refused).toMatchObject({ name: "BinStartError", code: "port_in_use" });
      expect((refused as Error).message).toBe(
        `PORT: 127.0.0.1:${port} is taken by another process (EADDRINUSE); stop it, or set PORT (and HOST) to a free address`,
      );
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
      rmSync(join(dataDir, ".."), { recursive: true, force: true });
    }
  });

  it("says DATABASE_URL when its database cannot be reached, never its password", async () => {
    const said: string[] = [];
    const refused = await serveFromEnv(
      {
        ...APP_ENV,
        PORT: "0",
        DATABASE_URL: "postgres://shop:pass-word-1@127.0.0.1:1/shop",
      },
      (line) => said.push(line),
    ).catch((error: unknown) => error);
    expect(refused).toMatchObject({ name: "BinStartError", code: "database_unreachable" });
    const message = (refused as Error).message;
    expect(message).toMatch(
      /^DATABASE_URL: the database cannot be reached or refused the app \(ECONNREFUSED/,
    );
    expect(message).toContain("check DATABASE_URL");
    expect(message).not.toContain("pass-word-1");
    expect(said).toEqual([]);
  });
});
