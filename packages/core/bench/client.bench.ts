// Benchmarks of the REST client: the per-request time of ShippingClient
// against plain fetch and bare ky on the same local HTTP server (so the
// ratios show what the client's hooks, validation and parsing cost). The cold
// import of the package is measured in import.bench.ts.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import ky from "ky";
import { Bench } from "tinybench";
import { ShippingClient, staticToken } from "../src/api/index.ts";

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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export async function runClientBench(
  options: { readonly timeMs?: number; readonly rounds?: number } = {},
): Promise<ClientBenchResult> {
  return measureRequests(options.timeMs ?? 300, options.rounds ?? 7);
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
  ];
}

if (import.meta.main) {
  const result = await runClientBench();
  for (const line of formatClientBench(result)) console.log(line);
}
