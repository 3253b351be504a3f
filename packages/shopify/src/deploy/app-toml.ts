// The app's shopify.app.toml, made from the code it describes: the scopes
// the app asks for (APP_SCOPES), the webhook topics it handles (APP_TOPICS,
// the compliance topics as `compliance_topics`), the Admin API version it
// speaks, its redirect URL and the embedded flag. `shopify app deploy`
// reads the file, so the subscriptions Shopify sends are the ones the code
// handles; a test holds the committed file to this output.
import { APP_SCOPES } from "../admin/documents.ts";
import { APP_TOPICS, COMPLIANCE_TOPICS } from "../webhooks/topics.ts";

/** The Admin API version of the app's requests and of its webhooks' bodies. */
export const APP_API_VERSION = "2026-10";

export interface AppTomlOptions {
  /** The app's client id (the Partner or Dev Dashboard's). */
  readonly clientId: string;
  /** Where the app runs, e.g. https://ship.example.com. */
  readonly appUrl: string;
  /** The app's name in the admin. Default "shipbridge". */
  readonly name?: string;
  /** Whether the app opens inside the Shopify admin. Default true. */
  readonly embedded?: boolean;
}

const COMPLIANCE: readonly string[] = COMPLIANCE_TOPICS;

/** The topics subscribed as ordinary webhooks: every topic handled but the compliance ones. */
export function subscribedTopics(): string[] {
  return APP_TOPICS.filter((topic) => !COMPLIANCE.includes(topic));
}

function quoted(value: string): string {
  return JSON.stringify(value);
}

function list(values: readonly string[]): string {
  return `[${values.map(quoted).join(", ")}]`;
}

/** The buyer's blocks call the app by its full address: their app-url.ts. */
export function extensionAppUrl(appUrl: string): string {
  return [
    "// Where the app runs: made by `pnpm app:toml` with shopify.app.toml (the",
    "// buyer's pages call the app by its full address).",
    `export const APP_URL = ${quoted(new URL(appUrl).href.replace(/\/$/, ""))};`,
    "",
  ].join("\n");
}

/** The text of shopify.app.toml for these options. */
export function appToml(options: AppTomlOptions): string {
  const url = new URL(options.appUrl);
  if (url.protocol !== "https:") {
    throw new TypeError(`the app URL must be https (Shopify refuses others): ${options.appUrl}`);
  }
  const base = url.href.replace(/\/$/, "");
  return [
    "# shopify.app.toml of @shipbridge/shopify, made by `pnpm app:toml` from the code",
    "# (src/deploy/app-toml.ts): edit the code, not this file.",
    `client_id = ${quoted(options.clientId)}`,
    `name = ${quoted(options.name ?? "shipbridge")}`,
    `application_url = ${quoted(base)}`,
    `embedded = ${options.embedded ?? true}`,
    "",
    // Shopify CLI 4 always deploys the configuration, and removes the
    // retired `include_config_on_deploy` from the file if it is there.
    "[build]",
    "automatically_update_urls_on_dev = false",
    "",
    "[access_scopes]",
    `scopes = ${quoted(APP_SCOPES.join(","))}`,
    "",
    "[auth]",
    `redirect_urls = ${list([`${base}/auth/callback`])}`,
    "",
    "[webhooks]",
    `api_version = ${quoted(APP_API_VERSION)}`,
    "",
    "[[webhooks.subscriptions]]",
    `topics = ${list(subscribedTopics())}`,
    `uri = "/webhooks"`,
    "",
    "[[webhooks.subscriptions]]",
    `compliance_topics = ${list(COMPLIANCE_TOPICS)}`,
    `uri = "/webhooks"`,
    "",
  ].join("\n");
}
