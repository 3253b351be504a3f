// The bin's configuration from environment variables (documented in
// .env.example). Missing or malformed variables are all named at once; their
// values never appear in messages, since some are secrets. The shipping
// service's variables are the SHIPBRIDGE_* names the sandbox prints and the
// other stores read; the old SHIPPING_* names are refused with their new name,
// so a deployment never runs on a default it did not mean. A `.env` file in
// the folder the bin starts in is read under the environment.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseEnv } from "node:util";
import { ShipbridgeError } from "@shipbridge/core";
import type { ShopifyAppConfig } from "../config/app-config.ts";

export interface BinConfig {
  /** createShopifyApp's config without the database, which may be embedded. */
  readonly app: Omit<ShopifyAppConfig, "databaseUrl">;
  /** Absent: start an embedded PostgreSQL keeping its data in `dataDir`. */
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  /** The embedded PostgreSQL's loopback port. */
  readonly databasePort: number;
  readonly port: number;
  readonly host: string;
}

/** Whether `error` is a BinConfigError (by name, so across copies of the package). */
export function isBinConfigError(error: unknown): error is BinConfigError {
  return error instanceof Error && error.name === "BinConfigError";
}

/** The bin's environment variables are missing or wrong (code `bin_config`). */
export class BinConfigError extends ShipbridgeError {
  override readonly name = "BinConfigError";
  readonly variables: readonly string[];
  constructor(problems: readonly string[]) {
    super(
      "bin_config",
      `Check these environment variables (see .env.example):\n  ${problems.join("\n  ")}`,
    );
    this.variables = problems.map((problem) => problem.split(":")[0] as string);
  }
}

export const DEFAULT_SHIPPING_BASE_URL = "https://api.furgonetka.pl";

/** The names the bin read before the shipping service's took the SHIPBRIDGE_ prefix. */
const RENAMED: Readonly<Record<string, string>> = {
  SHIPPING_BASE_URL: "SHIPBRIDGE_BASE_URL",
  SHIPPING_ACCOUNT_URL: "SHIPBRIDGE_ACCOUNT_URL",
  SHIPPING_CLIENT_ID: "SHIPBRIDGE_CLIENT_ID",
  SHIPPING_CLIENT_SECRET: "SHIPBRIDGE_CLIENT_SECRET",
};

export function readBinConfig(env: Record<string, string | undefined>): BinConfig {
  const problems: string[] = [];
  const required = (name: string): string => {
    const value = env[name]?.trim();
    if (!value) problems.push(`${name}: required`);
    return value ?? "";
  };
  const url = (name: string, fallback?: string): string => {
    const value = env[name]?.trim() || fallback;
    if (!value) {
      problems.push(`${name}: required`);
      return "";
    }
    if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
      problems.push(`${name}: must be an http(s) URL`);
    }
    return value;
  };
  /** A whole number of seconds from `min` to a day, or undefined (the app's default). */
  const seconds = (name: string, min: number): number | undefined => {
    const text = env[name]?.trim();
    if (!text) return undefined;
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < min || value > 86_400) {
      problems.push(`${name}: must be a whole number of seconds from ${min} to 86400`);
    }
    return value;
  };
  for (const [old, name] of Object.entries(RENAMED)) {
    if (env[old]?.trim()) problems.push(`${old}: renamed ${name}`);
  }
  const apiKey = required("SHOPIFY_API_KEY");
  const apiSecretKey = required("SHOPIFY_API_SECRET");
  const appUrl = url("SHOPIFY_APP_URL");
  const adminApiUrl = env.SHOPIFY_ADMIN_API_URL?.trim() ? url("SHOPIFY_ADMIN_API_URL") : undefined;
  const clientId = required("SHIPBRIDGE_CLIENT_ID");
  const clientSecret = required("SHIPBRIDGE_CLIENT_SECRET");
  const baseUrl = url("SHIPBRIDGE_BASE_URL", DEFAULT_SHIPPING_BASE_URL);
  const accountUrl = env.SHIPBRIDGE_ACCOUNT_URL?.trim() ? url("SHIPBRIDGE_ACCOUNT_URL") : undefined;
  const jobHeartbeatSeconds = seconds("SHIPBRIDGE_JOB_HEARTBEAT_SECONDS", 10);
  const superviseIntervalSeconds = seconds("SHIPBRIDGE_SUPERVISE_INTERVAL_SECONDS", 1);
  const portText = env.PORT?.trim() || "8080";
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    problems.push("PORT: must be a port number");
  const databasePort = Number(env.SHIPBRIDGE_DATABASE_PORT?.trim() || "54329");
  if (!Number.isInteger(databasePort) || databasePort < 1 || databasePort > 65535)
    problems.push("SHIPBRIDGE_DATABASE_PORT: must be a port number");
  const embedded = env.SHOPIFY_EMBEDDED?.trim().toLowerCase();
  if (embedded && !["true", "false", "1", "0"].includes(embedded)) {
    problems.push("SHOPIFY_EMBEDDED: must be true or false");
  }
  if (problems.length > 0) throw new BinConfigError(problems);
  return {
    app: {
      apiKey,
      apiSecretKey,
      appUrl,
      isEmbeddedApp: embedded === "true" || embedded === "1",
      shipping: { baseUrl, clientId, clientSecret, ...(accountUrl ? { accountUrl } : {}) },
      ...(adminApiUrl ? { adminApiUrl } : {}),
      ...(jobHeartbeatSeconds === undefined ? {} : { jobHeartbeatSeconds }),
      ...(superviseIntervalSeconds === undefined ? {} : { superviseIntervalSeconds }),
    },
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    dataDir: env.SHIPBRIDGE_DATA_DIR?.trim() || ".shipbridge-shopify-data",
    databasePort,
    port,
    host: env.HOST?.trim() || "0.0.0.0",
  };
}

/**
 * The environment with the `.env` file of `dir` under it (what .env.example
 * says to copy): a variable set in both keeps the environment's value.
 * `file` is the file read, if there was one.
 */
export function withEnvFile(
  env: Record<string, string | undefined>,
  dir: string,
): { env: Record<string, string | undefined>; file: string | undefined } {
  const file = join(dir, ".env");
  if (!existsSync(file)) return { env, file: undefined };
  const defined = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined),
  );
  return { env: { ...parseEnv(readFileSync(file, "utf8")), ...defined }, file };
}
