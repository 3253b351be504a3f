// The tooling's own tests (the embedded PostgreSQL helper).
import { defineConfig, mergeConfig } from "vitest/config";
import { sharedConfig } from "./vitest.config.ts";

export default mergeConfig(
  sharedConfig(import.meta.dirname),
  defineConfig({ test: { include: ["testing/**/*.test.ts"], testTimeout: 120_000 } }),
);
