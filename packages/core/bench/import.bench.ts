// Benchmark of the cold import of the built @shipbridge/core (dist: run
// `pnpm build` first, as turbo's bench task does) against importing zod and
// ky alone: what a store pays at start-up for the package on top of its two
// dependencies. Each import runs in a fresh Node process; the two kinds of
// process alternate, so a burst of noise on a busy machine lands on both
// sides of the ratio, and the medians are compared. Besides the wall-clock
// time, each process reports the CPU time it spent importing, which a busy
// machine disturbs far less.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Milliseconds of one cold import: elapsed, and on the CPU (user + system). */
export interface ImportTime {
  readonly ms: number;
  readonly cpuMs: number;
}

export interface ImportBenchResult {
  /** Medians over the runs, each run a fresh process. */
  readonly core: ImportTime;
  readonly zodKy: ImportTime;
  /** The OAuth client alone (`@shipbridge/core/oauth`) against zod alone. */
  readonly oauth: ImportTime;
  readonly zod: ImportTime;
  readonly runs: number;
  /** Whether the imported dist is older than the sources (run `pnpm build` first). */
  readonly distIsStale: boolean;
}

/**
 * Milliseconds one fresh Node process spends importing `specifiers`, with no
 * export conditions, so @shipbridge/core resolves to its built dist.
 */
export function coldImport(specifiers: readonly string[]): ImportTime {
  const imports = specifiers.map((s) => `await import(${JSON.stringify(s)});`).join(" ");
  const resolved = `${JSON.stringify(specifiers)}.map((s) => import.meta.resolve(s))`;
  const script = `const t = performance.now(); const c = process.cpuUsage(); ${imports} const ms = performance.now() - t; const { user, system } = process.cpuUsage(c); process.stdout.write(JSON.stringify({ ms, cpuMs: (user + system) / 1000, from: ${resolved} }));`;
  const args = ["--input-type=module", "-e", script];
  const env = { ...process.env };
  delete env.NODE_OPTIONS; // no inherited --conditions: resolve as a user's project would
  const run = spawnSync(process.execPath, args, { cwd: packageDir, encoding: "utf8", env });
  if (run.status !== 0) throw new Error(`importing ${specifiers.join(", ")} failed: ${run.stderr}`);
  const { ms, cpuMs, from } = JSON.parse(run.stdout) as ImportTime & { from: string[] };
  const source = from.find((url) => url.includes("/packages/core/src/"));
  if (source !== undefined) throw new Error(`the import resolved to the sources (${source})`);
  return { ms, cpuMs };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The newest modification time of the package's sources, tests excluded. */
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith(".ts") && !entry.name.includes(".test")) {
      newest = Math.max(newest, statSync(path).mtimeMs);
    }
  }
  return newest;
}

/**
 * Cold imports of the built package (dist, as npm users get it) against zod
 * and ky alone. Importing the TypeScript sources would measure type
 * stripping, not the package, so a missing build is an error.
 */
export function runImportBench(options: { readonly runs?: number } = {}): ImportBenchResult {
  const runs = options.runs ?? 31;
  const dist = join(packageDir, "dist", "index.js");
  if (!existsSync(dist)) {
    throw new Error("dist/index.js is missing: run `pnpm build` before `pnpm bench`");
  }
  const distIsStale = statSync(dist).mtimeMs < newestSource(join(packageDir, "src"));
  // One untimed import of each warms the file system cache.
  coldImport(["@shipbridge/core"]);
  coldImport(["zod", "ky"]);
  const core: ImportTime[] = [];
  const zodKy: ImportTime[] = [];
  const oauth: ImportTime[] = [];
  const zod: ImportTime[] = [];
  for (let i = 0; i < runs; i++) {
    // Alternate which goes first, so neither always runs right after the other.
    if (i % 2 === 0) {
      core.push(coldImport(["@shipbridge/core"]));
      zodKy.push(coldImport(["zod", "ky"]));
    } else {
      zodKy.push(coldImport(["zod", "ky"]));
      core.push(coldImport(["@shipbridge/core"]));
    }
    oauth.push(coldImport(["@shipbridge/core/oauth"]));
    zod.push(coldImport(["zod"]));
  }
  const medians = (times: ImportTime[]): ImportTime => ({
    ms: median(times.map((time) => time.ms)),
    cpuMs: median(times.map((time) => time.cpuMs)),
  });
  return {
    core: medians(core),
    zodKy: medians(zodKy),
    oauth: medians(oauth),
    zod: medians(zod),
    runs,
    distIsStale,
  };
}

/** The result as printable lines, ratios included. */
export function formatImportBench(result: ImportBenchResult): string[] {
  const { core, zodKy, oauth, zod } = result;
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
  const stale = result.distIsStale ? " (dist OLDER THAN src: run pnpm build)" : "";
  return [
    `cold import, median of ${result.runs} fresh processes each${stale}:`,
    `  zod + ky:          ${ms(zodKy.ms)} elapsed, ${ms(zodKy.cpuMs)} CPU`,
    `  @shipbridge/core:  ${ms(core.ms)} elapsed (${ratio(core.ms, zodKy.ms)}), ${ms(core.cpuMs)} CPU (${ratio(core.cpuMs, zodKy.cpuMs)})`,
    `  zod alone:         ${ms(zod.ms)} elapsed, ${ms(zod.cpuMs)} CPU`,
    `  @shipbridge/core/oauth: ${ms(oauth.ms)} elapsed (${ratio(oauth.ms, zod.ms)} zod), ${ms(oauth.cpuMs)} CPU (${ratio(oauth.cpuMs, zod.cpuMs)})`,
  ];
}

if (import.meta.main) {
  for (const line of formatImportBench(runImportBench())) console.log(line);
}
