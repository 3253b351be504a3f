// The layers of core, held by a test: every source file imports only from its
// own folder or from a lower layer, and the /oauth entry reaches neither ky nor
// zod. ARCHITECTURE.md draws the same picture.
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import {
  sourceFiles as listSources,
  importsOf as readImports,
  resolveRelative as resolvePath,
  type SourceImport,
} from "@shipbridge/tooling/source-imports";
import { describe, expect, it } from "vitest";

const SRC = dirname(fileURLToPath(import.meta.url));

/** Bottom (0) to top. Folders of one rank are siblings and do not import each other. */
const RANK: Readonly<Record<string, number>> = {
  issues: 0,
  errors: 0,
  "clock.ts": 0,
  schemas: 1,
  rules: 2,
  validation: 3,
  api: 4,
  oauth: 4,
  tracking: 4,
  mapping: 5,
  // The shipping day's work on top of the mapping: batches, files, courier, reckoning.
  batch: 6,
  documents: 6,
  courier: 6,
  reckoning: 6,
  // Returns: shipOrder with the roles turned round.
  returns: 6,
  // What the root entry takes of the shipping day, gathered in one file.
  "shipping-day.ts": 7,
  // The entry points sit on top of everything.
  "index.ts": 8,
  "internal.ts": 8,
  postgres: 8,
  fixtures: 8,
};

/** Tests and their helpers (the testing/ folders) are not shipped and may reach anywhere. */
const TEST_FILE = /\.test(-d)?\.ts$|(^|\/)testing\//;

function sourceFiles(): string[] {
  return listSources(SRC, TEST_FILE);
}

function importsOf(file: string): SourceImport[] {
  return readImports(SRC, file);
}

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
    const unplaced = files.filter((file) => RANK[layerOf(file)] === undefined);
    expect(unplaced).toEqual([]);
  });

  it("import only downwards: issues, schemas, rules, validation, then api/oauth/tracking, then mapping", () => {
    const wrong: string[] = [];
    for (const file of files) {
      const from = layerOf(file);
      for (const { specifier } of importsOf(file)) {
        if (!specifier.startsWith(".")) continue;
        const target = resolveRelative(file, specifier);
        const to = layerOf(target);
        if (to === from) continue;
        const fromRank = RANK[from] ?? -1;
        const toRank = RANK[to] ?? Number.POSITIVE_INFINITY;
        if (toRank >= fromRank) wrong.push(`${file} imports ${specifier} (${from} -> ${to})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("keep issues/ free of every other part of core", () => {
    const wrong = files
      .filter((file) => layerOf(file) === "issues")
      .flatMap((file) =>
        importsOf(file)
          .filter(({ specifier }) => specifier.startsWith("."))
          .filter(({ specifier }) => layerOf(resolveRelative(file, specifier)) !== "issues")
          .map(({ specifier }) => `${file} imports ${specifier}`),
      );
    expect(wrong).toEqual([]);
  });

  it("let the /oauth entry load neither ky nor zod", () => {
    const packages = new Set<string>();
    const seen = new Set<string>();
    const queue = ["oauth/index.ts"];
    while (queue.length > 0) {
      const file = queue.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const { specifier, typeOnly } of importsOf(file)) {
        if (typeOnly) continue; // erased at run time
        if (specifier.startsWith(".")) queue.push(resolveRelative(file, specifier));
        else packages.add(specifier);
      }
    }
    expect([...seen].length).toBeGreaterThan(5);
    expect([...packages].filter((name) => !name.startsWith("node:"))).toEqual([]);
  });
});
