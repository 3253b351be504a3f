// The shared vitest configuration: every package's tests resolve workspace
// packages to their TypeScript source, and, when the root test command asks
// for it, write a JSON report that the command sums into one closing line.
// There a failed test runs once more (a loaded CI machine can starve a test
// that waits on several processes); one that passes only then is listed as
// flaky in the summary, never silently.
import { basename } from "node:path";
import { defineConfig } from "vitest/config";
import { FlakyReporter } from "./testing/flaky-reporter.ts";

const condition = "@shipbridge/source";
const reportDir = process.env.SHIPBRIDGE_TEST_REPORT_DIR;

export function sharedConfig(packageDir: string, reportName = basename(packageDir)) {
  const name = reportName;
  return defineConfig({
    resolve: { conditions: [condition, "import", "default"] },
    // vitest hands the SSR conditions to Node as --conditions, which its
    // require() honours too: naming "import" there would make a CommonJS
    // dependency (pg) require() the ESM build of its own dependency (pg-pool).
    // Vite adds import/require/default by itself.
    ssr: { resolve: { conditions: [condition, "node", "development|production"] } },
    test: {
      include: ["src/**/*.test.ts", "test/**/*.test.ts"],
      testTimeout: 30_000,
      hookTimeout: 30_000,
      reporters: reportDir
        ? ["default", "json", new FlakyReporter(`${reportDir}/${name}.flaky.json`)]
        : ["default"],
      ...(reportDir ? { outputFile: { json: `${reportDir}/${name}.json` }, retry: 1 } : {}),
      typecheck: { enabled: true, include: ["src/**/*.test-d.ts"], tsconfig: "./tsconfig.json" },
    },
  });
}
