// Runs every benchmark of this folder (each `*.bench.ts`), one after another,
// each in a fresh Node process so that one bench's warm JIT or open handles
// never colour another's numbers. Exits non-zero when any of them fails.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const benchDir = dirname(fileURLToPath(import.meta.url));
const files = readdirSync(benchDir)
  .filter((name) => name.endsWith(".bench.ts"))
  .sort();

let failed = 0;
for (const file of files) {
  console.log(`\n# ${file}`);
  const run = spawnSync(
    process.execPath,
    ["--conditions=@shipbridge/source", join(benchDir, file)],
    { stdio: "inherit" },
  );
  if (run.status !== 0) {
    failed++;
    console.error(`${file} failed (${run.signal ?? `exit code ${run.status}`})`);
  }
}
if (failed > 0) process.exitCode = 1;
