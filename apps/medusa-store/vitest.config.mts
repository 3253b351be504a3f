// The whole-application test: Medusa's runner boots this app; it needs its
// global describe/beforeAll, one file at a time in a forked process, and
// PostgreSQL and the sandbox started before the file loads (test/setup.mts).
import { defineConfig, mergeConfig } from "vitest/config";
import { sharedConfig } from "../../tooling/vitest.config.ts";

export default mergeConfig(
  sharedConfig(import.meta.dirname),
  defineConfig({
    test: {
      globals: true,
      pool: "forks",
      fileParallelism: false,
      // The admin's browser tests run apart: test/admin/vitest.config.mts.
      exclude: ["test/admin/**", "node_modules/**"],
      setupFiles: ["./test/setup.mts"],
      testTimeout: 180_000,
      hookTimeout: 120_000,
      env: { MEDUSA_DISABLE_TELEMETRY: "true", MEDUSA_ADMIN_DISABLE: "true" },
    },
  }),
);
