// `shopify app build` (the Shopify CLI from the package's devDependencies)
// builds the app's UI extensions as `shopify app deploy` would, with no
// login and no network: on a copy of the app (its TOMLs and extensions,
// the package's node_modules linked), with the CLI's own version check
// answered from its cache and its notifications pointed nowhere. Each
// bundle must stay under Shopify's 64 KB compressed limit (the CLI
// measures brotli; gzip, larger, is held to it too).
import { execFile } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";

const PACKAGE = join(import.meta.dirname, "..", "..");
const LIMIT = 64 * 1024;
const run = promisify(execFile);

const extensions = readdirSync(join(PACKAGE, "extensions"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((entry) => {
    try {
      const toml = readFileSync(
        join(PACKAGE, "extensions", entry.name, "shopify.extension.toml"),
        "utf8",
      );
      const handle = /^handle = "([^"]+)"$/m.exec(toml)?.[1];
      return handle ? [{ folder: entry.name, handle, toml }] : [];
    } catch {
      return [];
    }
  });

const scratch = mkdtempSync(join(tmpdir(), "shipbridge-app-build-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("shopify app build", () => {
  it("has the extensions to build, at API 2026-01 or later", () => {
    expect(extensions.map((extension) => extension.folder).sort()).toEqual([
      "order-shipment",
      "pickup-point",
      "print-documents",
      "ship-selected",
    ]);
    for (const { toml } of extensions) {
      const version = /^api_version = "(\d{4}-\d{2})"$/m.exec(toml)?.[1] ?? "";
      expect(version >= "2026-01").toBe(true);
    }
  });

  it("builds every extension offline, each bundle under 64 KB compressed", async () => {
    // The repo's layout, as the extensions' tsconfig extends the workspace's.
    const app = join(scratch, "packages", "shopify");
    mkdirSync(join(scratch, "tooling"), { recursive: true });
    cpSync(
      join(PACKAGE, "..", "..", "tooling", "tsconfig.base.json"),
      join(scratch, "tooling", "tsconfig.base.json"),
    );
    mkdirSync(app, { recursive: true });
    for (const file of ["shopify.app.toml", "package.json"]) {
      cpSync(join(PACKAGE, file), join(app, file));
    }
    cpSync(join(PACKAGE, "extensions"), join(app, "extensions"), {
      recursive: true,
      filter: (source) => !source.endsWith("/dist"),
    });
    symlinkSync(join(PACKAGE, "node_modules"), join(app, "node_modules"));
    // The CLI asks npm for its newest version once a day: answered from its cache.
    const config = join(scratch, "config");
    mkdirSync(join(config, "shopify-cli-kit-nodejs"), { recursive: true });
    writeFileSync(
      join(config, "shopify-cli-kit-nodejs", "config.json"),
      JSON.stringify({
        cache: { "npm-package-@shopify/cli": { value: cliVersion(), timestamp: Date.now() } },
      }),
    );

    const { stdout } = await run(
      join(PACKAGE, "node_modules", ".bin", "shopify"),
      ["app", "build", "--path", app, "--skip-dependencies-installation"],
      {
        cwd: app,
        timeout: 120_000,
        env: {
          PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ""}`,
          HOME: scratch,
          XDG_CONFIG_HOME: config,
          XDG_CACHE_HOME: join(scratch, "cache"),
          XDG_DATA_HOME: join(scratch, "data"),
          XDG_STATE_HOME: join(scratch, "state"),
          SHOPIFY_CLI_NO_ANALYTICS: "1",
          SHOPIFY_CLI_NOTIFICATIONS_URL: "http://127.0.0.1:9/notifications.json",
          CI: "1",
        },
      },
    );
    expect(stdout).toMatch(/built/);
    for (const { folder, handle } of extensions) {
      const bundle = readFileSync(join(app, "extensions", folder, "dist", `${handle}.js`));
      const brotli = brotliCompressSync(bundle, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
      }).length;
      const gzip = gzipSync(bundle, { level: 9 }).length;
      expect({ handle, brotli: brotli < LIMIT, gzip: gzip < LIMIT }).toEqual({
        handle,
        brotli: true,
        gzip: true,
      });
    }
  }, 180_000);
});

function cliVersion(): string {
  const manifest = join(PACKAGE, "node_modules", "@shopify", "cli", "package.json");
  return JSON.parse(readFileSync(manifest, "utf8")).version;
}
