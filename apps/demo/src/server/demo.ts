// Starts the whole demo in order (PostgreSQL, the sandbox, the Shopify app
// with its simulated store, the Medusa store, the batches across both
// stores, the dashboard) and stops it in reverse. Everything it keeps lives
// in the data folder.
import { appendFileSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type ServerType, serve } from "@hono/node-server";
import { Hono } from "hono";
import pg from "pg";
import { MedusaCheckout } from "../stores/medusa/checkout.ts";
import { MedusaApi } from "../stores/medusa/medusa-api.ts";
import { medusaBatches } from "../stores/medusa/medusa-batches.ts";
import { MedusaOrderActions } from "../stores/medusa/medusa-order-actions.ts";
import { MedusaOrders } from "../stores/medusa/medusa-orders.ts";
import {
  type MedusaProcessOptions,
  medusaCommand,
  serveMedusa,
  stopMedusaChildren,
  stopOrphanMedusa,
} from "../stores/medusa/medusa-process.ts";
import { migratePoints, type RoutePoint, rememberPoints, toKnownPoint } from "../stores/points.ts";
import { DEMO_SHOP, type FakeStore, openFakeStore } from "../stores/shopify/fake-store.ts";
import {
  installOnDemoShop,
  type RunningShopifyApp,
  SHOPIFY_API_KEY,
  startShopifyApp,
} from "../stores/shopify/shopify-app.ts";
import { shopifyBatches } from "../stores/shopify/shopify-batches.ts";
import { ShopifyOrderActions } from "../stores/shopify/shopify-order-actions.ts";
import { ShopifyStorefront } from "../stores/shopify/storefront.ts";
import { storefrontRoutes } from "../stores/storefront-routes.ts";
import { apiRoutes } from "./api.ts";
import { Batches } from "./batches.ts";
import type { DemoConfig, ServiceCredentials } from "./config.ts";
import type { DemoAddresses, DemoContext } from "./context.ts";
import { migrateDemo, readFact, writeFact } from "./database.ts";
import { listening } from "./listen.ts";
import { portOr } from "./ports.ts";
import { type DemoPostgres, startDemoPostgres } from "./postgres.ts";
import {
  MEDUSA_CLIENT_ID,
  type RunningSandbox,
  SHOPIFY_CLIENT_ID,
  startDemoSandbox,
} from "./sandbox.ts";
import { loadSecrets } from "./secrets.ts";
import { failStaleJobsIn } from "./stale-jobs.ts";
import { staticFile } from "./static-files.ts";

export const PUBLIC_DIR = join(import.meta.dirname, "../dashboard/public");
const ADMIN_EMAIL = "admin@shipbridge.dev";

export interface RunningDemo {
  readonly addresses: DemoAddresses;
  stop(): Promise<void>;
}

/** Remembers how to undo each step, by name (undone last-first on stop or failure). */
class Stack {
  readonly #undo: { name: string; undo: () => Promise<unknown> }[] = [];
  push(name: string, undo: () => Promise<unknown>): void {
    this.#undo.push({ name, undo });
  }
  async unwind(log: (line: string) => void): Promise<void> {
    while (this.#undo.length > 0) {
      const step = this.#undo.pop();
      if (!step) continue;
      const since = Date.now();
      try {
        await step.undo();
      } catch (error) {
        log(`demo: while stopping ${step.name}: ${String(error)}`);
      }
      // Where a slow stop spends its time.
      const took = Date.now() - since;
      if (took >= 1_000) log(`demo: stopping ${step.name} took ${(took / 1000).toFixed(1)} s`);
    }
  }
}

/** How long the Shopify app gets to finish its running job on stop. */
const SHOPIFY_STOP_BOUND_MS = 4_000;

/** Waits for `promise`, but no longer than `ms` (then calls `late` and goes on). */
async function within(promise: Promise<unknown>, ms: number, late: () => void): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), ms);
  });
  // Whatever it ends with after the bound, it must not count as unhandled.
  promise.catch(() => {});
  try {
    if ((await Promise.race([promise, bound])) === "late") late();
  } finally {
    clearTimeout(timer);
  }
}

/** `run` once: later calls share the first call's promise. */
function once(run: () => Promise<unknown>): () => Promise<unknown> {
  let started: Promise<unknown> | undefined;
  return () => {
    started ??= run();
    return started;
  };
}

