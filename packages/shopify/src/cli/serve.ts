// Starts the deployable app: the database (given, or embedded), the app
// from createShopifyApp, and an HTTP server on @hono/node-server.
import { serve } from "@hono/node-server";
import { createShopifyApp } from "../app/create-shopify-app.ts";
import { startEmbeddedDatabase } from "./embedded-database.ts";
import { readBinConfig } from "./env.ts";

export interface RunningApp {
  /** Where it listens, e.g. http://127.0.0.1:8080. */
  readonly url: string;
  close(): Promise<void>;
}

export async function serveFromEnv(env: Record<string, string | undefined>): Promise<RunningApp> {
  const config = readBinConfig(env);
  const database = config.databaseUrl
    ? undefined
    : await startEmbeddedDatabase(config.dataDir, config.databasePort);
  const app = createShopifyApp({
    ...config.app,
    databaseUrl: config.databaseUrl ?? (database?.url as string),
  });
  await app.ready();
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app, port: config.port, hostname: config.host }, () =>
      resolve(started),
    );
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const host = config.host === "0.0.0.0" ? "127.0.0.1" : config.host;
  return {
    url: `http://${host}:${port}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
      await database?.stop();
    },
  };
}
