// The layers of the Shopify app, held by a test: every source file imports
// only from its own folder or from a lower layer, so no file cycle runs
// between folders (the shared AppRuntime type sits in runtime/, below the
// routes and the merchant's console that take it).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = dirname(fileURLToPath(import.meta.url));

/** Bottom (0) to top. Folders of one rank are siblings and do not import each other. */
const RANK: Readonly<Record<string, number>> = {
  // Plain shapes and the database: the configuration's types, the job queue's
  // names, the pure Shopify -> core mapping, the PostgreSQL tables.
  config: 0,
  queue: 0,
  mapping: 0,
  store: 0,
  // The Admin API documents and the order read from them.
  admin: 1,
  auth: 2,
  fulfilment: 2,
  // The one way into shipping an order.
  shipping: 3,
  rates: 4,
  tracking: 4,
  webhooks: 4,
  // The types-only module every route and the console take.
  runtime: 5,
  settings: 6,
  merchant: 7,
  app: 8,
  cli: 9,
  // @shipbridge/shopify/testing: the fake Admin API and signed requests.
  testing: 9,
  // The entry points sit on top of everything.
  "index.ts": 10,
  "cli.ts": 10,
};

/** Tests and the test helpers of this package (test-support/) are not shipped and may reach anywhere. */
const TEST_FILE = /\.test(-d)?\.ts$|(^|\/)test-support\//;
const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?["']([^"']+)["']/gm;

function sourceFiles(): string[] {
  return (readdirSync(SRC, { recursive: true }) as string[])
    .filter((file) => file.endsWith(".ts") && !TEST_FILE.test(file.split("\\").join("/")))
    .map((file) => file.split("\\").join("/"))
    .sort();
}

function importsOf(file: string): string[] {
  const text = readFileSync(join(SRC, file), "utf8");
  return [...text.matchAll(IMPORT)].map((m) => m[2] as string);
}

/** The layer a path under src/ belongs to: its first folder, or the file at the top. */
function layerOf(file: string): string {
  return file.split("/")[0] as string;
}

function resolveRelative(from: string, specifier: string): string {
  return relative(SRC, join(SRC, dirname(from), specifier))
    .split("\\")
    .join("/");
}

describe("the layers", () => {
  const files = sourceFiles();

  it("give every source file a layer", () => {
    expect(files.length).toBeGreaterThan(50);
    const unplaced = files.filter((file) => RANK[layerOf(file)] === undefined);
    expect(unplaced).toEqual([]);
  });

  it("import only downwards: shapes and store, admin, auth and fulfilment, shipping, its callers, then the app", () => {
    const wrong: string[] = [];
    for (const file of files) {
      const from = layerOf(file);
      for (const specifier of importsOf(file)) {
        if (!specifier.startsWith(".")) continue;
        const to = layerOf(resolveRelative(file, specifier));
        if (to === from) continue;
        const fromRank = RANK[from] ?? -1;
        const toRank = RANK[to] ?? Number.POSITIVE_INFINITY;
        if (toRank >= fromRank) wrong.push(`${file} imports ${specifier} (${from} -> ${to})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("let every error class extend core's ShipbridgeError (one guard, one code)", () => {
    const plain = files.filter((file) =>
      /class\s+\w+\s+extends\s+(?:globalThis\.)?(?:Type)?Error\b/.test(
        readFileSync(join(SRC, file), "utf8"),
      ),
    );
    expect(plain).toEqual([]);
  });

  it("never build the service's tracking API address as a customer's link", () => {
    // Tracking links are what core's shipOrder answers (trackingUrls): the public tracking page.
    const built = files.filter((file) =>
      /packages\/\$\{[^}]*\}\/tracking/.test(readFileSync(join(SRC, file), "utf8")),
    );
    expect(built).toEqual([]);
  });
});
