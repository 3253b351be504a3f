// createShopifyApp: the whole app as one web-standard handler, built with
// Hono on @shopify/shopify-api (web-api adapter). It mounts as is in
// Shopify's React Router template, in Hono, Express (through a Request
// bridge) or the bin. State lives in PostgreSQL, so any number of instances
// can share one database. Setup (tables, session storage, job queue) runs on
// the first request or on `ready()`.
import { ShipbridgeError } from "@shipbridge/core";
import "@shopify/shopify-api/adapters/web-api";
import { PostgresTokenStore } from "@shipbridge/core/postgres";
import {
  ApiVersion,
  LogSeverity,
  type Session,
  type Shopify,
  shopifyApi,
} from "@shopify/shopify-api";
import { PostgreSQLSessionStorage } from "@shopify/shopify-app-session-storage-postgresql";
import { Hono } from "hono";
import pg from "pg";
import { type JobWithMetadata, PgBoss } from "pg-boss";
import { APP_SCOPES } from "../admin/documents.ts";
import { embeddedDocuments } from "../auth/embedded-documents.ts";
import { OfflineSessions } from "../auth/offline-sessions.ts";
import type { ShopifyAppConfig } from "../config/app-config.ts";
import { extensionRoutes } from "../extension-api/extension-routes.ts";
import { type ShopMerchant, shopMerchant } from "../merchant/shop-merchant.ts";
import { dayRoutes } from "../orders/day-routes.ts";
import { ordersRoutes } from "../orders/orders-routes.ts";
import {
  BATCH_DEAD_QUEUE,
  BATCH_QUEUE,
  type BatchJob,
  WEBHOOK_DEAD_QUEUE,
  WEBHOOK_QUEUE,
  type WebhookJob,
} from "../queue/jobs.ts";
import { QuoteCache } from "../rates/quote-cache.ts";
import { rateCallback } from "../rates/rate-callback.ts";
import { serveReturnLabel } from "../returns/label-route.ts";
import { reconcileReturns } from "../returns/reconcile-returns.ts";
import type { AppRuntime } from "../runtime/app-runtime.ts";
import { settingsRoutes } from "../settings/settings-routes.ts";
import { ShippingConnections } from "../shipping/connections.ts";
import { giveUpBatch } from "../shipping/give-up-batch.ts";
import { shipShopifyBatch } from "../shipping/ship-shopify-batch.ts";
import { migrate, underMigrationLock } from "../store/migrate.ts";
import { receiveTrackingPush } from "../tracking/receive-tracking-push.ts";
import {
  reconcileTracking,
  TRACKING_RECONCILE_CRON,
  TRACKING_RECONCILE_QUEUE,
} from "../tracking/reconcile-tracking.ts";
import { giveUpDelivery, giveUpLostDelivery } from "../webhooks/give-up.ts";
import { processWebhook } from "../webhooks/process-webhook.ts";
import { receiveWebhook } from "../webhooks/receive-webhook.ts";
import { routeAdminApi } from "./admin-api-address.ts";
import { errorAnswers } from "./error-answers.ts";
import { installRoutes } from "./install-routes.ts";
import { type CloseOptions, stopInOrder } from "./stop-in-order.ts";

export interface ShopifyApp {
  /** The handler: every route of the app. */
  (request: Request): Promise<Response>;
  readonly fetch: (request: Request) => Promise<Response>;
  /** The shopify-api instance the app is built on. */
  readonly shopify: Shopify;
  /**
   * The shop's offline session for the Admin API, renewed first when its
   * expiring token is about to lapse (single flight across instances).
   */
  offlineSession(shop: string): Promise<Session>;
  /**
   * Runs the tracking reconcile pass now (it also runs on its schedule);
   * answers how many tracking events it applied.
   */
  reconcileTracking(): Promise<number>;
  /**
   * Runs the return parcels' tracking pass now (it also runs on the tracking
   * schedule); answers how many are delivered back after it.
   */
  reconcileReturns(): Promise<number>;
  /**
   * The merchant's console for one shop, in code: the same connection,
   * settings, orders, shipping and labels as the settings pages.
   */
  merchant(shop: string): ShopMerchant;
  /** Completes setup (tables, session storage, job queue, workers). */
  ready(): Promise<void>;
  /**
   * Stops in order: no new jobs; a running job gets `graceSeconds` (10) to
   * finish, then is handed back to the queue (failed for a retry); then the
   * database connections are closed.
   */
  close(options?: CloseOptions): Promise<void>;
}

