#!/usr/bin/env node
// shipbridge-shopify: the deployable Shopify app, configured by environment
// variables (see .env.example). Stops cleanly on SIGINT and SIGTERM.
import { isBinConfigError } from "./cli/env.ts";

const HELP = `shipbridge-shopify: the Shopify shipping app for the Furgonetka.pl service.

Usage: shipbridge-shopify

Configured by environment variables:
  SHOPIFY_API_KEY, SHOPIFY_API_SECRET   the app's client id and secret
  SHOPIFY_APP_URL                       where Shopify reaches the app (https://...)
  SHOPIFY_EMBEDDED                      true for an app inside the Shopify admin (default false)
  SHIPBRIDGE_CLIENT_ID, SHIPBRIDGE_CLIENT_SECRET   the shipping service's OAuth client
  SHIPBRIDGE_BASE_URL, SHIPBRIDGE_ACCOUNT_URL      the service's addresses (default production)
  DATABASE_URL                          PostgreSQL; without it an embedded one runs
  SHIPBRIDGE_DATA_DIR                   the embedded database's folder (default .shipbridge-shopify-data)
  SHIPBRIDGE_DATABASE_PORT              the embedded database's loopback port (default 54329)
  SHIPBRIDGE_JOB_HEARTBEAT_SECONDS      a dead instance's job is taken over after this (default 30, at least 10)
  SHIPBRIDGE_SUPERVISE_INTERVAL_SECONDS how often an instance looks for such jobs (default 30)
  SHOPIFY_ADMIN_API_URL                 a simulated Shopify (shipbridge-fake-shopify) instead of the shops' own; never in production
  PORT, HOST                            where to listen (default 8080, 0.0.0.0)
`;

if (process.argv.includes("--help") || process.argv.includes("-h")) {
  process.stdout.write(HELP);
} else {
  // Loaded only to serve, so --help needs nothing else.
  import("./cli/serve.ts")
    .then(({ serveFromEnv }) => serveFromEnv(process.env))
    .then(
      (running) => {
        process.stdout.write(`shipbridge-shopify listening on ${running.url}\n`);
        const simulated = process.env.SHOPIFY_ADMIN_API_URL?.trim();
        if (simulated) {
          process.stderr.write(
            `shipbridge-shopify: the shops' admin is simulated at ${simulated} (SHOPIFY_ADMIN_API_URL): never in production\n`,
          );
        }
        const stop = () => {
          running.close().then(
            () => process.exit(0),
            () => process.exit(1),
          );
        };
        process.once("SIGINT", stop);
        process.once("SIGTERM", stop);
      },
      (error: unknown) => {
        process.stderr.write(`${isBinConfigError(error) ? error.message : String(error)}\n`);
        process.exitCode = 1;
      },
    );
}
