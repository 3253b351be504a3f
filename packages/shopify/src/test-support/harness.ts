// Test support for the app's end-to-end tests: a real PostgreSQL (embedded),
// the sandbox over real HTTP, and FakeShopify for Shopify's side; app
// instances made on them; the merchant's install and account connection
// done through the app's own routes.
import { OAuthClient, ShippingClient, shipOrderReference } from "@shipbridge/core";
import { authorizeInBrowser, startSandbox } from "@shipbridge/sandbox";
import { usePostgres } from "@shipbridge/tooling/embedded-postgres";
import pg from "pg";
import { afterAll, beforeAll, expect } from "vitest";
import { createShopifyApp, type ShopifyApp } from "../app/create-shopify-app.ts";
import type { ShopifyAppConfig } from "../config/app-config.ts";
import { numericId } from "../mapping/fulfillment-orders.ts";
import type { ShopifyOrder } from "../mapping/shopify-order.ts";
import { DEFAULT_SETTINGS, type ShopSettings, saveSettings } from "../store/settings.ts";
import type { ShipmentRow } from "../store/shipments.ts";
import { FakeShopify } from "../testing/fake-shopify.ts";
import { SAMPLE_PARCEL, SAMPLE_SENDER, sampleShopifyOrder } from "../testing/orders.ts";
import { routeShopifyFetch } from "../testing/route-shopify-fetch.ts";
import { type WebhookDelivery, webhookRequest } from "../testing/signed-requests.ts";
import { signedCallbackQuery } from "./signed-callback-query.ts";
import { waitForOtherClientsToLeave } from "./wait-for-clients.ts";
import { waitForShipment } from "./wait-for-shipment.ts";

export const APP_URL = "https://ship.example.test";
export const KEYS = { apiKey: "shopify-test-key", apiSecretKey: "shopify-test-secret" } as const;
export const SERVICE = { clientId: "shopify-app", clientSecret: "shopify-app-secret" } as const;
const USER = { username: "demo@shipbridge.dev", password: "demo-password" } as const;

export const FULL_SCOPES = [
  "read_orders",
  "read_merchant_managed_fulfillment_orders",
  "write_merchant_managed_fulfillment_orders",
  "write_fulfillments",
  "write_shipping",
  "read_returns",
  "write_returns",
];

export interface Harness {
  readonly fake: FakeShopify;
  readonly databaseUrl: string;
  readonly sandbox: {
    readonly baseUrl: string;
    readonly accountUrl: string;
    control(path: string, body?: unknown, method?: string): Promise<unknown>;
  };
  /** A new app instance on the shared database (closed after the file). */
  app(overrides?: Partial<ShopifyAppConfig>): Promise<ShopifyApp>;
  /** Installs the app in `shop` by authorization code; answers the merchant's cookie. */
  install(app: ShopifyApp, shop: string): Promise<string>;
  /** Connects the shop's shipping account through /connect and the sandbox's pages. */
  connect(app: ShopifyApp, shop: string, cookie: string): Promise<void>;
  /** install (granting `scopes`, all the app asks for by default) + connect + settings with the sample sender and box. */
  ready(
    app: ShopifyApp,
    shop: string,
    settings?: Partial<ShopSettings>,
    scopes?: readonly string[],
  ): Promise<string>;
  /**
   * The merchant's own view of the service: a client logged in as the same
   * user (`{ advanceClock: true }`: its waits move the sandbox's clock, as
   * the app instances' do).
   */
  serviceClient(options?: { advanceClock?: boolean }): Promise<ShippingClient>;
  /**
   * The packages the service holds for one order (under its own id or any of
   * its fulfillment orders' ids), and how many were ordered (charged).
   */
  ledger(shop: string, orderId: string): Promise<{ packageIds: number[]; charges: number }>;
  /** Seconds the job workers poll at. */
  readonly pollSeconds: number;
  /** A pool on the test database (closed after the file). */
  readonly pool: pg.Pool;
  /** Completes the service's authorization pages as the merchant; answers the callback URL. */
  authorize(url: string): Promise<string>;
  /**
   * A sample order `id` of `shop`, added to FakeShopify as Shopify would
   * create it (`options`: its fulfillment orders, see FakeShopify.addOrder).
   */
  order(
    shop: string,
    id: number,
    overrides?: Partial<ShopifyOrder>,
    options?: Parameters<FakeShopify["addOrder"]>[2],
  ): ShopifyOrder;
  /** Delivers a webhook to `app` signed as Shopify signs it; answers the app's response. */
  deliver(
    app: ShopifyApp,
    shop: string,
    topic: string,
    payload: unknown,
    options?: Partial<WebhookDelivery>,
  ): Promise<Response>;
  /** Delivers `orders/paid` for `order` of `shop` to `app`, which must answer 200. */
  deliverPaid(app: ShopifyApp, shop: string, order: ShopifyOrder): Promise<void>;
  /** The numeric ids of the order's fulfillment orders in FakeShopify, oldest first. */
  fulfillmentOrderIds(shop: string, orderId: string): string[];
  /** `SELECT count(*) FROM <sql>` on the test database. */
  count(sql: string, values?: unknown[]): Promise<number>;
  /** Waits until every delivery of the order stored so far has been processed. */
  waitForInbox(shop: string, orderId: string): Promise<void>;
  /** Waits until the order's shipment reaches one of `statuses`. */
  settled(
    shop: string,
    orderId: string,
    statuses: readonly string[],
    attempts?: number,
  ): Promise<ShipmentRow>;
}

