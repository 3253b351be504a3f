// The Shopify app of @shipbridge/shopify, in this process, on its own port,
// against the simulated store: installed on the demo shop at the first start
// through the app's own OAuth routes (the fake approves the install), exactly
// as a merchant's click in the Shopify admin would.
import { createHmac } from "node:crypto";
import { type ServerType, serve } from "@hono/node-server";
import { createShopifyApp, type ShopifyApp } from "@shipbridge/shopify";
import type { ServiceCredentials } from "../../server/config.ts";
import { listening } from "../../server/listen.ts";
import { DEMO_SCOPES, DEMO_SHOP, type FakeStore } from "./fake-store.ts";

export const SHOPIFY_API_KEY = "shipbridge-demo-app";

export interface RunningShopifyApp {
  readonly app: ShopifyApp;
  readonly url: string;
  close(): Promise<void>;
}

export async function startShopifyApp(options: {
  readonly port: number;
  readonly apiSecretKey: string;
  readonly databaseUrl: string;
  readonly shipping: ServiceCredentials;
}): Promise<RunningShopifyApp> {
  // The app's URL must be known before it listens: take the port first.
  let server: ServerType | undefined;
  let handler: ShopifyApp | undefined;
  server = serve({
    fetch: (request) => (handler ? handler(request) : new Response("starting", { status: 503 })),
    port: options.port,
    hostname: "127.0.0.1",
  });
  const port = await listening(server);
  const url = `http://127.0.0.1:${port}`;
  const app = createShopifyApp({
    apiKey: SHOPIFY_API_KEY,
    apiSecretKey: options.apiSecretKey,
    appUrl: url,
    databaseUrl: options.databaseUrl,
    shipping: options.shipping,
    pollingIntervalSeconds: 1,
  });
  await app.ready();
  handler = app;
  return {
    app,
    url,
    async close() {
      await new Promise<void>((resolve) => {
        server?.close(() => resolve());
        server = undefined;
      });
      await app.close();
    },
  };
}

function signedQuery(secret: string, params: Record<string, string>): string {
  const sorted = Object.keys(params)
    .sort()
    .map((key) => [key, params[key] as string]);
  const message = new URLSearchParams(sorted).toString().replace(/\+/g, "%20");
  const hmac = createHmac("sha256", secret).update(message).digest("hex");
  return new URLSearchParams([...sorted, ["hmac", hmac]]).toString();
}

/** The merchant installs the app on the demo shop (authorization code, approved by the fake). */
export async function installOnDemoShop(
  running: RunningShopifyApp,
  store: FakeStore,
  apiSecretKey: string,
): Promise<void> {
  store.fake.addShop(DEMO_SHOP, DEMO_SCOPES);
  store.save();
  const begin = await running.app(new Request(`${running.url}/auth?shop=${DEMO_SHOP}`));
  if (begin.status !== 302) throw new Error(`the app's /auth answered ${begin.status}`);
  const state = new URL(begin.headers.get("location") ?? "").searchParams.get("state") ?? "";
  const cookie = begin.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  const query = signedQuery(apiSecretKey, {
    code: store.fake.approveInstall(DEMO_SHOP),
    shop: DEMO_SHOP,
    state,
    timestamp: String(Math.floor(Date.now() / 1000)),
  });
  const callback = await running.app(
    new Request(`${running.url}/auth/callback?${query}`, { headers: { cookie } }),
  );
  if (callback.status !== 302) {
    throw new Error(`the app's /auth/callback answered ${callback.status}`);
  }
  store.save();
}
