// The store's Medusa configuration: the plugin's provider in the fulfillment
// module (beside the manual provider, which Medusa needs once providers are
// listed), its module for shipment state, and the plugin itself for its
// routes, subscriber, job and admin widget. scripts/start.mts sets the
// environment (the embedded PostgreSQL and the local sandbox). With
// REDIS_URL the store runs as production does, several instances on one
// database: Redis carries the event bus, the workflow engine (scheduled jobs
// once per cluster) and the locks; MEDUSA_WORKER_MODE makes an instance a
// `server` (API and admin, no jobs) or a `worker` (jobs and subscribers, no
// admin).
import { defineConfig, loadEnv } from "@medusajs/framework/utils";

loadEnv(process.env.NODE_ENV || "development", process.cwd());

const env = (name: string, fallback: string) => process.env[name] ?? fallback;

// Where the store is reached; over plain http (a laptop, the tests) the
// admin's session cookie cannot be Secure (see cookieOptions below).
const backendUrl = env("SHIPBRIDGE_BACKEND_URL", `http://localhost:${env("PORT", "9000")}`);

// SHIPBRIDGE_GRANT=authorization_code: the account is connected from the
// admin through the service's own pages (register the redirect URI
// `{SHIPBRIDGE_BACKEND_URL}/hooks/shipbridge/connect/callback` with it);
// otherwise the password grant with the sandbox's demo user.
const codeGrant = process.env.SHIPBRIDGE_GRANT === "authorization_code";
const list = (name: string) =>
  (process.env[name] ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);

const shipbridge = {
  clientId: env("SHIPBRIDGE_CLIENT_ID", "demo-client"),
  clientSecret: env("SHIPBRIDGE_CLIENT_SECRET", "demo-secret"),
  ...(codeGrant
    ? { grant: "authorization_code" }
    : {
        username: env("SHIPBRIDGE_USERNAME", "demo@shipbridge.dev"),
        password: env("SHIPBRIDGE_PASSWORD", "demo-password"),
      }),
  backend_url: backendUrl,
  connect_return_urls: list("SHIPBRIDGE_CONNECT_RETURN_URLS"),
  baseUrl: env("SHIPBRIDGE_BASE_URL", "http://127.0.0.1:4010"),
  accountUrl: env("SHIPBRIDGE_ACCOUNT_URL", "http://127.0.0.1:4011"),
  databaseUrl: process.env.DATABASE_URL,
  storeId: "medusa-store",
  sender: {
    name: "Sklep Kowalski",
    street: "ul. Marszałkowska 1",
    postcode: "00-624",
    city: "Warszawa",
    country_code: "PL",
    phone: "501234567",
    email: "sklep@example.com",
  },
  // No "name at checkout": the plugin names these options in its language
  // ("DPD courier", "InPost locker"), and the demo's storefront names them
  // in the customer's ("Kurier DPD"); a name set here is shown as it is.
  services: [
    { service: "inpost", pickup_point: true },
    { service: "dpd", returns: true },
  ],
  flatPrice: 19.99,
  // Cash on delivery: SHIPBRIDGE_COD_IBAN and the payment providers that mean
  // "paid on delivery" (comma-separated Medusa ids, e.g. pp_system_default).
  ...(process.env.SHIPBRIDGE_COD_IBAN
    ? {
        cod: { iban: process.env.SHIPBRIDGE_COD_IBAN },
        cod_payment_providers: list("SHIPBRIDGE_COD_PAYMENT_PROVIDERS"),
      }
    : {}),
  trackingWebhookSecret: env("SHIPBRIDGE_WEBHOOK_SECRET", "medusa-store-webhook-secret-01"),
};

// Production: one or more `server` instances and one `worker`, on Redis.
const redisUrl = process.env.REDIS_URL;
const workerModes = ["shared", "server", "worker"] as const;
type WorkerMode = (typeof workerModes)[number];
const workerMode = env("MEDUSA_WORKER_MODE", "shared") as WorkerMode;
if (!workerModes.includes(workerMode)) {
  throw new Error(
    `MEDUSA_WORKER_MODE: must be one of ${workerModes.join(", ")} / musi być jednym z ${workerModes.join(", ")}`,
  );
}
const redisModules = redisUrl
  ? [
      { resolve: "@medusajs/medusa/event-bus-redis", options: { redisUrl } },
      { resolve: "@medusajs/medusa/workflow-engine-redis", options: { redis: { redisUrl } } },
      {
        resolve: "@medusajs/medusa/locking",
        options: {
          providers: [
            {
              resolve: "@medusajs/medusa/locking-redis",
              id: "locking-redis",
              is_default: true,
              options: { redisUrl },
            },
          ],
        },
      },
    ]
  : [];

export default defineConfig({
  projectConfig: {
    // Medusa's own tables may live in another database than the plugin's
    // tokens and shipment ledger (DATABASE_URL): MEDUSA_DATABASE_URL.
    databaseUrl: process.env.MEDUSA_DATABASE_URL ?? process.env.DATABASE_URL,
    // Sessions are kept in Redis too, so any server answers a logged-in admin.
    ...(redisUrl ? { redisUrl } : {}),
    workerMode,
    http: {
      storeCors: env("STORE_CORS", "http://localhost:8000"),
      adminCors: env("ADMIN_CORS", "http://localhost:9000"),
      authCors: env("AUTH_CORS", "http://localhost:9000"),
      jwtSecret: env("JWT_SECRET", "medusa-store-jwt-secret"),
      cookieSecret: env("COOKIE_SECRET", "medusa-store-cookie-secret"),
    },
    // In production Medusa makes the admin's session cookie Secure, which a
    // browser never gets over plain http: the admin would stay at its login.
    cookieOptions: { secure: backendUrl.startsWith("https:") },
  },
  // The worker serves no admin (nor any route).
  admin: { disable: process.env.MEDUSA_ADMIN_DISABLE === "true" || workerMode === "worker" },
  modules: [
    {
      resolve: "@medusajs/medusa/fulfillment",
      options: {
        providers: [
          { resolve: "@medusajs/medusa/fulfillment-manual", id: "manual" },
          {
            resolve: "@shipbridge/medusa/providers/shipbridge",
            id: "shipbridge",
            options: shipbridge,
          },
        ],
      },
    },
    { resolve: "@shipbridge/medusa/modules/shipbridge", options: shipbridge },
    ...redisModules,
  ],
  plugins: [{ resolve: "@shipbridge/medusa", options: shipbridge }],
});
