// Benchmark of the carrier-rate callback: p50 and p99 of one signed rate
// request through the whole app (HMAC, settings, quote and points search in
// parallel, cache), with 50 ms of latency injected into every request the
// sandbox answers, on a cache miss and on a cache hit, against the same
// quote from core's calculatePrice alone, in one run.
import { OAuthClient, ShippingClient } from "@shipbridge/core";
import { authorizeInBrowser, startSandbox } from "@shipbridge/sandbox";
import { startPostgres } from "@shipbridge/tooling/embedded-postgres";
import pg from "pg";
import { Bench } from "tinybench";
import { createShopifyApp } from "../src/app/create-shopify-app.ts";
import { DEFAULT_SETTINGS, saveSettings } from "../src/store/settings.ts";
import { FakeShopify } from "../src/testing/fake-shopify.ts";
import { SAMPLE_PARCEL, SAMPLE_SENDER } from "../src/testing/orders.ts";
import { routeShopifyFetch } from "../src/testing/route-shopify-fetch.ts";
import { rateCallbackRequest } from "../src/testing/signed-requests.ts";

const APP_URL = "https://ship.example.test";
const KEYS = { apiKey: "bench-key", apiSecretKey: "bench-secret" };
const SERVICE = { clientId: "bench-app", clientSecret: "bench-app-secret" };
const USER = { username: "bench@shipbridge.dev", password: "bench-password" };
const SHOP = "bench-shop.myshopify.com";
const LATENCY_MS = 50;

const postgres = await startPostgres();
const sandbox = await startSandbox({
  port: 0,
  accountPort: 0,
  config: {
    applications: [
      {
        client_id: SERVICE.clientId,
        client_secret: SERVICE.clientSecret,
        redirect_uri: `${APP_URL}/connect/callback`,
      },
    ],
    users: [{ ...USER, companies: [{ id: "1", name: "Bench" }] }],
  },
});
const fake = new FakeShopify(KEYS);
const undo = routeShopifyFetch(fake);
const app = createShopifyApp({
  ...KEYS,
  appUrl: APP_URL,
  databaseUrl: postgres.connectionString,
  runWorkers: false,
  rateDeadlineMs: 2500,
  shipping: { baseUrl: sandbox.baseUrl, accountUrl: sandbox.accountUrl, ...SERVICE },
});

function cookies(response: Response, previous = ""): string {
  const fresh = response.headers.getSetCookie().map((header) => header.split(";")[0]);
  return [previous, ...fresh].filter(Boolean).join("; ");
}

try {
  await app.ready();
  // The merchant's side: a session cookie via a standalone install, then the shipping account.
  fake.addShop(SHOP, ["read_orders", "write_shipping"]);
  const pool = new pg.Pool({ connectionString: postgres.connectionString, max: 1 });
  await saveSettings(pool, SHOP, {
    ...DEFAULT_SETTINGS,
    sender: SAMPLE_SENDER,
    parcel: SAMPLE_PARCEL,
    ratesEnabled: true,
  });
  const sessionCookie = await (async () => {
    const begin = await app(new Request(`${APP_URL}/auth?shop=${SHOP}`));
    const state = new URL(begin.headers.get("location") ?? "").searchParams.get("state") ?? "";
    const { signedCallbackQuery } = await import("../src/test-support/signed-callback-query.ts");
    const query = signedCallbackQuery(KEYS.apiSecretKey, {
      code: fake.approveInstall(SHOP),
      shop: SHOP,
      state,
      timestamp: String(Math.floor(Date.now() / 1000)),
    });
    const callback = await app(
      new Request(`${APP_URL}/auth/callback?${query}`, { headers: { cookie: cookies(begin) } }),
    );
    return cookies(callback, cookies(begin));
  })();
  const connect = await app(
    new Request(`${APP_URL}/connect`, { headers: { cookie: sessionCookie } }),
  );
  const back = await authorizeInBrowser(connect.headers.get("location") ?? "", USER);
  await app(new Request(back, { headers: { cookie: cookies(connect, sessionCookie) } }));
  await pool.end();

  const oauth = new OAuthClient({
    ...SERVICE,
    baseUrl: sandbox.baseUrl,
    accountUrl: sandbox.accountUrl,
  });
  await oauth.loginWithPassword(USER);
  const client = new ShippingClient({ baseUrl: sandbox.baseUrl, auth: oauth });

  await fetch(`${sandbox.baseUrl}/_sandbox/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ latency_ms: LATENCY_MS, rate: 1 }),
  });

  const rate = (postcode: string) => ({
    origin: { country: "PL", postal_code: "00-624", city: "Warszawa" },
    destination: { country: "PL", postal_code: postcode, city: "Gdańsk", address1: "ul. Długa 5" },
    items: [{ name: "Mug", quantity: 3, grams: 400, price: 3990, requires_shipping: true }],
    currency: "PLN",
    locale: "pl",
  });
  const ask = async (postcode: string) => {
    const response = await app(
      rateCallbackRequest({
        url: `${APP_URL}/rates`,
        apiSecretKey: KEYS.apiSecretKey,
        shop: SHOP,
        rate: rate(postcode),
      }),
    );
    const body = (await response.json()) as { rates: unknown[] };
    if (body.rates.length === 0) throw new Error("no rates");
  };
  let next = 10_000;
  const freshPostcode = () => {
    next += 1;
    const digits = String(next).padStart(5, "0");
    return `${digits.slice(0, 2)}-${digits.slice(2)}`;
  };

  // Twenty samples each: a miss takes about a second (the quote is "pending" at first and core asks again).
  const bench = new Bench({ time: 500, iterations: 20, warmup: true, warmupIterations: 2 });
  bench
    .add("calculatePrice alone", () =>
      client.packages.calculatePrice({
        package: {
          pickup: { postcode: "00-624", country_code: "PL" },
          receiver: { postcode: freshPostcode(), country_code: "PL" },
          parcels: [{ ...SAMPLE_PARCEL, weight: 1.2, type: "package" }],
        },
        services: { service: [...DEFAULT_SETTINGS.services] },
      }),
    )
    .add("rate callback, cache miss", () => ask(freshPostcode()))
    .add("rate callback, cache hit", () => ask("80-831"));
  await bench.run();

  const line = (name: string) => {
    const result = bench.getTask(name)?.result;
    if (!result || !("latency" in result)) throw new Error(`${name} did not complete`);
    return `${name.padEnd(28)} p50 ${result.latency.p50?.toFixed(1)} ms  p99 ${result.latency.p99?.toFixed(1)} ms  (${result.latency.samplesCount} samples)`;
  };
  console.log(`Rate callback with ${LATENCY_MS} ms of injected service latency:`);
  for (const name of [
    "calculatePrice alone",
    "rate callback, cache miss",
    "rate callback, cache hit",
  ])
    console.log(line(name));
} finally {
  await app.close();
  undo();
  await sandbox.close();
  await postgres.stop();
}
