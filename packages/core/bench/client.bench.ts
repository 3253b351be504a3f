// Benchmarks of the REST client: the per-request time of ShippingClient
// against plain fetch and bare ky on the same local HTTP server (so the
// ratios show what the client's hooks, validation and parsing cost), and the
// cold import time of the built @shipbridge/core (dist: run `pnpm build`
// first, as turbo's bench task does) against importing zod and ky alone, each
// import measured in a fresh Node process.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import ky from "ky";
import { Bench } from "tinybench";
import { ShippingClient, staticToken } from "../src/api/index.ts";

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");

const SERVICES = JSON.stringify({
  services: [
    { id: 101, service: "inpost", name: "InPost Paczkomaty", service_contract: "furgonetka" },
    { id: 102, service: "dpd", name: "DPD Classic", service_contract: "furgonetka" },
    { id: 103, service: "poczta", name: "Poczta Polska", service_contract: "own" },
  ],
});

/** A tiny server answering every request with the same account services list. */
function startServer(): Promise<{ server: Server; baseUrl: string }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/vnd.furgonetka.v1+json" });
    response.end(SERVICES);
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, baseUrl: `http://127.0.0.1:${port}` });
    });
  });
}

/** The ShippingClient's per-request time over a baseline's, per round. */
export interface Ratio {
  /** The median over the rounds of each round's ratio. */
  readonly median: number;
  readonly min: number;
  readonly max: number;
}

/** What the client may cost per request over bare ky. */
export const CLIENT_OVER_KY_TARGET = 1.15;

export interface ClientBenchResult {
  /** Milliseconds per request: the median over rounds of each round's median. */
  readonly fetchMs: number;
  readonly kyMs: number;
  readonly clientMs: number;
  /** ShippingClient over bare ky and over plain fetch, taken round by round. */
  readonly clientOverKy: Ratio;
  readonly clientOverFetch: Ratio;
  /** Median milliseconds of a cold import, each in a fresh process. */
  readonly importCoreMs: number;
  readonly importZodKyMs: number;
  /** Whether the imported dist is older than the sources (run `pnpm build` first). */
  readonly distIsStale: boolean;
}

async function measureRequests(
  timeMs: number,
  rounds: number,
): Promise<
  Pick<ClientBenchResult, "fetchMs" | "kyMs" | "clientMs" | "clientOverKy" | "clientOverFetch">
> {
  const { server, baseUrl } = await startServer();
  try {
    const headers = {
      accept: "application/vnd.furgonetka.v1+json",
      authorization: "Bearer bench-token",
    };
    const bareKy = ky.create({ headers, retry: 0 });
    const client = new ShippingClient({ baseUrl, auth: staticToken("bench-token") });
    const tasks: Record<string, () => Promise<unknown>> = {
      fetch: async () => {
        const response = await fetch(`${baseUrl}/account/services`, { headers });
        return response.json();
      },
      ky: () => bareKy.get(`${baseUrl}/account/services`).json(),
      ShippingClient: () => client.account.services(),
    };
    // On a busy machine one long run per task lets a burst of noise land on one
    // side of a ratio. So: several short rounds, the order of the tasks
    // rotated each round, each round's median latency kept, and the median of
    // those reported. The first round only warms the JIT, sockets and server.
    const names = Object.keys(tasks);
    const medians: Record<string, number[]> = { fetch: [], ky: [], ShippingClient: [] };
    for (let round = 0; round <= rounds; round++) {
      const order = names.map((_, i) => names[(i + round) % names.length] as string);
      const bench = new Bench({ time: timeMs, warmup: true });
      for (const name of order) bench.add(name, tasks[name] as () => Promise<unknown>);
      await bench.run();
      if (round === 0) continue;
      for (const name of names) {
        const result = bench.getTask(name)?.result;
        if (!result || !("latency" in result))
          throw new Error(`the ${name} benchmark did not complete`);
        medians[name]?.push(result.latency.p50);
      }
    }
    const of = (name: string): number => median(medians[name] ?? []);
    // Ratios within a round compare times taken moments apart, so a burst of
    // load elsewhere on the machine shifts both sides alike.
    const ratio = (baseline: string): Ratio => {
      const client = medians.ShippingClient ?? [];
      const perRound = client.map((ms, i) => ms / (medians[baseline]?.[i] ?? Number.NaN));
      return { median: median(perRound), min: Math.min(...perRound), max: Math.max(...perRound) };
    };
    return {
      fetchMs: of("fetch"),
      kyMs: of("ky"),
      clientMs: of("ShippingClient"),
      clientOverKy: ratio("ky"),
      clientOverFetch: ratio("fetch"),
    };
  } finally {
    server.close();
  }
}

