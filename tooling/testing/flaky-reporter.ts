// A vitest reporter for the root test command, which lets a failed test run
// once more: it writes the tests that passed only on that second run to
// `<report dir>/<name>.flaky.json`, so the command's summary names them
// instead of counting them as plain passes.
import { writeFileSync } from "node:fs";
import type { Reporter, TestModule } from "vitest/node";

export class FlakyReporter implements Reporter {
  readonly #file: string;

  constructor(file: string) {
    this.#file = file;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const flaky: { file: string; test: string; retries: number }[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const retries = test.diagnostic()?.retryCount ?? 0;
        if (retries > 0 && test.result().state === "passed") {
          flaky.push({ file: module.relativeModuleId, test: test.fullName, retries });
        }
      }
    }
    writeFileSync(this.#file, `${JSON.stringify(flaky, null, 2)}\n`);
  }
}
