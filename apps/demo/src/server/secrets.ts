// Secrets the demo makes up on its first start (the simulated Shopify app's
// key, the OAuth clients' secrets, Medusa's admin password and signing keys),
// kept in the data folder so a restart keeps every stored signature and token
// valid. Never printed.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface DemoSecrets {
  readonly shopifyApiSecret: string;
  readonly shopifyServiceSecret: string;
  readonly medusaServiceSecret: string;
  readonly medusaAdminPassword: string;
  readonly medusaJwtSecret: string;
  readonly medusaCookieSecret: string;
  readonly medusaWebhookSecret: string;
}

const NAMES: readonly (keyof DemoSecrets)[] = [
  "shopifyApiSecret",
  "shopifyServiceSecret",
  "medusaServiceSecret",
  "medusaAdminPassword",
  "medusaJwtSecret",
  "medusaCookieSecret",
  "medusaWebhookSecret",
];

export function loadSecrets(dataDir: string): DemoSecrets {
  const file = join(dataDir, "secrets.json");
  const stored: Partial<Record<keyof DemoSecrets, string>> = existsSync(file)
    ? JSON.parse(readFileSync(file, "utf8"))
    : {};
  let changed = false;
  for (const name of NAMES) {
    if (typeof stored[name] !== "string") {
      stored[name] = randomBytes(24).toString("base64url");
      changed = true;
    }
  }
  if (changed) {
    writeFileSync(`${file}.tmp`, JSON.stringify(stored, null, 2), { mode: 0o600 });
    renameSync(`${file}.tmp`, file);
  }
  return stored as DemoSecrets;
}
