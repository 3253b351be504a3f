// One command for the whole demo: `pnpm -F @shipbridge/demo start` (after
// `pnpm build`). Starts PostgreSQL, the sandbox, the Shopify app with its
// simulated store, the Medusa store and the dashboard, prints every address,
// and stops them all on Ctrl+C. State stays in DEMO_DATA_DIR (.demo-data).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { readConfig } from "./server/config.ts";
import { type RunningDemo, startDemo } from "./server/demo.ts";
import { MERCHANTS } from "./server/sandbox.ts";

const config = readConfig();
if (!existsSync(join(config.repoRoot, "packages/medusa/.medusa/server"))) {
  console.error(
    "The Medusa plugin is not built: run `pnpm build` at the repository root first.\n" +
      "Wtyczka Medusy nie jest zbudowana: uruchom najpierw `pnpm build` w katalogu głównym repozytorium.",
  );
  process.exit(1);
}

let demo: RunningDemo | undefined;
let stopping = false;
const starting = new AbortController();
/**
 * Ctrl+C or SIGTERM: the demo stops in order (no new work, running jobs
 * finished or handed back, Medusa's process group, the app, the pools,
 * PostgreSQL last) and exits with 0. PostgreSQL and Medusa run in process
 * groups of their own, so the terminal's Ctrl+C reaches only this process.
 */
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  const since = Date.now();
  console.log(`\ndemo: ${signal}: stopping…`);
  // Still starting: the start stops what it started and rejects (below).
  if (!demo) return starting.abort();
  await demo.stop();
  console.log(`demo: stopped (${((Date.now() - since) / 1000).toFixed(1)} s)`);
  process.exit(0);
}
// This process owns its signals: no library's handler races the orderly stop.
process.removeAllListeners("SIGINT");
process.removeAllListeners("SIGTERM");
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));

/**
 * While stopping, a database connection that PostgreSQL's shutdown ends
 * (57P01, or the socket closing under it) is expected: it is noted, not
 * allowed to crash the orderly stop. Anything else is a crash, as always.
 */
const SHUTDOWN_CODES = new Set(["57P01", "57P02", "57P03", "ECONNRESET", "EPIPE"]);
function endedByShutdown(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    (typeof code === "string" && SHUTDOWN_CODES.has(code)) ||
    /Connection terminated|Client has encountered a connection error/.test(String(error))
  );
}
process.on("uncaughtException", (error) => {
  if (stopping && endedByShutdown(error)) {
    console.log(`demo: while stopping: a database connection closed (${error.message})`);
    return;
  }
  console.error(error);
  process.exit(1);
});
// A job handed back on stop may still fail after its pool closed: noted, the stop goes on.
process.on("unhandledRejection", (reason) => {
  if (stopping) {
    console.log(
      `demo: while stopping: ${reason instanceof Error ? reason.message : String(reason)}`,
    );
    return;
  }
  console.error(reason);
  process.exit(1);
});

const started = Date.now();
console.log(`demo: starting, data in ${config.dataDir}`);
try {
  demo = await startDemo(config, console.log, starting.signal);
} catch (error) {
  if (starting.signal.aborted) {
    console.log("demo: stopped");
    process.exit(0);
  }
  console.error(`demo: could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const { addresses } = demo;
console.log(`
  shipbridge demo is ready (${Math.round((Date.now() - started) / 1000)} s)

  Dashboard            ${addresses.dashboard}
  Shopify storefront   ${addresses.shopify.storefront}
  Shopify app          ${addresses.shopify.app}
  Medusa storefront    ${addresses.medusa.storefront}
  Medusa backend       ${addresses.medusa.backend}
  Shipping service     ${addresses.sandbox.baseUrl}${config.service ? "" : " (local sandbox)"}
${
  config.service
    ? ""
    : `
  Connect the shipping accounts from the dashboard; sign in on the service's page as
    Shopify store: ${MERCHANTS.shopify.username} / ${MERCHANTS.shopify.password}
    Medusa store:  ${MERCHANTS.medusa.username} / ${MERCHANTS.medusa.password}
`
}
  Ctrl+C stops everything; the state stays in ${config.dataDir}
`);
