// The store's browser tests: each file boots the whole store (Medusa on
// embedded PostgreSQL, the sandbox) and a headless chromium, so they run one
// at a time and report apart from the server tests (`test:e2e`).
import { resolve } from "node:path";
import { defineConfig, mergeConfig } from "vitest/config";
import { sharedConfig } from "../../../../tooling/vitest.config.ts";

const storeDir = resolve(import.meta.dirname, "../..");

const config = mergeConfig(
  sharedConfig(storeDir, "medusa-store-e2e"),
  defineConfig({
    root: storeDir,
    test: {
      globals: true,
      pool: "forks",
      fileParallelism: false,
      setupFiles: ["./test/setup.mts"],
      testTimeout: 300_000,
      hookTimeout: 180_000,
      typecheck: { enabled: false },
      env: { MEDUSA_DISABLE_TELEMETRY: "true", MEDUSA_ADMIN_DISABLE: "true" },
    },
  }),
);
// Only the browser tests: mergeConfig would add them to the shared include.
if (config.test) config.test.include = ["test/picker/**/*.e2e.ts"];

export default config;
