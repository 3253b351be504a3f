import { readdirSync, readFileSync } from "node:fs";
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

  it("sets no key the pinned Shopify CLI removes from the file on deploy", () => {
    // The CLI's bundle names each retired key where it removes it from the
    // file (`.remove("build.include_config_on_deploy")`), so a deploy would
    // rewrite the committed file and it would no longer be the code's.
    const cli = join(FILE, "..", "node_modules", "@shopify", "cli", "dist");
    const removed = new Set<string>();
    for (const file of readdirSync(cli).filter((name) => name.endsWith(".js"))) {
      const text = readFileSync(join(cli, file), "utf8");
      for (const match of text.matchAll(/\.remove\("([a-z_]+(?:\.[a-z_]+)*)"\)/g)) {
        removed.add(match[1] as string);
      }
    }
    expect(removed).toContain("build.include_config_on_deploy");
    let table = "";
    const keys: string[] = [];
    for (const line of committed.split("\n")) {
      const header = /^\[+([a-z_.]+)\]+$/.exec(line);
      if (header) table = header[1] as string;
      const key = /^([a-z_]+) = /.exec(line)?.[1];
      if (key) keys.push(table ? `${table}.${key}` : key);
    }
    expect(keys).toContain("build.automatically_update_urls_on_dev");
    expect(keys.filter((key) => removed.has(key))).toEqual([]);
  });

  it("refuses an app URL Shopify would refuse", () => {
    expect(() => appToml({ clientId: "x", appUrl: "http://ship.example.com" })).toThrow(/https/);
  });
});
