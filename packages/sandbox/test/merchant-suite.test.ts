// The README's vitest global setup, run for real: a small merchant project
// (test/merchant-suite) whose global setup starts the sandbox once, whose
// setup file resets it before each of its two files, and whose tests move the
// sandbox clock. Each file finds no package left by the other.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const vitestBin = join(
  createRequire(import.meta.url).resolve("vitest/package.json"),
  "..",
  "vitest.mjs",
);

describe("a merchant's vitest suite", () => {
  it("starts the sandbox once, resets it between files and moves its clock", () => {
    const project = join(import.meta.dirname, "merchant-suite");
    const run = spawnSync(
      process.execPath,
      [vitestBin, "run", "--config", join(project, "vitest.config.ts"), "--no-file-parallelism"],
      {
        cwd: project,
        encoding: "utf8",
        env: { ...process.env, SHIPBRIDGE_TEST_REPORT_DIR: "", NO_COLOR: "1", FORCE_COLOR: "0" },
      },
    );
    const output = `${run.stdout}\n${run.stderr}`;
    expect(output, output).toMatch(/Test Files\s+2 passed \(2\)/);
    expect(run.status, output).toBe(0);
  });
});
