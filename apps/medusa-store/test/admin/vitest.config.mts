// The admin's browser tests: each file builds the store once (when its
// sources changed), boots it with `medusa start` and drives the admin in
// headless Chromium, so files run one at a time and report apart from the
// application tests.
import { resolve } from "node:path";
import { defineConfig } from "vitest/config";
import { sharedConfig } from "../../../../tooling/vitest.config.ts";

const storeDir = resolve(import.meta.dirname, "../..");
const shared = sharedConfig(storeDir, "medusa-store-e2e");

export default defineConfig({
  ...shared,
  root: storeDir,
  test: {
    ...shared.test,
    include: ["test/admin/**/*.test.ts"],
    pool: "forks",
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 900_000,
    typecheck: { enabled: false },
    env: { MEDUSA_DISABLE_TELEMETRY: "true" },
  },
});
