// Build of the published package: ESM plus .d.ts from the TypeScript source, for Node 22+.
import { defineConfig } from "tsdown";

export default defineConfig({
  entry: ["src/index.ts", "src/cli.ts", "src/testing.ts"],
  format: "esm",
  platform: "node",
  target: "node22",
  dts: true,
  fixedExtension: false,
  clean: true,
});