export function createShopifyApp(config: ShopifyAppConfig): ShopifyApp {
  const appUrl = new URL(config.appUrl);
  if (config.adminApiUrl) routeAdminApi(config.adminApiUrl);
  const shopify = shopifyApi({
    apiKey: config.apiKey,
    apiSecretKey: config.apiSecretKey,
    scopes: [...APP_SCOPES],
    hostName: appUrl.host,
    hostScheme: appUrl.protocol === "http:" ? "http" : "https",
    apiVersion: ApiVersion.October26,
    isEmbeddedApp: config.isEmbeddedApp ?? false,
    logger: { level: LogSeverity.Error },
  });

  let setup: Promise<AppRuntime> | undefined;
  let closed = false;
  const runtime = () => {
    if (closed) return Promise.reject(new ShipbridgeError("app_closed", "the app is closed"));
    // A setup that failed (the database not up yet) is tried again by the
    // next request rather than kept, which would answer 500 until a restart.
    setup ??= start(config, shopify).catch((error: unknown) => {
      setup = undefined;
      throw error;
    });
    return setup;
  };

  const hono = new Hono();
  // An unknown address or a thrown error (the database down): EN/PL, never a stack.
  errorAnswers(hono);
  // Every page's headers, App Bridge and Polaris tags, and the session-token bounce.
  embeddedDocuments(hono, shopify, config.appUrl);
  hono.get("/health", (c) => c.text("ok"));
  hono.post("/webhooks", async (c) => {
    const app = await runtime();
    return receiveWebhook({ shopify, pool: app.pool, boss: async () => app.boss }, c);
  });
  hono.post("/tracking/:shop", async (c) => {
    const app = await runtime();
    return receiveTrackingPush({ ...app, apiSecretKey: config.apiSecretKey }, c);
  });
  const cache = new QuoteCache();
  // Setup runs inside the callback's deadline: a database that is not up yet
  // gives an empty answer in time, not a 5xx.
  hono.post("/rates", (c) =>
    rateCallback({ shopify, runtime, cache, deadlineMs: config.rateDeadlineMs ?? 2000 }, c),
  );
  hono.get("/returns/label/:token", async (c) => {
    const app = await runtime();
    return serveReturnLabel({ shopify, pool: app.pool }, c);
  });
  installRoutes(hono, shopify, runtime, config.adminApiUrl);
  settingsRoutes(hono, runtime);
  ordersRoutes(hono, runtime);
  dayRoutes(hono, runtime);
  extensionRoutes(hono, runtime);

  const handler = (request: Request) => Promise.resolve(hono.fetch(request));
  return Object.assign(handler, {
    fetch: handler,
    shopify,
    reconcileTracking: async () =>
      reconcileTracking(await runtime(), config.trackingReconcileBatch),
    reconcileReturns: async () => reconcileReturns(await runtime(), config.trackingReconcileBatch),
    merchant: (shop: string) => {
      const valid = shopify.utils.sanitizeShop(shop);
      if (!valid) throw new TypeError(`not a shop domain: ${shop}`);
      return shopMerchant(runtime, valid);
    },
    offlineSession: async (shop: string) => (await runtime()).sessions.get(shop),
    ready: async () => {
      await runtime();
    },
    close: async (options?: CloseOptions) => {
      if (closed) return;
      closed = true;
      if (!setup) return;
      const app = await setup.catch(() => undefined);
      if (!app) return;
      await stopInOrder(app, options);
    },
  });
}

