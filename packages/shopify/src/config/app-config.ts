// What createShopifyApp needs: the Shopify app's keys and public address, the
// database, and the shipping service's OAuth client. The bin reads the same
// from environment variables (see .env.example).
import type { ShippingClientOptions } from "@shipbridge/core";

export interface ShippingServiceConfig {
  /** {base_url} of the service (REST API and its authorization pages). */
  readonly baseUrl: string;
  /** {account_url}: the account host, the token endpoint's failover. */
  readonly accountUrl?: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /**
   * Options for every ShippingClient the app makes (retries, a clock and
   * sleep that follow a test clock). `baseUrl` and `auth` are the app's.
   */
  readonly client?: Partial<Omit<ShippingClientOptions, "baseUrl" | "auth">>;
}

export interface ShopifyAppConfig {
  /** The app's client id in the Partner Dashboard. */
  readonly apiKey: string;
  /** The app's client secret: it signs webhooks, rate callbacks and session tokens. */
  readonly apiSecretKey: string;
  /** Where the app is reachable, e.g. https://ship.example.com. */
  readonly appUrl: string;
  /** PostgreSQL: sessions, tokens, the inbox and the jobs. */
  readonly databaseUrl: string;
  readonly shipping: ShippingServiceConfig;
  /**
   * Sends every request meant for a shop's `https://{shop}/admin/...` (the
   * Admin API, the OAuth token endpoint, and the install's authorize page the
   * browser is sent to) to `{adminApiUrl}/{shop}/admin/...` instead: a
   * simulated Shopify such as the `shipbridge-fake-shopify` bin. For trying
   * the app without a store; never set it in production. shopify-api has one
   * fetch per process, so this holds for the whole process.
   */
  readonly adminApiUrl?: string;
  /** Admin-embedded (token exchange) or standalone (authorization code). Default false. */
  readonly isEmbeddedApp?: boolean;
  /** Run the job workers in this instance. Default true. */
  readonly runWorkers?: boolean;
  /** The clock that decides when Shopify tokens are renewed. Default Date.now. */
  readonly now?: () => number;
  /** Renew a Shopify offline token this many seconds before it expires. Default 300. */
  readonly refreshSkewSeconds?: number;
  /** How long the rate callback may take in total, ms. Default 2000 (Shopify's smallest timeout is 3 s). */
  readonly rateDeadlineMs?: number;
  /** When the tracking reconcile job runs (cron, in UTC). Default every 30 minutes. */
  readonly trackingReconcileCron?: string;
  /**
   * Shipments one reconcile pass reads at most (those checked longest ago
   * first, so every unfinished shipment gets its turn). Default 500.
   */
  readonly trackingReconcileBatch?: number;
  /**
   * Retries of a webhook's job (with backoff from jobRetryDelaySeconds, at most
   * 300 s apart). Default 8, 1 s: about 4 minutes; after the last, an order
   * being shipped needs attention.
   */
  readonly jobRetryLimit?: number;
  readonly jobRetryDelaySeconds?: number;
  /** Seconds between polls of the job queue when no notification arrives. Default 2. */
  readonly pollingIntervalSeconds?: number;
  /**
   * A running webhook job beats every half of this; when an instance dies
   * (killed, its machine lost) and its job's beat stops for this long, the
   * job is failed and retried by another instance, or by this one restarted.
   * At least 10 (rounded to whole seconds). Default 30. When that was the
   * job's last try, the order being shipped goes to "needs attention".
   */
  readonly jobHeartbeatSeconds?: number;
  /**
   * Seconds between an instance's looks for such jobs; pg-boss's other
   * upkeep (its supervise and monitor passes, with the queue statistics) runs
   * as often. Default 30.
   */
  readonly superviseIntervalSeconds?: number;
  /**
   * How a batch of orders runs: `concurrency` orders read from (and fulfilled
   * in) Shopify at once (default 4), and core shipBatch's own
   * `shipConcurrency` (package creations at once) and `chunkSize` (packages
   * per order command), by default shipBatch's. A batch's labels and each
   * carrier's protocol come in files of `parcelsPerFile` parcels (default and
   * at most 500, the service's limit), and a courier is booked for
   * `parcelsPerPickup` parcels at a time (default and at most 100).
   */
  readonly batch?: {
    readonly concurrency?: number;
    readonly shipConcurrency?: number;
    readonly chunkSize?: number;
    readonly parcelsPerFile?: number;
    readonly parcelsPerPickup?: number;
  };
}
