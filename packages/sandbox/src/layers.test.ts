// The layers of the sandbox, held by a test: every source file imports only
// from its own folder or from a lower layer, at the top level of src/ and
// among the folders of rest/. ARCHITECTURE.md draws the same picture.
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import {
  sourceFiles as listSources,
  importsOf as readImports,
  resolveRelative as resolvePath,
} from "@shipbridge/tooling/source-imports";
import { describe, expect, it } from "vitest";

const SRC = dirname(fileURLToPath(import.meta.url));

/** The top level, bottom (0) to top. Layers of one rank are siblings and do not import each other. */
const RANK: Readonly<Record<string, number>> = {
  // What everything stands on: the database, the config, hashing and dates.
  state: 0,
  "config.ts": 0,
  support: 0,
  clock: 1,
  // HTTP answers no rule covers, HTML escaping; sign-in lockouts.
  http: 2,
  lockouts: 2,
  // What every part shares (types only).
  "context.ts": 3,
  oauth: 4,
  faults: 4,
  rest: 5,
  // The test controls reach into the REST API's state.
  controls: 6,
  // Assembling and starting it.
  "app.ts": 7,
  "start-sandbox.ts": 8,
  "index.ts": 9,
  "cli.ts": 9,
  // The tests' readers of PDF and ZPL files, published as ./testing.
  "testing.ts": 9,
};

/** The folders of rest/, bottom (0) to top; its own files (routes.ts, rest-stats.ts) are on top. */
const REST_RANK: Readonly<Record<string, number>> = {
  geography: 0,
  carriers: 0,
  http: 1,
  reference: 2,
  account: 3,
  // The package store (and the table schema) every resource reads.
  storage: 4,
  points: 5,
  messages: 5,
  commands: 5,
  pricing: 6,
  tracking: 6,
  packages: 7,
  labels: 7,
  orders: 8,
  pickups: 8,
  documents: 8,
  templates: 8,
  payments: 8,
  "routes.ts": 9,
  "rest-stats.ts": 9,
};

/** Tests and their helpers (the testing/ folders; testing.ts publishes two readers of them) may reach anywhere. */
const TEST_FILE = /\.test(-d)?\.ts$|(^|\/)testing\//;

function sourceFiles(): string[] {
  return listSources(SRC, TEST_FILE);
}

function importsOf(file: string): string[] {
  return readImports(SRC, file)
    .map((entry) => entry.specifier)
    .filter((specifier) => specifier.startsWith("."));
}

function resolveRelative(from: string, specifier: string): string {
  return resolvePath(SRC, from, specifier);
}

/** The top-level layer of a path under src/: its first folder, or the file at the top. */
const layerOf = (file: string): string => file.split("/")[0] as string;
/** The layer of a path under rest/: its folder there, or the file itself. */
const restLayerOf = (file: string): string => file.split("/")[1] as string;

/** Imports that go sideways or up between layers of `rank`, as "file imports specifier (from -> to)". */
function wrongImports(
  files: readonly string[],
  layer: (file: string) => string,
  rank: Readonly<Record<string, number>>,
  within: (target: string) => boolean = () => true,
): string[] {
  const wrong: string[] = [];
  for (const file of files) {
    const from = layer(file);
    for (const specifier of importsOf(file)) {
      const target = resolveRelative(file, specifier);
      if (!within(target)) continue;
      const to = layer(target);
      if (to === from) continue;
      const fromRank = rank[from] ?? -1;
      const toRank = rank[to] ?? Number.POSITIVE_INFINITY;
      if (toRank >= fromRank) wrong.push(`${file} imports ${specifier} (${from} -> ${to})`);
    }
  }
  return wrong;
}

describe("the layers", () => {
  const files = sourceFiles();
  const restFiles = files.filter((file) => layerOf(file) === "rest");

  it("give every source file a layer", () => {
    expect(files.filter((file) => RANK[layerOf(file)] === undefined)).toEqual([]);
    expect(restFiles.filter((file) => REST_RANK[restLayerOf(file)] === undefined)).toEqual([]);
  });

  it("import only downwards at the top: state, clock, http, context, oauth/faults, rest, controls, then the starters", () => {
    expect(wrongImports(files, layerOf, RANK)).toEqual([]);
  });

  it("import only downwards among the folders of rest/", () => {
    // Imports that leave rest/ are the top level's concern (above).
    const inRest = (target: string) => layerOf(target) === "rest";
    expect(wrongImports(restFiles, restLayerOf, REST_RANK, inRest)).toEqual([]);
  });

  it("keep state/, support/ and config.ts free of every other part of the sandbox", () => {
    const wrong = files
      .filter((file) => RANK[layerOf(file)] === 0)
      .flatMap((file) =>
        importsOf(file)
          .filter((specifier) => layerOf(resolveRelative(file, specifier)) !== layerOf(file))
          .map((specifier) => `${file} imports ${specifier}`),
      );
    expect(wrong).toEqual([]);
  });
});
