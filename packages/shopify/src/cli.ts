#!/usr/bin/env node
// shipbridge-shopify: the deployable Shopify app, configured by environment
// variables (see .env.example), or a .env file in its folder. On SIGINT, SIGTERM or SIGHUP it stops in
// order (see serve.ts), saying each step on stderr; a second signal stops
// the embedded database at once.
import { isShipbridgeError } from "@shipbridge/core";
import { withEnvFile } from "./cli/env.ts";
import type { RunningApp } from "./cli/serve.ts";

const HELP = `shipbridge-shopify: the Shopify shipping app for the Furgonetka.pl service.

Usage: shipbridge-shopify

Configured by environment variables (a .env file in the current folder is
read under them):
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
  const say = (line: string) => process.stderr.write(`shipbridge-shopify: ${line}\n`);
  let running: RunningApp | undefined;
  let stopping: string | undefined;
  const stop = (signal: string) => {
    if (stopping) {
      // A second signal: the database goes now, and the rest with the process.
      say(`${signal} again: stopping at once`);
      void (running?.stopNow() ?? Promise.resolve()).finally(() => process.exit(1));
      return;
    }
    stopping = signal;
    say(`${signal}: stopping`);
    running?.close(say).then(
      () => process.exit(0),
      (error: unknown) => {
        say(`could not stop in order: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  // Taken from the start, so a signal while the database starts still stops it.
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => stop(signal));
  }
  const { env, file } = withEnvFile(process.env, process.cwd());
  if (file) say(`read ${file} (the environment's variables win)`);
  // Loaded only to serve, so --help needs nothing else.
  import("./cli/serve.ts")
    .then(({ serveFromEnv }) => serveFromEnv(env, say))
    .then(
      (started) => {
        running = started;
        process.stdout.write(`shipbridge-shopify listening on ${started.url}\n`);
        const simulated = env.SHOPIFY_ADMIN_API_URL?.trim();
        if (simulated) {
          say(
            `the shops' admin is simulated at ${simulated} (SHOPIFY_ADMIN_API_URL): never in production`,
          );
        }
        if (stopping) {
          const signal = stopping;
          stopping = undefined;
          stop(signal);
        }
      },
      (error: unknown) => {
        // Ours name what to check; anything else is said as it is, under the bin's name.
        say(isShipbridgeError(error) ? error.message : String(error));
        process.exit(1);
      },
    );
}
