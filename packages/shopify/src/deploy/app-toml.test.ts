import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ApiVersion } from "@shopify/shopify-api";
import { describe, expect, it } from "vitest";
import { APP_SCOPES } from "../admin/documents.ts";
import { APP_TOPICS, COMPLIANCE_TOPICS, isAppTopic } from "../webhooks/topics.ts";
import { APP_API_VERSION, appToml, extensionAppUrl } from "./app-toml.ts";

const FILE = join(import.meta.dirname, "..", "..", "shopify.app.toml");
const committed = readFileSync(FILE, "utf8");

function value(text: string, key: string): string {
  const match = new RegExp(`^${key} = "([^"]*)"$`, "m").exec(text);
  if (!match?.[1]) throw new Error(`${key} is missing from shopify.app.toml`);
  return match[1];
}

function lists(text: string, key: string): string[][] {
  return [...text.matchAll(new RegExp(`^${key} = (\\[.*\\])$`, "gm"))].map(
    (match) => JSON.parse(match[1] as string) as string[],
  );
}

describe("shopify.app.toml", () => {
  it("is what the code makes of its client id and URL (run `pnpm app:toml` after a change)", () => {
    const clientId = value(committed, "client_id");
    const appUrl = value(committed, "application_url");
    expect(committed).toBe(appToml({ clientId, appUrl, name: value(committed, "name") }));
  });

  it("subscribes every topic the app handles, and only those, the compliance ones apart", () => {
    const topics = lists(committed, "topics").flat();
    const compliance = lists(committed, "compliance_topics").flat();
    expect([...topics, ...compliance].sort()).toEqual([...APP_TOPICS].sort());
    expect(compliance.sort()).toEqual([...COMPLIANCE_TOPICS].sort());
    expect([...topics, ...compliance].every(isAppTopic)).toBe(true);
    // Every subscription is delivered to the route that checks and queues it.
    expect([...committed.matchAll(/^uri = "(.*)"$/gm)].map((m) => m[1])).toEqual([
      "/webhooks",
      "/webhooks",
    ]);
  });

  it("asks for the scopes the app's documents need, at the app's API version, embedded", () => {
    expect(value(committed, "scopes").split(",")).toEqual([...APP_SCOPES]);
    expect(value(committed, "api_version")).toBe(APP_API_VERSION);
    expect(APP_API_VERSION).toBe(ApiVersion.October26);
    expect(committed).toMatch(/^embedded = true$/m);
    const appUrl = value(committed, "application_url");
    expect(lists(committed, "redirect_urls")).toEqual([[`${appUrl}/auth/callback`]]);
  });

  it("gives the buyer's blocks the same app address", () => {
    const file = join(FILE, "..", "extensions", "pickup-point", "src", "app-url.ts");
    expect(readFileSync(file, "utf8")).toBe(extensionAppUrl(value(committed, "application_url")));
  });

  it("refuses an app URL Shopify would refuse", () => {
    expect(() => appToml({ clientId: "x", appUrl: "http://ship.example.com" })).toThrow(/https/);
  });
});
