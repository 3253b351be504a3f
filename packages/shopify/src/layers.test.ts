// The layers of the Shopify app, held by a test: every source file imports
// only from its own folder or from a lower layer, so no two folders import
// each other; SQL is written only in store/; and runtime/ (the AppRuntime and
// ProcessContext types, above shipping and below the webhooks, the routes and
// the merchant's console that take them) imports types alone.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  sourceFiles as listSources,
  importsOf as readImports,
  resolveRelative as resolvePath,
} from "@shipbridge/tooling/source-imports";
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
  // A return's parcel, bought and attached through the one way into shipping's parts.
  returns: 3.5,
  // The types-only module the webhook jobs, every route and the console take.
  runtime: 4,
  rates: 5,
  tracking: 5,
  webhooks: 5,
  // The shipping day: a batch's documents, its courier, the day's reckoning.
  day: 5,
  // shopify.app.toml made from the scopes and topics.
  deploy: 5.5,
  settings: 6,
  // The orders pages: batches, their documents and courier, the day's reckoning.
  orders: 7,
  merchant: 8,
  // The routes the UI extensions call, through the merchant's console.
  "extension-api": 8.5,
  app: 9,
  cli: 10,
  // @shipbridge/shopify/testing: the fake Admin API and signed requests.
  testing: 10,
  // The entry points sit on top of everything.
  "index.ts": 11,
  "cli.ts": 11,
};

/** Tests and the test helpers of this package (test-support/) are not shipped and may reach anywhere. */
const TEST_FILE = /\.test(-d)?\.ts$|(^|\/)test-support\//;

function sourceFiles(): string[] {
  return listSources(SRC, TEST_FILE);
}

function importsOf(file: string): string[] {
  return readImports(SRC, file).map((entry) => entry.specifier);
}

/**
 * SQL text handed to a query: a `.query(` whose first argument is a string
 * starting with a statement, or a string literal that reads as a statement
 * (SQL kept in a variable before the call).
 */
const SQL_TEXT = new RegExp(
  [
    /\.query\s*(?:<[^>]*>)?\(\s*[`'"]\s*(?:SELECT|INSERT|UPDATE|DELETE|WITH|BEGIN|COMMIT|ROLLBACK|SAVEPOINT|LOCK|CREATE|ALTER|DROP|TRUNCATE)\b/
      .source,
    /[`'"]\s*(?:SELECT\s[^`'"]*\sFROM\s|INSERT\s+INTO\s|UPDATE\s+\w+\s+SET\s|DELETE\s+FROM\s)/
      .source,
  ].join("|"),
  "i",
);

/**
 * Files outside store/ still writing SQL, each to move into a store function:
 * the fulfilment's row lock is held across the call to Shopify.
 */
const SQL_OUTSIDE_STORE: readonly string[] = ["fulfilment/fulfil-once.ts"];

/** The layer a path under src/ belongs to: its first folder, or the file at the top. */
function layerOf(file: string): string {
  return file.split("/")[0] as string;
}

function resolveRelative(from: string, specifier: string): string {
  return resolvePath(SRC, from, specifier);
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

  it("let no two folders import each other", () => {
    const edges = new Set<string>();
    for (const file of files) {
      for (const specifier of importsOf(file)) {
        if (!specifier.startsWith(".")) continue;
        const to = layerOf(resolveRelative(file, specifier));
        if (to !== layerOf(file)) edges.add(`${layerOf(file)} -> ${to}`);
      }
    }
    expect(edges.size).toBeGreaterThan(20);
    const mutual = [...edges].filter((edge) => {
      const [from, to] = edge.split(" -> ");
      return from !== undefined && to !== undefined && from < to && edges.has(`${to} -> ${from}`);
    });
    expect(mutual).toEqual([]);
  });

  it("write SQL only in store/", () => {
    const inStore = files.filter(
      (file) => layerOf(file) === "store" && SQL_TEXT.test(readFileSync(join(SRC, file), "utf8")),
    );
    // The pattern finds the store's own statements, so it would find them elsewhere too.
    expect(inStore.length).toBeGreaterThan(5);
    const outside = files.filter(
      (file) =>
        layerOf(file) !== "store" &&
        !SQL_OUTSIDE_STORE.includes(file) &&
        SQL_TEXT.test(readFileSync(join(SRC, file), "utf8")),
    );
    expect(outside).toEqual([]);
  });

  it("keep runtime/ types only: every import of it is `import type`", () => {
    const runtime = files.filter((file) => layerOf(file) === "runtime");
    expect(runtime.length).toBeGreaterThan(0);
    const valued = runtime.flatMap((file) =>
      readImports(SRC, file)
        .filter((entry) => !entry.typeOnly)
        .map((entry) => `${file} imports ${entry.specifier}`),
    );
    expect(valued).toEqual([]);
    const declared = runtime.filter((file) =>
      /^\s*export\s+(?:async\s+)?(?:const|let|var|function|class|enum)\b/m.test(
        readFileSync(join(SRC, file), "utf8"),
      ),
    );
    expect(declared).toEqual([]);
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
