// The options' one parse and one database rule, as the provider and the
// module share them.
import { SENDER } from "@shipbridge/core/testing";
import { describe, expect, it } from "vitest";
import { databaseUrlOf, PluginOptionsError, pluginOptions } from "./options.ts";

function raw(): Record<string, unknown> {
  return {
    clientId: "demo-client",
    clientSecret: "demo-secret",
    sender: SENDER,
    services: [{ service: "dpd" }],
    flatPrice: 19.99,
  };
}

describe("pluginOptions", () => {
  it("parses an options object once, whoever asks", () => {
    const given = raw();
    const first = pluginOptions(given);
    expect(pluginOptions(given)).toBe(first);
    // Another object with the same options is parsed on its own.
    expect(pluginOptions(raw())).not.toBe(first);
    expect(pluginOptions(raw())).toEqual(first);
  });

  it("ignores the database settings Medusa adds", () => {
    expect(pluginOptions({ ...raw(), database: { clientUrl: "postgres://x" } })).toEqual(
      pluginOptions(raw()),
    );
  });

  it("refuses wrong options every time, naming each", () => {
    const given = { ...raw(), flatPrice: -1, services: [] };
    expect(() => pluginOptions(given)).toThrow(PluginOptionsError);
    expect(() => pluginOptions(given)).toThrow(/flatPrice[\s\S]*services|services[\s\S]*flatPrice/);
  });
});

describe("databaseUrlOf", () => {
  it("takes the databaseUrl option first, then DATABASE_URL", () => {
    const options = pluginOptions({ ...raw(), databaseUrl: "postgres://option/db" });
    expect(databaseUrlOf(options, { DATABASE_URL: "postgres://env/db" })).toBe(
      "postgres://option/db",
    );
    expect(databaseUrlOf(pluginOptions(raw()), { DATABASE_URL: "postgres://env/db" })).toBe(
      "postgres://env/db",
    );
  });

  it("names databaseUrl in English and Polish when neither is set", () => {
    let error: unknown;
    try {
      databaseUrlOf(pluginOptions(raw()), {});
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(PluginOptionsError);
    expect((error as PluginOptionsError).code).toBe("invalid_plugin_options");
    expect((error as PluginOptionsError).issues.map((issue) => issue.path)).toEqual([
      "databaseUrl",
    ]);
    expect(String((error as Error).message)).toMatch(
      /DATABASE_URL environment variable is not set/,
    );
    expect(String((error as Error).message)).toMatch(/wymagane, gdy zmienna/);
    expect(() => databaseUrlOf(pluginOptions(raw()), { DATABASE_URL: " " })).toThrow(
      PluginOptionsError,
    );
  });
});
