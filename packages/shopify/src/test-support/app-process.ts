// Test support: one app instance with its job workers in a process of its
// own, for tests that kill it (SIGKILL) part way through a job. Run with
// `node --conditions=@shipbridge/source`; configured by the environment:
// APP_CONFIG (the app's configuration as JSON), FAKE_SHOPIFY_BRIDGE (where
// FakeShopify is served, see fake-shopify-bridge.ts) and SANDBOX_CLOCK
// (`advance`: the shipping client's waits move the sandbox's clock, as the
// harness's instances do; otherwise they take real time). Prints "ready"
// once its workers run.
import { setAbstractFetchFunc } from "@shopify/shopify-api/runtime";
import { createShopifyApp } from "../app/create-shopify-app.ts";
import type { ShopifyAppConfig } from "../config/app-config.ts";
import { FAKE_URL_HEADER } from "./fake-shopify-bridge.ts";

const bridge = process.env.FAKE_SHOPIFY_BRIDGE ?? "";
setAbstractFetchFunc(async (input, init) => {
  const request = new Request(input, init);
  const url = new URL(request.url);
  if (!url.hostname.endsWith(".myshopify.com")) return fetch(request);
  const headers = new Headers(request.headers);
  headers.set(FAKE_URL_HEADER, request.url);
  const body =
    request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
  return fetch(`${bridge}${url.pathname}${url.search}`, { method: request.method, headers, body });
});

const config = JSON.parse(process.env.APP_CONFIG ?? "{}") as ShopifyAppConfig;
const control = `${config.shipping.baseUrl}/_sandbox/clock/advance`;
const app = createShopifyApp({
  ...config,
  shipping: {
    ...config.shipping,
    client: {
      ...config.shipping.client,
      ...(process.env.SANDBOX_CLOCK === "advance"
        ? {
            sleep: async (ms: number, signal?: AbortSignal) => {
              signal?.throwIfAborted();
              await fetch(control, {
                method: "POST",
                headers: { "content-type": "application/json" },
                body: JSON.stringify({ seconds: ms / 1000 }),
              });
            },
          }
        : {}),
    },
  },
});
await app.ready();
process.stdout.write("ready\n");
