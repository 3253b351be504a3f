// Tests of this package use the workspace's shared vitest configuration,
// plus the UI extensions' tests (extensions/*/src/*.test.ts). Shopify's
// extension tester imports the extension's module itself: inlined, that
// import goes through vite, which compiles the TSX.
import { mergeConfig } from "vitest/config";
import { sharedConfig } from "../../tooling/vitest.config.ts";

export default mergeConfig(sharedConfig(import.meta.dirname), {
  test: {
    include: ["extensions/**/*.test.ts"],
    server: { deps: { inline: ["@shopify/ui-extensions-tester"] } },
  },
});
