// The store's browser tests, as one run with one report (`test:e2e`): the
// admin's (each file builds the store once and drives the built admin) and
// the storefront picker's (the store booted in the test process). Both boot
// whole stores, so one file runs at a time.
import { resolve } from "node:path";
import { defineConfig } from "vitest/config";
import { sharedConfig } from "../../../tooling/vitest.config.ts";

const storeDir = resolve(import.meta.dirname, "..");
const shared = sharedConfig(storeDir, "medusa-store-e2e");

export default defineConfig({
  ...shared,
  root: storeDir,
  test: {
    ...shared.test,
    fileParallelism: false,
    maxWorkers: 1,
    typecheck: { enabled: false },
    projects: [
      { extends: "./test/admin/vitest.config.mts", root: storeDir, test: { name: "admin" } },
      { extends: "./test/picker/vitest.config.mts", root: storeDir, test: { name: "picker" } },
    ],
  },
});