export function cookiesOf(response: Response, previous = ""): string {
  const jar = new Map(
    previous
      .split("; ")
      .filter(Boolean)
      .map(
        (pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)] as const,
      ),
  );
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(";")[0] ?? "";
    jar.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

export function useHarness(): Harness {
  const postgres = usePostgres();
  const fake = new FakeShopify(KEYS);
  const apps: ShopifyApp[] = [];
  let sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined;
  let undo: (() => void) | undefined;
  let pool: pg.Pool | undefined;
  const pollSeconds = 0.5;

  beforeAll(async () => {
    undo = routeShopifyFetch(fake);
    sandbox = await startSandbox({
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
        users: [{ ...USER, companies: [{ id: "1001", name: "Sklep" }] }],
      },
    });
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await pool?.end();
    // pg.Pool.end() resolves before every socket has closed; stopping the
    // server before they do would end them with an error nobody handles.
    await waitForOtherClientsToLeave(postgres.connectionString);
    await sandbox?.close();
    undo?.();
  }, 30_000);

  const running = () => {
    if (!sandbox) throw new Error("the sandbox is not started yet");
    return sandbox;
  };

  const control = async (path: string, body?: unknown, method?: string) => {
    const response = await fetch(`${running().baseUrl}/_sandbox${path}`, {
      method: method ?? (body === undefined ? "GET" : "POST"),
      ...(body === undefined
        ? {}
        : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`sandbox control ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };

  const harness: Harness = {
    fake,
    pollSeconds,
    get pool() {
      pool ??= new pg.Pool({ connectionString: postgres.connectionString, max: 2 });
      return pool;
    },
    authorize: (url) => authorizeInBrowser(url, USER),
    order(shop, id, overrides = {}, options = {}) {
      const order = sampleShopifyOrder({
        id,
        admin_graphql_api_id: `gid://shopify/Order/${id}`,
        name: `#${id}`,
        ...overrides,
      });
      fake.addOrder(shop, order, options);
      return order;
    },
    async deliverPaid(app, shop, order) {
      expect((await harness.deliver(app, shop, "orders/paid", order)).status).toBe(200);
    },
    deliver(app, shop, topic, payload, options = {}) {
      return app(
        webhookRequest({
          url: `${APP_URL}/webhooks`,
          apiSecretKey: KEYS.apiSecretKey,
          shop,
          topic,
          payload,
          ...options,
        }),
      );
    },
    fulfillmentOrderIds(shop, orderId) {
      const order = fake.order(shop, `gid://shopify/Order/${orderId}`);
      return (order?.fulfillmentOrders ?? []).map((fulfillmentOrder) =>
        numericId(fulfillmentOrder.id),
      );
    },
    async count(sql, values = []) {
      const { rows } = await harness.pool.query(`SELECT count(*)::int AS n FROM ${sql}`, values);
      return rows[0].n;
    },
    async waitForInbox(shop, orderId) {
      for (let attempt = 0; attempt < 150; attempt++) {
        const pending = await harness.count(
          "shipbridge_shopify_inbox WHERE shop = $1 AND payload->>'id' = $2 AND processed_at IS NULL",
          [shop, orderId],
        );
        if (pending === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`the deliveries of ${orderId} were not processed`);
    },
    settled(shop, orderId, statuses, attempts) {
      return waitForShipment(
        harness.pool,
        shop,
        orderId,
        (row) => statuses.includes(row.status),
        attempts,
      );
    },
    get databaseUrl() {
      return postgres.connectionString;
    },
    sandbox: {
      get baseUrl() {
        return running().baseUrl;
      },
      get accountUrl() {
        return running().accountUrl;
      },
      control,
    },
    async app(overrides = {}) {
      const { baseUrl, accountUrl } = running();
      const app = createShopifyApp({
        ...KEYS,
        appUrl: APP_URL,
        databaseUrl: postgres.connectionString,
        pollingIntervalSeconds: pollSeconds,
        shipping: {
          baseUrl,
          accountUrl,
          ...SERVICE,
          client: {
            retry: { limit: 8, baseDelayMs: 5, maxDelayMs: 50 },
            // Waiting for the order command and the label moves the sandbox clock instead.
            sleep: async (ms, signal) => {
              signal?.throwIfAborted();
              await control("/clock/advance", { seconds: ms / 1000 });
            },
          },
        },
        ...overrides,
      });
      apps.push(app);
      await app.ready();
      return app;
    },
    async serviceClient(options = {}) {
      const { baseUrl, accountUrl } = running();
      const oauth = new OAuthClient({ ...SERVICE, baseUrl, accountUrl });
      await oauth.loginWithPassword(USER);
      return new ShippingClient({
        baseUrl,
        auth: oauth,
        ...(options.advanceClock
          ? {
              sleep: async (ms: number, signal?: AbortSignal) => {
                signal?.throwIfAborted();
                await control("/clock/advance", { seconds: ms / 1000 });
              },
            }
          : {}),
      });
    },
    async ledger(shop, orderId) {
      const client = await harness.serviceClient();
      // A package is the order's (a whole-order shipment) or one of its fulfillment orders'.
      const fulfillmentOrders =
        fake.order(shop, `gid://shopify/Order/${orderId}`)?.fulfillmentOrders ?? [];
      const shipIds = [orderId, ...fulfillmentOrders.map((fo) => numericId(fo.id))];
      const packages = [];
      for (const shipId of shipIds) {
        const reference = shipOrderReference(shop, shipId);
        const listed = await client.packages.list({ user_reference_number: reference });
        packages.push(...listed.packages.filter((pkg) => pkg.user_reference_number === reference));
      }
      const { messages } = await client.messages.list({ type: "order", limit: 500 });
      const packageIds = packages.map((pkg) => pkg.package_id);
      const charges = messages.filter(
        (message) =>
          typeof message["package_id"] === "number" && packageIds.includes(message["package_id"]),
      ).length;
      return { packageIds, charges };
    },
    async install(app, shop) {
      const begin = await app(new Request(`${APP_URL}/auth?shop=${shop}`));
      if (begin.status !== 302) throw new Error(`/auth answered ${begin.status}`);
      const authorize = new URL(begin.headers.get("location") ?? "");
      const state = authorize.searchParams.get("state") ?? "";
      const cookie = cookiesOf(begin);
      const query = signedCallbackQuery(KEYS.apiSecretKey, {
        code: fake.approveInstall(shop),
        shop,
        state,
        timestamp: String(Math.floor(Date.now() / 1000)),
      });
      const callback = await app(
        new Request(`${APP_URL}/auth/callback?${query}`, { headers: { cookie } }),
      );
      if (callback.status !== 302)
        throw new Error(`/auth/callback answered ${callback.status}: ${await callback.text()}`);
      return cookiesOf(callback, cookie);
    },
    async connect(app, _shop, cookie) {
      const start = await app(new Request(`${APP_URL}/connect`, { headers: { cookie } }));
      if (start.status !== 302) throw new Error(`/connect answered ${start.status}`);
      const back = await authorizeInBrowser(start.headers.get("location") ?? "", USER);
      const done = await app(new Request(back, { headers: { cookie: cookiesOf(start, cookie) } }));
      if (done.status !== 302)
        throw new Error(`/connect/callback answered ${done.status}: ${await done.text()}`);
    },
    async ready(app, shop, settings = {}, scopes = FULL_SCOPES) {
      fake.addShop(shop, scopes);
      const cookie = await harness.install(app, shop);
      await harness.connect(app, shop, cookie);
      await saveSettings(harness.pool, shop, {
        ...DEFAULT_SETTINGS,
        sender: SAMPLE_SENDER,
        parcel: SAMPLE_PARCEL,
        ...settings,
      });
      return cookie;
    },
  };
  return harness;
}