async function start(config: ShopifyAppConfig, shopify: Shopify): Promise<AppRuntime> {
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 6 });
  // An idle connection the server drops must not crash the process; nor may
  // one in use (its query fails, and the pool drops it when released).
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  const supervise = config.superviseIntervalSeconds ?? 30;
  const boss = new PgBoss({
    connectionString: config.databaseUrl,
    max: 3,
    superviseIntervalSeconds: supervise,
    monitorIntervalSeconds: supervise,
  });
  boss.on("error", () => {});
  let storage: PostgreSQLSessionStorage | undefined;
  try {
    return await startOn(config, shopify, pool, boss, (made) => {
      storage = made;
    });
  } catch (error) {
    // Nothing is left open by a failed setup: the next try starts afresh.
    await boss.stop({ graceful: false }).catch(() => {});
    await storage?.disconnect().catch(() => {});
    await pool.end().catch(() => {});
    throw error;
  }
}

async function startOn(
  config: ShopifyAppConfig,
  shopify: Shopify,
  pool: pg.Pool,
  boss: PgBoss,
  made: (storage: PostgreSQLSessionStorage) => void,
): Promise<AppRuntime> {
  const tokenStore = new PostgresTokenStore(pool);
  const storage = await underMigrationLock(pool, async () => {
    await migrate(pool);
    const sessions = new PostgreSQLSessionStorage(config.databaseUrl);
    made(sessions);
    await sessions.ready;
    guardSessionPool(sessions);
    await boss.start();
    // A killed instance's job is taken over once its heartbeat stops, not after
    // pg-boss's 15-minute expiry; a job failed for good goes to the dead-letter
    // queue, whose worker tells the merchant when its instance died on the last
    // try (see give-up.ts). Set on every start (createQueue leaves an existing
    // queue as it is), so a queue made by an earlier version gets them too.
    await boss.createQueue(WEBHOOK_DEAD_QUEUE, { retryLimit: 3, retryDelay: 5 });
    const webhookQueue = {
      retryLimit: config.jobRetryLimit ?? 8,
      retryDelay: config.jobRetryDelaySeconds ?? 1,
      retryBackoff: true,
      retryDelayMax: 300,
      heartbeatSeconds: Math.max(10, Math.round(config.jobHeartbeatSeconds ?? 30)),
      deadLetter: WEBHOOK_DEAD_QUEUE,
    };
    await boss.createQueue(WEBHOOK_QUEUE, webhookQueue);
    await boss.updateQueue(WEBHOOK_QUEUE, webhookQueue);
    // A batch's job: the same retries and takeover of a dead instance's run;
    // it may run long (hundreds of orders), beating all the while.
    await boss.createQueue(BATCH_DEAD_QUEUE, { retryLimit: 3, retryDelay: 5 });
    const batchQueue = { ...webhookQueue, deadLetter: BATCH_DEAD_QUEUE, expireInSeconds: 3600 };
    await boss.createQueue(BATCH_QUEUE, batchQueue);
    await boss.updateQueue(BATCH_QUEUE, batchQueue);
    await boss.createQueue(TRACKING_RECONCILE_QUEUE, { retryLimit: 0 });
    // One schedule for the cluster: pg-boss sends each due job once.
    await boss.schedule(
      TRACKING_RECONCILE_QUEUE,
      config.trackingReconcileCron ?? TRACKING_RECONCILE_CRON,
    );
    return sessions;
  });
  const connections = new ShippingConnections(
    config.shipping,
    tokenStore,
    new URL("/connect/callback", config.appUrl).href,
  );
  const sessions = new OfflineSessions({
    shopify,
    storage,
    leases: tokenStore,
    now: config.now ?? Date.now,
    skewSeconds: config.refreshSkewSeconds ?? 300,
  });
  const app: AppRuntime = {
    config,
    boss,
    pool,
    shopify,
    storage,
    sessions,
    connections,
    tokenStore,
  };
  if (config.runWorkers ?? true) {
    await boss.work(
      WEBHOOK_QUEUE,
      {
        pollingIntervalSeconds: config.pollingIntervalSeconds ?? 2,
        batchSize: 1,
        localConcurrency: 2,
        includeMetadata: true,
      },
      async ([job]: JobWithMetadata<WebhookJob>[]) => {
        if (!job) return;
        try {
          await processWebhook(app, job.data.webhookId, { ship: job.data.ship === true });
        } catch (error) {
          // The last attempt: the order must not stay "shipping" with nobody told.
          if (job.retryCount >= job.retryLimit) {
            await giveUpDelivery(pool, job.data.webhookId, job.retryCount + 1, error);
          }
          throw error;
        }
      },
    );
    await boss.work(
      WEBHOOK_DEAD_QUEUE,
      {
        pollingIntervalSeconds: config.pollingIntervalSeconds ?? 2,
        batchSize: 1,
        includeMetadata: true,
      },
      async ([job]: JobWithMetadata<WebhookJob>[]) => {
        if (!job) return;
        const tries = (job.sourceRetryCount ?? config.jobRetryLimit ?? 8) + 1;
        await giveUpLostDelivery(pool, job.data.webhookId, tries);
      },
    );
    await boss.work(
      BATCH_QUEUE,
      {
        pollingIntervalSeconds: config.pollingIntervalSeconds ?? 2,
        batchSize: 1,
        includeMetadata: true,
      },
      async ([job]: JobWithMetadata<BatchJob>[]) => {
        if (!job) return;
        const lastTry = job.retryCount >= job.retryLimit;
        const options = {
          lastTry,
          attempt: job.retryCount + 1,
          signal: job.signal,
          ...(config.batch?.concurrency === undefined
            ? {}
            : { concurrency: config.batch.concurrency }),
          ...(config.batch?.shipConcurrency === undefined
            ? {}
            : { shipConcurrency: config.batch.shipConcurrency }),
          ...(config.batch?.chunkSize === undefined ? {} : { chunkSize: config.batch.chunkSize }),
        };
        try {
          await shipShopifyBatch(app, job.data.shop, job.data.batchId, options);
        } catch (error) {
          // The last try failed as a whole (not one order): its orders are not left waiting.
          if (lastTry) {
            await giveUpBatch(pool, job.data.shop, job.data.batchId, job.retryCount + 1, error);
          }
          throw error;
        }
      },
    );
    await boss.work(
      BATCH_DEAD_QUEUE,
      {
        pollingIntervalSeconds: config.pollingIntervalSeconds ?? 2,
        batchSize: 1,
        includeMetadata: true,
      },
      async ([job]: JobWithMetadata<BatchJob>[]) => {
        if (!job) return;
        const tries = (job.sourceRetryCount ?? config.jobRetryLimit ?? 8) + 1;
        await giveUpBatch(pool, job.data.shop, job.data.batchId, tries);
      },
    );
    await boss.work(
      TRACKING_RECONCILE_QUEUE,
      { pollingIntervalSeconds: config.pollingIntervalSeconds ?? 2, batchSize: 1 },
      async () => {
        await reconcileTracking(app, config.trackingReconcileBatch);
        await reconcileReturns(app, config.trackingReconcileBatch);
      },
    );
  }
  return app;
}

/**
 * The official PostgreSQL session storage makes a pg.Pool without an error
 * listener, so an idle connection that the server drops (a restart, a network
 * cut) would crash the process. Its pool is not public: reach it if it is
 * where version 8.0.0 keeps it, and do nothing otherwise.
 */
function guardSessionPool(storage: PostgreSQLSessionStorage): void {
  const pool = (storage as unknown as { client?: { pool?: pg.Pool } }).client?.pool;
  if (pool && typeof pool.on === "function" && pool.listenerCount("error") === 0) {
    pool.on("error", () => {});
  }
}
