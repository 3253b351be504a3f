// Benchmark of the provider's calculatePrice on a cart refresh (Medusa prices
// every calculated method on every cart change), against core's
// calculatePrice alone, in one run on the local sandbox over real HTTP:
// - core, same cart / new cart: client.packages.calculatePrice for the same
//   package every time, or for a new address every time (the sandbox, like
//   the service, answers a package it has not quoted yet with "pending in
//   the background" first, and the client asks again);
// - provider, cache miss: a cart the provider has not seen (a new address);
// - provider, cache hit: the same cart again (its quote cache).
// The ratios against core show what the provider adds on a miss and saves on
// a hit. PostgreSQL (for the provider's tokens) is an embedded one.
import { startSandbox } from "@shipbridge/sandbox";
import { startPostgres } from "@shipbridge/tooling/embedded-postgres";
import { Bench } from "tinybench";
import { quoteRequest } from "../src/lib/medusa-order.ts";
import { ShipbridgeFulfillmentService } from "../src/providers/shipbridge/service.ts";

const postgres = await startPostgres();
const sandbox = await startSandbox({ port: 0, accountPort: 0 });
try {
  const provider = new ShipbridgeFulfillmentService(
    {},
    {
      clientId: "demo-client",
      clientSecret: "demo-secret",
      username: "demo@shipbridge.dev",
      password: "demo-password",
      baseUrl: sandbox.baseUrl,
      accountUrl: sandbox.accountUrl,
      databaseUrl: postgres.connectionString,
      sender: {
        name: "Jan Kowalski",
        street: "ul. Marszałkowska 1",
        postcode: "00-624",
        city: "Warszawa",
        country_code: "PL",
        phone: "501234567",
      },
      services: [{ service: "dpd" }],
      flatPrice: 19.99,
      quoteTimeoutMs: 30_000,
    },
  );
  const items = [{ quantity: 2, variant: { weight: 400 } }];
  const cart = (postcode: string) => ({
    shipping_address: {
      address_1: "ul. Długa 5",
      postal_code: postcode,
      city: "Gdańsk",
      country_code: "pl",
    },
    items,
  });
  const request = quoteRequest("dpd", cart("80-831").shipping_address, items, provider.options);
  let fresh = 0;
  const newPostcode = () => {
    fresh += 1;
    return `8${String(fresh % 10)}-${String(100 + (fresh % 900)).padStart(3, "0")}`;
  };
  // Warm the token and the cache of the "hit" cart.
  await provider.calculatePrice({ service: "dpd" }, {}, cart("80-831"));

  const bench = new Bench({ time: 3000, iterations: 5, warmup: false });
  bench
    .add("core, same cart", () => provider.connection.client.packages.calculatePrice(request))
    .add("core, new cart", () =>
      provider.connection.client.packages.calculatePrice(
        quoteRequest("dpd", cart(newPostcode()).shipping_address, items, provider.options),
      ),
    )
    .add("provider, cache miss", () =>
      provider.calculatePrice({ service: "dpd" }, {}, cart(newPostcode())),
    )
    .add("provider, cache hit", () =>
      provider.calculatePrice({ service: "dpd" }, {}, cart("80-831")),
    );
  await bench.run();

  const p50 = (name: string) => {
    const result = bench.getTask(name)?.result;
    if (!result || !("latency" in result)) throw new Error(`${name} did not complete`);
    return result.latency.p50;
  };
  const same = p50("core, same cart");
  const fresh_ = p50("core, new cart");
  const rows: [string, number, number][] = [
    ["core, same cart", same, same],
    ["core, new cart", fresh_, fresh_],
    ["provider, cache miss", p50("provider, cache miss"), fresh_],
    ["provider, cache hit", p50("provider, cache hit"), same],
  ];
  for (const [name, ms, base] of rows) {
    console.log(
      `${name.padEnd(22)} ${ms.toFixed(3).padStart(10)} ms   ×${(ms / base).toFixed(4)} of core`,
    );
  }
  await provider.connection.close();
} finally {
  await sandbox.close();
  await postgres.stop();
}
