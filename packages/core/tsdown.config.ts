// Build of the published package: ESM plus .d.ts from the TypeScript source, for Node 22+.
import { defineConfig } from "tsdown";

export default defineConfig({
  // The postgres entry is separate so the root never loads `pg`.
  entry: ["src/index.ts", "src/postgres/index.ts"],
  format: "esm",
  platform: "node",
  target: "node22",
  dts: true,
  fixedExtension: false,
  clean: true,
});
