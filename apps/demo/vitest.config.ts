// The demo's server-level tests: each file boots the whole demo (PostgreSQL,
// the sandbox, the Shopify app, Medusa) once, so files run one at a time.

import { defineConfig, mergeConfig } from "vitest/config";
import { sharedConfig } from "../../tooling/vitest.config.ts";

export default mergeConfig(
  sharedConfig(import.meta.dirname),
  defineConfig({
    test: {
      include: ["src/**/*.test.ts"],
      fileParallelism: false,
      testTimeout: 900_000,
      hookTimeout: 660_000,
    },
  }),
);
