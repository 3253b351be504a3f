// The demo's browser tests: each boots the whole demo and a headless chromium,
// so files run one at a time, and they report apart from the server tests.
import { resolve } from "node:path";
import { defineConfig } from "vitest/config";
import { sharedConfig } from "../../../../tooling/vitest.config.ts";

const demoDir = resolve(import.meta.dirname, "../..");
const reportDir = process.env.SHIPBRIDGE_TEST_REPORT_DIR;
const shared = sharedConfig(demoDir);

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
    ...(reportDir ? { outputFile: { json: `${reportDir}/demo-e2e.json` } } : {}),
  },
});
