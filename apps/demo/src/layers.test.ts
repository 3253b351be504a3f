// The layers of the demo, held by a test: the server (the dashboard's API and
// the process that starts everything) imports the stores' adapters, never the
// other way round but for the few older edges listed below; the dashboard's
// browser files import only each other (nothing of the server or the stores);
// no two source files import each other, directly or round a loop; and every
// error class extends core's ShipbridgeError.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  sourceFiles as listSources,
  importsOf as readImports,
  resolveRelative,
} from "@shipbridge/tooling/source-imports";
import { describe, expect, it } from "vitest";

const SRC = dirname(fileURLToPath(import.meta.url));

/** Tests and the test helpers (test-support/) are not shipped and may reach anywhere. */
const TEST_FILE = /\.test\.ts$|(^|\/)test-support\//;

/** Bottom (0) to top: the stores' adapters, then the server, then the entry point. */
const RANK: Readonly<Record<string, number>> = {
  stores: 0,
  server: 1,
  "start.ts": 2,
};

/**
 * Store files still importing the server, each to move down into stores/ (or
 * a shared folder below both): the language, the API's answers and context,
 * the batch and day shapes, listening and the service's credentials.
 */
const UPWARD: readonly string[] = [
  "stores/medusa/checkout.ts -> server/language.ts",
  "stores/medusa/medusa-batches.ts -> server/language.ts",
  "stores/medusa/medusa-batches.ts -> server/store-batch.ts",
  "stores/medusa/medusa-batches.ts -> server/store-day.ts",
  "stores/shopify/shopify-app.ts -> server/config.ts",
  "stores/shopify/shopify-app.ts -> server/listen.ts",
  "stores/shopify/shopify-batches.ts -> server/language.ts",
  "stores/shopify/shopify-batches.ts -> server/store-batch.ts",
  "stores/shopify/shopify-batches.ts -> server/store-day.ts",
  "stores/shopify/storefront.ts -> server/language.ts",
  "stores/storefront-page.ts -> server/language.ts",
  "stores/storefront-routes.ts -> server/api-answers.ts",
  "stores/storefront-routes.ts -> server/context.ts",
  "stores/storefront-routes.ts -> server/language.ts",
];

const layerOf = (file: string) => file.split("/")[0] as string;
const withTs = (path: string) => (path.endsWith(".ts") ? path : `${path}.ts`);

/** The source files each file imports (relative imports, `import type` included or not). */
function edges(files: readonly string[], types: boolean): Map<string, string[]> {
  return new Map(
    files.map((file) => [
      file,
      readImports(SRC, file)
        .filter((entry) => entry.specifier.startsWith(".") && (types || !entry.typeOnly))
        .map((entry) => withTs(resolveRelative(SRC, file, entry.specifier))),
    ]),
  );
}

describe("the demo's layers", () => {
  const files = listSources(SRC, TEST_FILE).filter((file) => !file.startsWith("dashboard/"));

  it("give every source file a layer", () => {
    expect(files.length).toBeGreaterThan(30);
    expect(files.filter((file) => RANK[layerOf(file)] === undefined)).toEqual([]);
  });

  it("import only downwards: stores, then the server, then the entry point", () => {
    const wrong: string[] = [];
    for (const [file, imported] of edges(files, true)) {
      for (const target of imported) {
        const from = layerOf(file);
        const to = layerOf(target);
        if (from === to) continue;
        const edge = `${file} -> ${target}`;
        if ((RANK[to] ?? Number.POSITIVE_INFINITY) >= (RANK[from] ?? -1) && !UPWARD.includes(edge))
          wrong.push(edge);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("keep the list of older upward edges true (an edge removed leaves the list)", () => {
    const all = new Set(
      [...edges(files, true)].flatMap(([file, imported]) =>
        imported.map((target) => `${file} -> ${target}`),
      ),
    );
    expect(UPWARD.filter((edge) => !all.has(edge))).toEqual([]);
  });

  it("let no source file import itself round a loop", () => {
    const graph = edges(files, false);
    const loops: string[] = [];
    const state = new Map<string, "open" | "done">();
    const walk = (file: string, path: string[]) => {
      if (state.get(file) === "done") return;
      if (state.get(file) === "open") {
        loops.push([...path.slice(path.indexOf(file)), file].join(" -> "));
        return;
      }
      state.set(file, "open");
      for (const next of graph.get(file) ?? []) walk(next, [...path, file]);
      state.set(file, "done");
    };
    for (const file of files) walk(file, []);
    expect(loops).toEqual([]);
  });

  it("let the dashboard's browser files import only each other", () => {
    const folder = join(SRC, "dashboard", "public");
    const scripts = readdirSync(folder).filter((name) => name.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(5);
    const outside = scripts.flatMap((name) =>
      [
        ...readFileSync(join(folder, name), "utf8").matchAll(
          /\bfrom\s+["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']/g,
        ),
      ]
        .map((match) => (match[1] ?? match[2]) as string)
        .filter((specifier) => !/^\.\/[\w-]+\.js$/.test(specifier))
        .map((specifier) => `dashboard/public/${name} imports ${specifier}`),
    );
    expect(outside).toEqual([]);
  });

  it("let every error class extend core's ShipbridgeError (one guard, one code)", () => {
    const plain = files.filter((file) =>
      /class\s+\w+\s+extends\s+(?:globalThis\.)?(?:Type)?Error\b/.test(
        readFileSync(join(SRC, file), "utf8"),
      ),
    );
    expect(plain).toEqual([]);
  });
});
