// Benchmarks of the REST client: the per-request time of ShippingClient
// against plain fetch and bare ky on the same local HTTP server (so the
// ratios show what the client's hooks, validation and parsing cost), and the
// cold import time of @shipbridge/core against importing zod and ky alone,
// each import measured in a fresh Node process.
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

export interface ClientBenchResult {
  /** Mean milliseconds per request. */
  readonly fetchMs: number;
  readonly kyMs: number;
  readonly clientMs: number;
  /** Median milliseconds of a cold import, each in a fresh process. */
  readonly importCoreMs: number;
  readonly importZodKyMs: number;
  /** Which build of @shipbridge/core was imported. */
  readonly importedFrom: "dist" | "source";
}

async function measureRequests(
  timeMs: number,
): Promise<Pick<ClientBenchResult, "fetchMs" | "kyMs" | "clientMs">> {
  const { server, baseUrl } = await startServer();
  try {
    const headers = {
      accept: "application/vnd.furgonetka.v1+json",
      authorization: "Bearer bench-token",
    };
    const bareKy = ky.create({ headers, retry: 0 });
    const client = new ShippingClient({ baseUrl, auth: staticToken("bench-token") });
    const bench = new Bench({ time: timeMs, warmup: true });
    bench
      .add("fetch", async () => {
        const response = await fetch(`${baseUrl}/account/services`, { headers });
        await response.json();
      })
      .add("ky", async () => {
        await bareKy.get(`${baseUrl}/account/services`).json();
      })
      .add("ShippingClient", async () => {
        await client.account.services();
      });
    // The first run warms the JIT, the sockets and the server; the second is measured.
    await bench.run();
    bench.reset();
    await bench.run();
    const mean = (name: string): number => {
      const result = bench.tasks.find((t) => t.name === name)?.result;
      if (!result || !("latency" in result))
        throw new Error(`the ${name} benchmark did not complete`);
      return result.latency.mean;
    };
    return { fetchMs: mean("fetch"), kyMs: mean("ky"), clientMs: mean("ShippingClient") };
  } finally {
    server.close();
  }
}

/** Milliseconds one fresh Node process spends importing `specifiers`. */
function coldImport(specifiers: readonly string[], conditions: readonly string[]): number {
  const script = `const t = performance.now(); ${specifiers
    .map((s) => `await import(${JSON.stringify(s)});`)
    .join(" ")} process.stdout.write(String(performance.now() - t));`;
  const args = [...conditions.map((c) => `--conditions=${c}`), "--input-type=module", "-e", script];
  const run = spawnSync(process.execPath, args, { cwd: packageDir, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`importing ${specifiers.join(", ")} failed: ${run.stderr}`);
  return Number(run.stdout);
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

/** The built dist when it exists and is not older than the sources; else the sources. */
function distIsCurrent(): boolean {
  const dist = join(packageDir, "dist", "index.js");
  return existsSync(dist) && statSync(dist).mtimeMs >= newestSource(join(packageDir, "src"));
}

function measureImports(
  runs: number,
): Pick<ClientBenchResult, "importCoreMs" | "importZodKyMs" | "importedFrom"> {
  const fromDist = distIsCurrent();
  const conditions = fromDist ? [] : ["@shipbridge/source"];
  const core: number[] = [];
  const zodKy: number[] = [];
  for (let i = 0; i < runs; i++) {
    core.push(coldImport(["@shipbridge/core"], conditions));
    zodKy.push(coldImport(["zod", "ky"], []));
  }
  return {
    importCoreMs: median(core),
    importZodKyMs: median(zodKy),
    importedFrom: fromDist ? "dist" : "source",
  };
}

export async function runClientBench(
  options: { readonly timeMs?: number; readonly importRuns?: number } = {},
): Promise<ClientBenchResult> {
  const requests = await measureRequests(options.timeMs ?? 1_000);
  const imports = measureImports(options.importRuns ?? 7);
  return { ...requests, ...imports };
}

/** The result as printable lines, ratios included. */
export function formatClientBench(result: ClientBenchResult): string[] {
  const ms = (n: number) => `${n.toFixed(3)} ms`;
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
  return [
    `REST request, plain fetch:     ${ms(result.fetchMs)}`,
    `REST request, bare ky:         ${ms(result.kyMs)} (${ratio(result.kyMs, result.fetchMs)} fetch)`,
    `REST request, ShippingClient:  ${ms(result.clientMs)} (${ratio(result.clientMs, result.fetchMs)} fetch, ${ratio(result.clientMs, result.kyMs)} ky)`,
    `cold import @shipbridge/core (${result.importedFrom}): ${ms(result.importCoreMs)}`,
    `cold import zod + ky:          ${ms(result.importZodKyMs)} (core is ${ratio(result.importCoreMs, result.importZodKyMs)})`,
  ];
}

if (import.meta.main) {
  const result = await runClientBench();
  for (const line of formatClientBench(result)) console.log(line);
}
