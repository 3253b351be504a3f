// The demo's settings, read from the environment (and the repository's .env):
// the one data folder kept across restarts, the ports, the ready file, and the
// real shipping service's credentials when given (else the embedded sandbox).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export interface ServiceCredentials {
  readonly baseUrl: string;
  readonly accountUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
}

export interface DemoConfig {
  readonly repoRoot: string;
  readonly dataDir: string;
  /** 0 = any free port. */
  readonly dashboardPort: number;
  /** Every other port is a free one (tests running beside other suites). */
  readonly randomPorts: boolean;
  readonly readyFile: string | undefined;
  /** The real service (from .env); undefined: the embedded sandbox. */
  readonly service: ServiceCredentials | undefined;
  /** Fixed ports used when randomPorts is off. */
  readonly ports: {
    readonly sandbox: number;
    readonly account: number;
    readonly shopifyApp: number;
    readonly medusa: number;
  };
}

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");

/** KEY=VALUE lines, `#` comments, optional quotes; what .env files hold. */
export function parseEnvFile(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match?.[1] || line.trimStart().startsWith("#")) continue;
    let value = match[2] ?? "";
    if (/^(["']).*\1$/.test(value)) value = value.slice(1, -1);
    values[match[1]] = value;
  }
  return values;
}

function port(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) {
    throw new RangeError(
      `${name} must be a port number from 0 to 65535 / ${name} musi być numerem portu od 0 do 65535`,
    );
  }
  return parsed;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): DemoConfig {
  const envFile = env["DEMO_ENV_FILE"] ?? join(REPO_ROOT, ".env");
  const fromFile = existsSync(envFile) ? parseEnvFile(readFileSync(envFile, "utf8")) : {};
  const value = (name: string) => env[name] ?? fromFile[name];
  const baseUrl = value("SHIPBRIDGE_BASE_URL");
  const clientId = value("SHIPBRIDGE_CLIENT_ID");
  const clientSecret = value("SHIPBRIDGE_CLIENT_SECRET");
  const service =
    baseUrl && clientId && clientSecret
      ? {
          baseUrl,
          accountUrl: value("SHIPBRIDGE_ACCOUNT_URL") ?? baseUrl,
          clientId,
          clientSecret,
        }
      : undefined;
  const randomPorts = env["DEMO_RANDOM_PORTS"] === "1";
  return {
    repoRoot: REPO_ROOT,
    dataDir: resolve(env["DEMO_DATA_DIR"] ?? join(REPO_ROOT, ".demo-data")),
    dashboardPort: port(env["DEMO_PORT"], "DEMO_PORT", 3000),
    randomPorts,
    readyFile: env["DEMO_READY_FILE"],
    service,
    ports: randomPorts
      ? { sandbox: 0, account: 0, shopifyApp: 0, medusa: 0 }
      : { sandbox: 4010, account: 4011, shopifyApp: 3001, medusa: 9000 },
  };
}
