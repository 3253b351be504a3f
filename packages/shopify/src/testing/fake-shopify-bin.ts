#!/usr/bin/env node
// shipbridge-fake-shopify: a simulated Shopify for trying the app without a
// store. It serves FakeShopify (see fake-shopify-server.ts) and prints the
// SHOPIFY_ADMIN_API_URL line that points the shipbridge-shopify bin at it.
// Needs @shopify/dev-mcp, whose Admin schema it enforces.
import { parseArgs } from "node:util";

const HELP = `shipbridge-fake-shopify: a simulated Shopify (Admin API, OAuth, webhooks) for trying shipbridge-shopify.

Usage: shipbridge-fake-shopify [--port 4020] [--host 127.0.0.1]

Reads the app's own variables: SHOPIFY_API_KEY, SHOPIFY_API_SECRET (required)
and SHOPIFY_APP_URL (where webhooks go). Start the app with
SHOPIFY_ADMIN_API_URL set to the address this prints. Needs @shopify/dev-mcp.
Stops on SIGINT or SIGTERM.
`;

function main(): void {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "4020" },
      host: { type: "string", default: "127.0.0.1" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  const port = Number(values.port);
  const problems = [
    ...(process.env.SHOPIFY_API_KEY?.trim() ? [] : ["SHOPIFY_API_KEY: required"]),
    ...(process.env.SHOPIFY_API_SECRET?.trim() ? [] : ["SHOPIFY_API_SECRET: required"]),
    ...(Number.isInteger(port) && port >= 0 && port <= 65535 ? [] : ["--port: a port number"]),
  ];
  if (problems.length > 0) {
    process.stderr.write(`shipbridge-fake-shopify: ${problems.join("; ")}\n\n${HELP}`);
    process.exitCode = 2;
    return;
  }
  // Loaded only to serve, so --help needs nothing else.
  Promise.all([import("./fake-shopify.ts"), import("./fake-shopify-server.ts")])
    .then(async ([{ FakeShopify }, { serveFakeShopify }]) => {
      const apiKey = process.env.SHOPIFY_API_KEY?.trim() as string;
      const apiSecretKey = process.env.SHOPIFY_API_SECRET?.trim() as string;
      const appUrl = process.env.SHOPIFY_APP_URL?.trim() || undefined;
      const fake = new FakeShopify({ apiKey, apiSecretKey });
      const server = await serveFakeShopify(fake, {
        apiSecretKey,
        port,
        host: values.host,
        ...(appUrl ? { appUrl } : {}),
      });
      process.stdout.write(
        `shipbridge-fake-shopify listening on ${server.url}\n  export SHOPIFY_ADMIN_API_URL=${server.url}\n`,
      );
      const stop = () => {
        server.close().then(() => process.exit(0));
      };
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    })
    .catch((error: unknown) => {
      process.stderr.write(`shipbridge-fake-shopify: ${(error as Error).message}\n`);
      process.exitCode = 1;
    });
}

main();