/**
 * Starts the demo. Aborting `signal` while it starts stops what was started
 * so far (and any Medusa command running) and rejects.
 */
export async function startDemo(
  config: DemoConfig,
  log: (line: string) => void = console.log,
  signal?: AbortSignal,
): Promise<RunningDemo> {
  mkdirSync(config.dataDir, { recursive: true });
  // Aborted while a Medusa command runs (a first start's migration): stopped at once, awaited below.
  let childrenStopped: Promise<void> = Promise.resolve();
  const onAbort = () => {
    childrenStopped = stopMedusaChildren();
  };
  signal?.addEventListener("abort", onAbort, { once: true });
  const checkpoint = () => signal?.throwIfAborted();
  const secrets = loadSecrets(config.dataDir);
  const stack = new Stack();
  try {
    const dashboardPort = await portOr(config.dashboardPort);
    const shopifyPort = await portOr(config.ports.shopifyApp);
    const medusaPort = await portOr(config.ports.medusa);
    const dashboardUrl = `http://localhost:${dashboardPort}`;
    const medusaUrl = `http://localhost:${medusaPort}`;
    const shopifyUrl = `http://127.0.0.1:${shopifyPort}`;

    await stopOrphanMedusa(config.dataDir);
    const postgres: DemoPostgres = await startDemoPostgres(config.dataDir);
    stack.push("PostgreSQL", () => postgres.stop());
    const pool = new pg.Pool({ connectionString: postgres.url("demo"), max: 6 });
    // A connection the server ends (an idle one, or one checked out) fails
    // its query at most, never the process.
    pool.on("error", () => {});
    pool.on("connect", (client) => client.on("error", () => {}));
    stack.push("the demo's pool", () => pool.end());
    await migrateDemo(pool);
    await migratePoints(pool);
    checkpoint();

    let sandbox: RunningSandbox | undefined;
    let shopifyService: ServiceCredentials;
    let medusaService: ServiceCredentials;
    if (config.service) {
      shopifyService = config.service;
      medusaService = config.service;
    } else {
      sandbox = await startDemoSandbox({
        dataDir: config.dataDir,
        port: config.ports.sandbox,
        accountPort: config.ports.account,
        shopifyRedirectUri: `${shopifyUrl}/connect/callback`,
        medusaRedirectUri: `${medusaUrl}/hooks/shipbridge/connect/callback`,
        shopifySecret: secrets.shopifyServiceSecret,
        medusaSecret: secrets.medusaServiceSecret,
      });
      const running = sandbox;
      stack.push("the sandbox", () => running.close());
      const base = { baseUrl: sandbox.baseUrl, accountUrl: sandbox.accountUrl };
      shopifyService = {
        ...base,
        clientId: SHOPIFY_CLIENT_ID,
        clientSecret: secrets.shopifyServiceSecret,
      };
      medusaService = {
        ...base,
        clientId: MEDUSA_CLIENT_ID,
        clientSecret: secrets.medusaServiceSecret,
      };
    }

    // Medusa boots slowest: start it first and do the rest meanwhile.
    const medusaLog = join(config.dataDir, "medusa.log");
    const medusaOptions: MedusaProcessOptions = {
      repoRoot: config.repoRoot,
      dataDir: config.dataDir,
      port: medusaPort,
      // Medusa's own log goes to the data folder; its warnings and errors are shown too.
      log: (line) => {
        if (!line.trim()) return;
        appendFileSync(medusaLog, `${line}\n`);
        if (/"level":"(warn|error)"|^(?!\{)/.test(line)) log(`medusa | ${line.slice(0, 400)}`);
      },
      env: {
        DATABASE_URL: postgres.url("medusa"),
        SHIPBRIDGE_BASE_URL: medusaService.baseUrl,
        SHIPBRIDGE_ACCOUNT_URL: medusaService.accountUrl,
        SHIPBRIDGE_CLIENT_ID: medusaService.clientId,
        SHIPBRIDGE_CLIENT_SECRET: medusaService.clientSecret,
        SHIPBRIDGE_GRANT: "authorization_code",
        SHIPBRIDGE_BACKEND_URL: medusaUrl,
        SHIPBRIDGE_CONNECT_RETURN_URLS: `${dashboardUrl}/`,
        SHIPBRIDGE_WEBHOOK_SECRET: secrets.medusaWebhookSecret,
        JWT_SECRET: secrets.medusaJwtSecret,
        COOKIE_SECRET: secrets.medusaCookieSecret,
        STORE_CORS: `${dashboardUrl},${medusaUrl}`,
        ADMIN_CORS: `${dashboardUrl},${medusaUrl}`,
        AUTH_CORS: `${dashboardUrl},${medusaUrl}`,
        MEDUSA_ADMIN_DISABLE: "true",
        NODE_ENV: "production",
      },
    };
    const medusaStarted = (async () => {
      let setup = await readFact<{ publishableKey: string }>(pool, "medusa_setup");
      if (!setup) {
        log("demo: first start: migrating and seeding the Medusa store (about a minute)");
        checkpoint();
        await medusaCommand(medusaOptions, ["db:migrate", "--execute-safe-links"]);
        const lines = await medusaCommand(
          {
            ...medusaOptions,
            env: {
              ...medusaOptions.env,
              DEMO_ADMIN_EMAIL: ADMIN_EMAIL,
              DEMO_ADMIN_PASSWORD: secrets.medusaAdminPassword,
            },
          },
          ["exec", "./src/scripts/demo-setup.ts"],
        );
        const line = lines.find((candidate) => candidate.includes("SHIPBRIDGE_DEMO_SETUP "));
        if (!line) throw new Error("the Medusa setup printed no publishable key");
        setup = JSON.parse(line.slice(line.indexOf("SHIPBRIDGE_DEMO_SETUP ") + 22)) as {
          publishableKey: string;
        };
        await writeFact(pool, "medusa_setup", setup);
      }
      checkpoint();
      const serving = await serveMedusa(medusaOptions);
      return { serving, publishableKey: setup.publishableKey };
    })();
    // Awaited below; until then a failure must not count as unhandled.
    medusaStarted.catch(() => {});
    // Whatever happens next, the child is stopped.
    const stopMedusa = once(async () => {
      const started = await medusaStarted.catch(() => undefined);
      await started?.serving.stop();
    });
    stack.push("Medusa", stopMedusa);

    const fakeStore: FakeStore = openFakeStore(config.dataDir, {
      apiKey: SHOPIFY_API_KEY,
      apiSecretKey: secrets.shopifyApiSecret,
    });
    stack.push("the simulated Shopify store", async () => fakeStore.close());
    await failStaleJobsIn(postgres.url("shopify")).catch(() => 0);
    const shopify: RunningShopifyApp = await startShopifyApp({
      port: shopifyPort,
      apiSecretKey: secrets.shopifyApiSecret,
      databaseUrl: postgres.url("shopify"),
      shipping: shopifyService,
    });
    // The app's own queue waits up to 10 s for a running job: after 4 s the
    // job is handed back instead (left active; the next start fails it, so
    // it is retried at once), and the stop goes on.
    const stopShopify = once(() =>
      within(shopify.close(), SHOPIFY_STOP_BOUND_MS, () =>
        log("demo: the Shopify app's running job is handed back to the next start"),
      ),
    );
    stack.push("the Shopify app", stopShopify);
    checkpoint();
    const merchant = shopify.app.merchant(DEMO_SHOP);
    if (!fakeStore.restored) await installOnDemoShop(shopify, fakeStore, secrets.shopifyApiSecret);
    if (!(await readFact(pool, "shopify_settings"))) {
      // Shipped by hand from the dashboard, from the merchant's address, with checkout rates.
      await merchant
        .updateSettings({
          sender: {
            name: "Jan Kowalski",
            company: "Sklep Kowalski",
            street: "ul. Marszałkowska 1",
            postcode: "00-624",
            city: "Warszawa",
            country_code: "PL",
            email: "sklep@example.com",
            phone: "501234567",
          },
          parcel: { width: 30, depth: 20, height: 10 },
          shipOn: "manual",
          ratesEnabled: true,
          services: ["inpost", "dpd"],
          pointServices: ["inpost"],
        })
        .then(
          () => writeFact(pool, "shopify_settings", true),
          (error: Error) =>
            log(`demo: the Shopify app's settings were not saved: ${error.message}`),
        );
    }
    const storefront = new ShopifyStorefront({
      appUrl: shopify.url,
      apiSecretKey: secrets.shopifyApiSecret,
      shop: DEMO_SHOP,
      fake: fakeStore.fake,
      saveFake: fakeStore.save,
      pool,
      // The store API's pickup-point route knows the points' names and coordinates.
      describePoint: async (service, point, address) => {
        const api = await medusaApiReady;
        const query = new URLSearchParams({
          service,
          postcode: address.postcode,
          city: address.city,
          limit: "50",
        });
        const { points } = await api.store<{ points: RoutePoint[] }>(
          `/store/shipbridge/pickup-points?${query}`,
        );
        const found = points.find((candidate) => candidate.code === point);
        if (found) await rememberPoints(pool, [toKnownPoint(found)]);
      },
    });

    const medusaApiReady = medusaStarted.then(
      (started) =>
        new MedusaApi(
          started.serving.url,
          { email: ADMIN_EMAIL, password: secrets.medusaAdminPassword },
          started.publishableKey,
        ),
    );
    medusaApiReady.catch(() => {});
    const medusa = await medusaStarted;
    const medusaApi = await medusaApiReady;
    checkpoint();
    const medusaOrders = new MedusaOrders(medusaApi);
    // A kept data folder on new ports: the account's pushes still go to the
    // store's old address until they are pointed here again.
    if ((await medusaOrders.connection().catch(() => "not_connected")) === "connected") {
      await medusaOrders.registerTrackingWebhook().catch((error: Error) => {
        console.error(`demo: Medusa's tracking webhook: ${error.message}`);
      });
    }

    // Each store ships through its own batch; the demo's batch remembers them.
    const batches = new Batches(pool, [shopifyBatches(merchant), medusaBatches(medusaApi)]);
    batches.start();
    // On stop, once no request comes in: no part is offered to a store any
    // more; then both stores stop, side by side (each bounded at a few
    // seconds: the Shopify app's own queue hands its running batch back to
    // the next start, and Medusa gets SIGTERM, then SIGKILL after 4 s).
    stack.push("the stores", () => Promise.all([stopShopify(), stopMedusa()]));
    stack.push("the batches", () => batches.stop());
    checkpoint();

    const addresses: DemoAddresses = {
      dashboard: dashboardUrl,
      sandbox: sandbox
        ? { baseUrl: sandbox.baseUrl, accountUrl: sandbox.accountUrl }
        : { baseUrl: shopifyService.baseUrl, accountUrl: shopifyService.accountUrl },
      shopify: {
        app: shopify.url,
        storefront: `${dashboardUrl}/storefront/shopify/`,
      },
      medusa: {
        backend: medusa.serving.url,
        storefront: `${dashboardUrl}/storefront/medusa/`,
        admin: `${medusa.serving.url}/app`,
      },
    };
    const context: DemoContext = {
      pool,
      addresses,
      sandbox: sandbox !== undefined,
      shopify: {
        app: shopify.app,
        merchant,
        storefront,
        actions: new ShopifyOrderActions({
          store: fakeStore,
          shop: DEMO_SHOP,
          appUrl: shopify.url,
          apiKey: SHOPIFY_API_KEY,
          apiSecretKey: secrets.shopifyApiSecret,
          merchant,
        }),
      },
      medusa: {
        orders: medusaOrders,
        checkout: new MedusaCheckout(medusaApi, pool),
        actions: new MedusaOrderActions(medusaApi),
      },
      batches,
    };

    const web = new Hono();
    web.route("/api", apiRoutes(context));
    web.route("/storefront", storefrontRoutes(context));
    web.get("*", async (c) => (await staticFile(PUBLIC_DIR, c.req.path)) ?? c.notFound());
    const server: ServerType = serve({
      fetch: web.fetch,
      port: dashboardPort,
      hostname: "127.0.0.1",
    });
    await listening(server);
    stack.push(
      "the dashboard",
      () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          (server as { closeAllConnections?: () => void }).closeAllConnections?.();
        }),
    );

    if (config.readyFile) {
      const ready = {
        dashboard: addresses.dashboard,
        sandbox: addresses.sandbox,
        shopify: { app: addresses.shopify.app, storefront: addresses.shopify.storefront },
        medusa: addresses.medusa,
      };
      writeFileSync(`${config.readyFile}.tmp`, JSON.stringify(ready));
      renameSync(`${config.readyFile}.tmp`, config.readyFile);
    }
    signal?.removeEventListener("abort", onAbort);
    checkpoint();
    return { addresses, stop: () => stack.unwind(log) };
  } catch (error) {
    await stack.unwind(log);
    await childrenStopped;
    // A Medusa command still running when the start failed is not left behind.
    await stopMedusaChildren();
    throw error;
  }
}