/**
 * Milliseconds one fresh Node process spends importing `specifiers`, with no
 * export conditions, so @shipbridge/core resolves to its built dist.
 */
function coldImport(specifiers: readonly string[]): number {
  const script = `const t = performance.now(); ${specifiers
    .map((s) => `await import(${JSON.stringify(s)});`)
    .join(
      " ",
    )} const ms = performance.now() - t; process.stdout.write(JSON.stringify({ ms, from: ${JSON.stringify(specifiers)}.map((s) => import.meta.resolve(s)) }));`;
  const args = ["--input-type=module", "-e", script];
  const env = { ...process.env };
  delete env.NODE_OPTIONS; // no inherited --conditions: resolve as a user's project would
  const run = spawnSync(process.execPath, args, { cwd: packageDir, encoding: "utf8", env });
  if (run.status !== 0) throw new Error(`importing ${specifiers.join(", ")} failed: ${run.stderr}`);
  const { ms, from } = JSON.parse(run.stdout) as { ms: number; from: string[] };
  const source = from.find((url) => url.includes("/packages/core/src/"));
  if (source !== undefined) throw new Error(`the import resolved to the sources (${source})`);
  return ms;
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
function measureImports(
  runs: number,
): Pick<ClientBenchResult, "importCoreMs" | "importZodKyMs" | "distIsStale"> {
  const dist = join(packageDir, "dist", "index.js");
  if (!existsSync(dist)) {
    throw new Error("dist/index.js is missing: run `pnpm build` before `pnpm bench`");
  }
  const distIsStale = statSync(dist).mtimeMs < newestSource(join(packageDir, "src"));
  const core: number[] = [];
  const zodKy: number[] = [];
  for (let i = 0; i < runs; i++) {
    core.push(coldImport(["@shipbridge/core"]));
    zodKy.push(coldImport(["zod", "ky"]));
  }
  return { importCoreMs: median(core), importZodKyMs: median(zodKy), distIsStale };
}

export async function runClientBench(
  options: {
    readonly timeMs?: number;
    readonly rounds?: number;
    readonly importRuns?: number;
  } = {},
): Promise<ClientBenchResult> {
  const requests = await measureRequests(options.timeMs ?? 300, options.rounds ?? 7);
  const imports = measureImports(options.importRuns ?? 11);
  return { ...requests, ...imports };
}

/** The result as printable lines, ratios included. */
export function formatClientBench(result: ClientBenchResult): string[] {
  const ms = (n: number) => `${n.toFixed(3)} ms`;
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
  const x = (n: number) => `${n.toFixed(2)}x`;
  const rounds = (r: Ratio) => `${x(r.median)} (rounds ${x(r.min)} to ${x(r.max)})`;
  const overKy = result.clientOverKy.median;
  const verdict = overKy <= CLIENT_OVER_KY_TARGET ? "within" : "OVER";
  return [
    `REST request, plain fetch:     ${ms(result.fetchMs)}`,
    `REST request, bare ky:         ${ms(result.kyMs)} (${ratio(result.kyMs, result.fetchMs)} fetch)`,
    `REST request, ShippingClient:  ${ms(result.clientMs)} (${ratio(result.clientMs, result.fetchMs)} fetch, ${ratio(result.clientMs, result.kyMs)} ky)`,
    `ShippingClient per request:    ${rounds(result.clientOverKy)} bare ky, ${rounds(result.clientOverFetch)} plain fetch; ${verdict} the ${x(CLIENT_OVER_KY_TARGET)} ky target`,
    `cold import @shipbridge/core (dist${result.distIsStale ? ", OLDER THAN src: run pnpm build" : ""}): ${ms(result.importCoreMs)}`,
    `cold import zod + ky:          ${ms(result.importZodKyMs)} (core is ${ratio(result.importCoreMs, result.importZodKyMs)})`,
  ];
}

if (import.meta.main) {
  const result = await runClientBench();
  for (const line of formatClientBench(result)) console.log(line);
}
