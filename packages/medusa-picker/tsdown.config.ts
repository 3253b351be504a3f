// Build of the published package: ESM plus .d.ts from the TypeScript source.
// Two entries: the framework-free client (the root) and the React component
// (./react), so a storefront without React never loads it.
import { defineConfig } from "tsdown";

export default defineConfig({
  entry: {
    index: "src/index.ts",
    react: "src/react/index.ts",
  },
  format: "esm",
  // Storefronts run it in the browser and in server rendering alike.
  platform: "neutral",
  target: "es2022",
  dts: true,
  fixedExtension: false,
  clean: true,
  external: ["react", "react/jsx-runtime", "@shipbridge/core"],
});
