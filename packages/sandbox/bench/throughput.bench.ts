// Requests per second of the sandbox against a bare Hono server on
// @hono/node-server, measured in the same run on loopback with Node's fetch:
// a GET of a REST resource, POST /packages/validate and the token endpoint.
// Each measurement runs CONNECTIONS concurrent request loops for a bounded
// time and count, in alternating rounds; the figures are medians of the
// ratios (sandbox / bare Hono), so the machine's speed and load cancel out.
import { spawn } from "node:child_process";
import { join } from "node:path";

const CONNECTIONS = 8;
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 1500);
/** Rounds per case, bare and sandbox alternating, so that load from elsewhere hits both alike. */
const ROUNDS = 5;
const MAX_REQUESTS = 200_000;
const WARMUP_MS = 300;

const BASIC = `Basic ${Buffer.from("demo-client:demo-secret").toString("base64")}`;
const V2 = "application/vnd.furgonetka.v2+json";

const SAMPLE = {
  service: "inpost",
  pickup: {
    name: "Jan Kowalski",
    company: "Sklep Demo",
    street: "Marszałkowska 1",
    postcode: "00-001",
    city: "Warszawa",
    country_code: "PL",
    phone: "500100200",
    email: "sklep@example.com",
  },
  receiver: {
    name: "Anna Nowak",
    street: "Floriańska 5",
    postcode: "31-019",
    city: "Kraków",
    country_code: "PL",
    phone: "500200300",
    email: "anna.nowak@example.com",
  },
  parcels: [{ width: 30, depth: 20, height: 10, weight: 2, type: "package" }],
};

async function rate(request: () => Promise<Response>): Promise<number> {
  const run = async (ms: number) => {
    let done = 0;
    let failed = 0;
    const until = performance.now() + ms;
    const loop = async () => {
      while (performance.now() < until && done < MAX_REQUESTS) {
        const response = await request();
        await response.arrayBuffer();
        if (response.status >= 400) failed++;
        done++;
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: CONNECTIONS }, loop));
    if (failed > 0) throw new Error(`${failed} of ${done} requests failed`);
    return done / ((performance.now() - started) / 1000);
  };
  await run(WARMUP_MS);
  return run(DURATION_MS);
}

// The servers run in a child process (bench/servers.ts), so that the load
// generator here does not share a thread with them.
const child = spawn(
  process.execPath,
  ["--conditions=@shipbridge/source", join(import.meta.dirname, "servers.ts")],
  { stdio: ["ignore", "pipe", "inherit"] },
);
const { bareUrl, baseUrl } = await new Promise<{ bareUrl: string; baseUrl: string }>(
  (resolve, reject) => {
    child.stdout.once("data", (chunk: Buffer) => resolve(JSON.parse(chunk.toString("utf8"))));
    child.once("exit", (code) => reject(new Error(`the servers exited with ${code}`)));
  },
);
const bare = { url: bareUrl };
const sandbox = { baseUrl };
const token = (await (
  await fetch(`${sandbox.baseUrl}/oauth/token`, {
    method: "POST",
    headers: { authorization: BASIC, "content-type": "application/x-www-form-urlencoded" },
    body: "grant_type=password&username=demo%40shipbridge.dev&password=demo-password",
  })
).json()) as { access_token: string };
const auth = { authorization: `Bearer ${token.access_token}`, accept: V2 };
const created = (await (
  await fetch(`${sandbox.baseUrl}/packages`, {
    method: "POST",
    headers: { ...auth, "content-type": V2 },
    body: JSON.stringify(SAMPLE),
  })
).json()) as { package_id: number };
const body = JSON.stringify(SAMPLE);

const cases: Array<[string, () => Promise<Response>, () => Promise<Response>]> = [
  [
    "GET /packages/{id}",
    () => fetch(`${bare.url}/resource/${created.package_id}`, { headers: auth }),
    () => fetch(`${sandbox.baseUrl}/packages/${created.package_id}`, { headers: auth }),
  ],
  [
    "POST /packages/validate",
    () =>
      fetch(`${bare.url}/validate`, {
        method: "POST",
        headers: { ...auth, "content-type": V2 },
        body,
      }),
    () =>
      fetch(`${sandbox.baseUrl}/packages/validate`, {
        method: "POST",
        headers: { ...auth, "content-type": V2 },
        body,
      }),
  ],
  [
    "POST /oauth/token (client_credentials)",
    () =>
      fetch(`${bare.url}/token`, {
        method: "POST",
        headers: { authorization: BASIC, "content-type": "application/x-www-form-urlencoded" },
        body: "grant_type=client_credentials",
      }),
    () =>
      fetch(`${sandbox.baseUrl}/oauth/token`, {
        method: "POST",
        headers: { authorization: BASIC, "content-type": "application/x-www-form-urlencoded" },
        body: "grant_type=client_credentials",
      }),
  ],
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

console.log(
  `${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION_MS} ms; medians`,
);
console.log("| request | bare Hono req/s | sandbox req/s | ratio |");
console.log("| --- | ---: | ---: | ---: |");
for (const [name, baseline, measured] of cases) {
  const bareRates: number[] = [];
  const sandboxRates: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const bareRate = await rate(baseline);
    const sandboxRate = await rate(measured);
    bareRates.push(bareRate);
    sandboxRates.push(sandboxRate);
    ratios.push(sandboxRate / bareRate);
  }
  console.log(
    `| ${name} | ${Math.round(median(bareRates))} | ${Math.round(median(sandboxRates))} | ${median(ratios).toFixed(2)}x |`,
  );
}
child.kill("SIGTERM");
