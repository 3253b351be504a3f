// Tests of this package use the workspace's shared vitest configuration, with
// what Medusa's test runners need: their global describe/beforeAll, one test
// file at a time in forked processes, and a PostgreSQL started once for the
// run (test/global-setup.ts) whose address they read from DB_* variables.
import { defineConfig, mergeConfig } from "vitest/config";
import { sharedConfig } from "../../tooling/vitest.config.ts";

export default mergeConfig(
  sharedConfig(import.meta.dirname),
  defineConfig({
    test: {
      globals: true,
      pool: "forks",
      fileParallelism: false,
      setupFiles: ["./test/setup.mts"],
      testTimeout: 60_000,
      hookTimeout: 60_000,
      env: { MEDUSA_DISABLE_TELEMETRY: "true" },
    },
  }),
);
