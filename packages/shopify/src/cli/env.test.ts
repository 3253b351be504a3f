import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BinConfigError, DEFAULT_SHIPPING_BASE_URL, readBinConfig, withEnvFile } from "./env.ts";

const ENV = {
  SHOPIFY_API_KEY: "key",
  SHOPIFY_API_SECRET: "very-secret-value",
  SHOPIFY_APP_URL: "https://ship.example.com",
  SHIPBRIDGE_CLIENT_ID: "client",
  SHIPBRIDGE_CLIENT_SECRET: "another-secret-value",
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
      "SHIPBRIDGE_CLIENT_ID",
      "SHIPBRIDGE_CLIENT_SECRET",
      "PORT",
    ]);
    expect(error.message).not.toContain("very-secret-value");
  });
});

describe("the bin's variables", () => {
  it("are the names the sandbox prints for the shipping service", () => {
    const config = readBinConfig({
      ...ENV,
      SHIPBRIDGE_BASE_URL: "http://127.0.0.1:4010",
      SHIPBRIDGE_ACCOUNT_URL: "http://127.0.0.1:4011",
    });
    expect(config.app.shipping).toEqual({
      baseUrl: "http://127.0.0.1:4010",
      accountUrl: "http://127.0.0.1:4011",
      clientId: "client",
      clientSecret: "another-secret-value",
    });
  });

  it("refuse the old SHIPPING_* names, naming the new one, so no default is used unmeant", () => {
    let caught: unknown;
    try {
      readBinConfig({
        ...ENV,
        SHIPPING_BASE_URL: "http://127.0.0.1:4010",
        SHIPPING_CLIENT_SECRET: "very-secret-old",
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(BinConfigError);
    const error = caught as BinConfigError;
    expect(error.variables).toEqual(["SHIPPING_BASE_URL", "SHIPPING_CLIENT_SECRET"]);
    expect(error.message).toContain("SHIPPING_BASE_URL: renamed SHIPBRIDGE_BASE_URL");
    expect(error.message).toContain("SHIPPING_CLIENT_SECRET: renamed SHIPBRIDGE_CLIENT_SECRET");
    expect(error.message).not.toContain("very-secret-old");
  });

  it("set the job timings and the simulated Shopify's address", () => {
    const config = readBinConfig({
      ...ENV,
      SHIPBRIDGE_JOB_HEARTBEAT_SECONDS: "12",
      SHIPBRIDGE_SUPERVISE_INTERVAL_SECONDS: "2",
      SHOPIFY_ADMIN_API_URL: "http://127.0.0.1:4020",
    });
    expect(config.app).toMatchObject({
      jobHeartbeatSeconds: 12,
      superviseIntervalSeconds: 2,
      adminApiUrl: "http://127.0.0.1:4020",
    });
    expect(readBinConfig(ENV).app).not.toHaveProperty("jobHeartbeatSeconds");
    expect(readBinConfig(ENV).app).not.toHaveProperty("adminApiUrl");
  });

  it("name every bad timing and address at once", () => {
    let caught: unknown;
    try {
      readBinConfig({
        ...ENV,
        SHIPBRIDGE_JOB_HEARTBEAT_SECONDS: "5",
        SHIPBRIDGE_SUPERVISE_INTERVAL_SECONDS: "1.5",
        SHOPIFY_ADMIN_API_URL: "ftp://x",
      });
    } catch (error) {
      caught = error;
    }
    const error = caught as BinConfigError;
    expect(error.variables).toEqual([
      "SHOPIFY_ADMIN_API_URL",
      "SHIPBRIDGE_JOB_HEARTBEAT_SECONDS",
      "SHIPBRIDGE_SUPERVISE_INTERVAL_SECONDS",
    ]);
    expect(error.message).toContain(
      "SHIPBRIDGE_JOB_HEARTBEAT_SECONDS: must be a whole number of seconds from 10 to 86400",
    );
    expect(error.message).toContain(
      "SHIPBRIDGE_SUPERVISE_INTERVAL_SECONDS: must be a whole number of seconds from 1 to 86400",
    );
  });
});

describe(".env.example", () => {
  it("lists every variable the bin reads, by the names it reads", () => {
    const read = new Set<string>();
    const env = new Proxy(ENV as Record<string, string | undefined>, {
      get(target, name) {
        if (typeof name === "string") read.add(name);
        return target[name as string];
      },
    });
    readBinConfig(env);
    const example = readFileSync(join(import.meta.dirname, "..", "..", ".env.example"), "utf8");
    const listed = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map(([, name]) => name);
    expect(listed.sort()).toEqual([...read].filter((name) => !name.startsWith("SHIPPING_")).sort());
  });
});

describe("withEnvFile", () => {
  it("reads .env.example's variables from a .env file under the environment's", () => {
    const dir = mkdtempSync(join(tmpdir(), "shipbridge-env-"));
    try {
      expect(withEnvFile({ PORT: "1" }, dir)).toEqual({ env: { PORT: "1" }, file: undefined });
      // .env.example copied as its first line says, a few values filled in.
      const example = readFileSync(join(import.meta.dirname, "..", "..", ".env.example"), "utf8");
      writeFileSync(
        join(dir, ".env"),
        example
          .replace(/^SHOPIFY_API_KEY=$/m, "SHOPIFY_API_KEY=from-file")
          .replace(/^SHOPIFY_API_SECRET=$/m, "SHOPIFY_API_SECRET=file-secret")
          .replace(/^SHIPBRIDGE_CLIENT_ID=$/m, "SHIPBRIDGE_CLIENT_ID=file-client")
          .replace(/^SHIPBRIDGE_CLIENT_SECRET=$/m, "SHIPBRIDGE_CLIENT_SECRET=file-client-secret"),
      );
      const { env, file } = withEnvFile({ PORT: "3000", SHOPIFY_API_KEY: "from-env" }, dir);
      expect(file).toBe(join(dir, ".env"));
      const config = readBinConfig(env);
      expect(config.app.apiKey).toBe("from-env");
      expect(config.app.apiSecretKey).toBe("file-secret");
      expect(config.app.shipping.clientId).toBe("file-client");
      expect(config.port).toBe(3000);
      expect(config.databaseUrl).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
