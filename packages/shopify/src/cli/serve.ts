// Starts the deployable app: its port checked free first, the database
// (given, or embedded: where its data is said at start), the app
// from createShopifyApp, and an HTTP server on @hono/node-server. It stops
// in order: no new requests (those in flight get a moment), the jobs
// stopped and a running one handed back, the connections closed, and the
// embedded database last, each step said on `log`.
import { createServer } from "node:net";
import { serve } from "@hono/node-server";
import { createShopifyApp } from "../app/create-shopify-app.ts";
import { databaseUnreachable, isDatabaseUnreachable, portInUse } from "./bin-start-error.ts";
import { type EmbeddedDatabase, startEmbeddedDatabase } from "./embedded-database.ts";
import { readBinConfig } from "./env.ts";

export interface RunningApp {
  /** Where it listens, e.g. http://127.0.0.1:8080. */
  readonly url: string;
  /** Stops in order, saying each step on `log`. */
  close(log?: (line: string) => void): Promise<void>;
  /** Stops the embedded database at once (fast shutdown): a second signal. */
  stopNow(): Promise<void>;
}

/** How long requests in flight may take once the server stops listening. */
const REQUESTS_BOUND_MS = 5_000;

/** Refuses a port another process holds before anything starts (port 0 is any free one). */
async function ensurePortFree(port: number, host: string): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", (error) => reject(portInUse(host, port, error)));
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

export async function serveFromEnv(
  env: Record<string, string | undefined>,
  /** Where the bin says what it does at start (its stderr). */
  say: (line: string) => void = () => {},
): Promise<RunningApp> {
  const config = readBinConfig(env);
  await ensurePortFree(config.port, config.host);
  const database: EmbeddedDatabase | undefined = config.databaseUrl
    ? undefined
    : await startEmbeddedDatabase(config.dataDir, config.databasePort);
  if (database) {
    say(
      `embedded PostgreSQL on 127.0.0.1:${config.databasePort}, its data in ${database.dataDir} (SHIPBRIDGE_DATA_DIR; set DATABASE_URL for a database of your own)`,
    );
  }
  const app = createShopifyApp({
    ...config.app,
    databaseUrl: config.databaseUrl ?? (database?.url as string),
  });
  let server: ReturnType<typeof serve>;
  try {
    await app.ready().catch((error: unknown) => {
      throw config.databaseUrl && isDatabaseUnreachable(error)
        ? databaseUnreachable(error, config.databaseUrl)
        : error;
    });
    server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
      const started = serve({ fetch: app, port: config.port, hostname: config.host }, () =>
        resolve(started),
      );
      started.once("error", (error) => reject(portInUse(config.host, config.port, error)));
    });
  } catch (error) {
    // A database the bin started is never left running behind it.
    await app.close().catch(() => {});
    await database?.stop();
    throw error;
  }
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const host = config.host === "0.0.0.0" ? "127.0.0.1" : config.host;
  return {
    url: `http://${host}:${port}`,
    stopNow: async () => {
      await database?.stop();
    },
    close: async (log = () => {}) => {
      const served = new Promise<void>((resolve) => server.close(() => resolve()));
      log("no new requests");
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        served,
        new Promise((resolve) => {
          timer = setTimeout(resolve, REQUESTS_BOUND_MS);
        }),
      ]);
      clearTimeout(timer);
      if ("closeAllConnections" in server) server.closeAllConnections();
      await app.close({
        onStep: (done) => {
          if (done.step === "jobs_stopping") {
            log(
              `no new jobs; ${done.running} running, ${done.graceSeconds} s to finish before it is handed back to the queue`,
            );
          } else if (done.step === "jobs_stopped") {
            log("jobs stopped");
          } else {
            log(
              done.held === 0
                ? "database connections closed"
                : `database connections closed (${done.held} held by a job handed back: closed with the database)`,
            );
          }
        },
      });
      if (database) {
        await database.stop();
        log("database stopped");
      }
    },
  };
}
