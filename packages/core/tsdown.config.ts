// Build of the published package: ESM plus .d.ts from the TypeScript source,
// for Node 24 (the version tested; `engines` says >=24).
// One entry per subpath of package.json's exports; the keys name the dist files.
import { defineConfig } from "tsdown";

export default defineConfig({
  entry: {
    index: "src/index.ts",
    schemas: "src/schemas/index.ts",
    rules: "src/rules/index.ts",
    oauth: "src/oauth/index.ts",
    internal: "src/internal.ts",
    // A separate entry, so the root never loads `pg`.
    postgres: "src/postgres/index.ts",
    // The root error class alone, for browser code (no Node built-ins behind it).
    errors: "src/errors/index.ts",
    // Sample data for tests (sampleOrder, SENDER, IBAN).
    testing: "src/fixtures/index.ts",
  },
  format: "esm",
  platform: "node",
  // Syntax Node 22 already runs is a subset of Node 24's: the output stays as tested.
  target: "node22",
  dts: true,
  fixedExtension: false,
  clean: true,
});
