// The demo's browser tests: each boots the whole demo and a headless chromium,
// so files run one at a time, and they report apart from the server tests.
import { resolve } from "node:path";
import { defineConfig } from "vitest/config";
import { sharedConfig } from "../../../../tooling/vitest.config.ts";

const demoDir = resolve(import.meta.dirname, "../..");
const shared = sharedConfig(demoDir, "demo-e2e");

export default defineConfig({
  ...shared,
  root: demoDir,
  test: {
    ...shared.test,
    // Only the browser tests (the shared include would add the unit tests).
    include: ["test/e2e/**/*.e2e.ts"],
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 600_000,
    typecheck: { enabled: false },
    // Each test goes on from where the one before left the demo: none can run again alone.
    retry: 0,
  },
});
