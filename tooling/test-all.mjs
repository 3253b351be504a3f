// Runs every check and every test of the workspace (typecheck, lint, tests,
// and the packaging checks on a clean build), then the browser end-to-end
// tests on their own (they boot whole stores, so they do not share the two
// cores with other suites), then sums the test runner's own JSON reports into
// the closing line `tests: N passed, M failed`. Exits non-zero when anything
// failed.
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
// What failed, by name, so that the end of the log says it without a search
// through the whole run.
const failures = [];
const manifests = ["packages", "apps"].flatMap((dir) =>
  existsSync(join(root, dir))
    ? readdirSync(join(root, dir)).flatMap((name) => {
        const file = join(root, dir, name, "package.json");
        return existsSync(file)
          ? [{ name, scripts: JSON.parse(readFileSync(file, "utf8")).scripts ?? {} }]
          : [];
      })
    : [],
);
// Every package with a test script must have reported; one that crashed
// before writing its report counts as a failed suite. A `test:e2e` script
// reports as `<name>-e2e`.
const expected = [
  ...manifests.filter((pkg) => pkg.scripts.test).map((pkg) => pkg.name),
  ...manifests.filter((pkg) => pkg.scripts["test:e2e"]).map((pkg) => `${pkg.name}-e2e`),
];

// The browser tests need Debian's chromium, which `run.sh test` installs when
// it can; without it they do not run, and that is a failure, never a pass.
const browser = "/usr/bin/chromium";
const browserMissing =
  process.env.SHIPBRIDGE_BROWSER_MISSING ||
  (existsSync(browser) ? "" : `${browser} is missing (bash tooling/run.sh test installs it)`);
let e2eStatus = 0;
if (expected.some((name) => name.endsWith("-e2e"))) {
  if (browserMissing) {
    console.log(
      `[shipbridge] the browser tests are skipped: ${browserMissing}; they count as failed`,
    );
  } else {
    const e2e = spawnSync(
      "pnpm",
      ["exec", "turbo", "run", "test:e2e", "--force", "--continue", "--concurrency=1"],
      {
        cwd: root,
        stdio: "inherit",
        env: { ...process.env, SHIPBRIDGE_TEST_REPORT_DIR: reportDir },
      },
    );
    e2eStatus = e2e.status ?? 1;
  }
}

for (const name of expected) {
  if (name.endsWith("-e2e") && browserMissing) {
    failed += 1;
    continue;
  }
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
  const lines = failuresOf(name, report);
  // An error outside any test (an unhandled rejection, a failed setup) fails the run alone.
  if (lines.length === 0 && !report.success) lines.push(`${name}: the run failed outside any test`);
  failures.push(...lines);
}
for (const line of failures) console.log(`[shipbridge] failed: ${line}`);
for (const name of expected) {
  const file = join(reportDir, `${name}.flaky.json`);
  if (!existsSync(file)) continue;
  for (const test of JSON.parse(readFileSync(file, "utf8")))
    console.log(`[shipbridge] passed only when run again (flaky): ${test.file} > ${test.test}`);
}
const ok = run.status === 0 && e2eStatus === 0 && failed === 0 && passed > 0;
if (run.status !== 0) console.log(`[shipbridge] a task failed (turbo exit code ${run.status})`);
if (e2eStatus !== 0)
  console.log(`[shipbridge] a browser test failed (turbo exit code ${e2eStatus})`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);

/** One line per failed test or failed file of a vitest JSON report. */
function failuresOf(name, report) {
  const lines = [];
  for (const file of report.testResults ?? []) {
    const where = file.name ? file.name.replace(`${root}/`, "") : name;
    const tests = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of tests)
      lines.push(`${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (tests.length === 0 && file.status === "failed")
      lines.push(`${where}: ${firstLine(file.message)}`);
  }
  return lines;
}

function firstLine(text) {
  return (
    String(text ?? "")
      .split("\n")
      .find((line) => line.trim() !== "")
      ?.slice(0, 300) ?? ""
  );
}
