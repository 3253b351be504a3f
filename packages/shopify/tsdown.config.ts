// Build of the published package: ESM plus .d.ts from the TypeScript source.
// One entry per subpath of package.json's exports, plus the bins.
import { defineConfig } from "tsdown";

export default defineConfig({
  entry: {
    index: "src/index.ts",
    testing: "src/testing/index.ts",
    cli: "src/cli.ts",
    "fake-shopify": "src/testing/fake-shopify-bin.ts",
  },
  format: "esm",
  platform: "node",
  target: "node24",
  dts: true,
  fixedExtension: false,
  clean: true,
});
