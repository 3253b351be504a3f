// Runs every check and every test of the workspace (typecheck, lint, tests,
// and the packaging checks on a clean build),
// then sums the test runner's own JSON reports into the closing line
// `tests: N passed, M failed`. Exits non-zero when anything failed.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const reportDir = join(root, ".cache", "test-reports");
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

const run = spawnSync(
  "pnpm",
  [
    "exec",
    "turbo",
    "run",
    "typecheck",
    "lint",
    "test",
    "check:packages",
    "--force",
    "--continue",
    "--concurrency=2",
  ],
  { cwd: root, stdio: "inherit", env: { ...process.env, SHIPBRIDGE_TEST_REPORT_DIR: reportDir } },
);

let passed = 0;
let failed = 0;
// Every package with a test script must have reported; one that crashed
// before writing its report counts as a failed suite.
const expected = ["packages", "apps"].flatMap((dir) =>
  existsSync(join(root, dir))
    ? readdirSync(join(root, dir)).filter((name) => {
        const manifest = join(root, dir, name, "package.json");
        return existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).scripts?.test;
      })
    : [],
);
for (const name of expected) {
  const file = join(reportDir, `${name}.json`);
  if (!existsSync(file)) {
    console.log(`[shipbridge] ${name}: the test runner wrote no report`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, "utf8"));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  if (!report.success && (report.numFailedTests ?? 0) === 0)
    failed += report.numFailedTestSuites || 1;
}
const ok = run.status === 0 && failed === 0 && passed > 0;
if (run.status !== 0) console.log(`[shipbridge] a task failed (turbo exit code ${run.status})`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
