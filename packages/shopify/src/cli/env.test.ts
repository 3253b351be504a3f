import { describe, expect, it } from "vitest";
import { BinConfigError, DEFAULT_SHIPPING_BASE_URL, readBinConfig } from "./env.ts";

const ENV = {
  SHOPIFY_API_KEY: "key",
  SHOPIFY_API_SECRET: "very-secret-value",
  SHOPIFY_APP_URL: "https://ship.example.com",
  SHIPPING_CLIENT_ID: "client",
  SHIPPING_CLIENT_SECRET: "another-secret-value",
};

describe("readBinConfig", () => {
  it("reads the app's configuration with defaults", () => {
    const config = readBinConfig(ENV);
    expect(config).toEqual({
      app: {
        apiKey: "key",
        apiSecretKey: "very-secret-value",
        appUrl: "https://ship.example.com",
        isEmbeddedApp: false,
        shipping: {
          baseUrl: DEFAULT_SHIPPING_BASE_URL,
          clientId: "client",
          clientSecret: "another-secret-value",
        },
      },
      databaseUrl: undefined,
      dataDir: ".shipbridge-shopify-data",
      databasePort: 54329,
      port: 8080,
      host: "0.0.0.0",
    });
    expect(
      readBinConfig({
        ...ENV,
        SHOPIFY_EMBEDDED: "true",
        DATABASE_URL: "postgres://x/y",
        PORT: "3000",
      }),
    ).toMatchObject({
      app: { isEmbeddedApp: true },
      databaseUrl: "postgres://x/y",
      port: 3000,
    });
  });

  it("names every missing or malformed variable at once, never a secret's value", () => {
    let caught: unknown;
    try {
      readBinConfig({
        SHOPIFY_API_SECRET: "very-secret-value",
        SHOPIFY_APP_URL: "ftp://x",
        PORT: "http",
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(BinConfigError);
    const error = caught as BinConfigError;
    expect(error.variables).toEqual([
      "SHOPIFY_API_KEY",
      "SHOPIFY_APP_URL",
      "SHIPPING_CLIENT_ID",
      "SHIPPING_CLIENT_SECRET",
      "PORT",
    ]);
    expect(error.message).not.toContain("very-secret-value");
  });
});
