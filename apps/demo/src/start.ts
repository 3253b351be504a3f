// One command for the whole demo: `pnpm -F @shipbridge/demo start` (after
// `pnpm build`). Starts PostgreSQL, the sandbox, the Shopify app with its
// simulated store, the Medusa store and the dashboard, prints every address,
// and stops them all on Ctrl+C. State stays in DEMO_DATA_DIR (.demo-data).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { stopGroupsNow } from "@shipbridge/tooling/process-groups";
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
let stopping: number | undefined;
/** Set when something went wrong while stopping: the exit code says so. */
let troubled = false;
const starting = new AbortController();
/** A second signal this soon after the first is the same Ctrl+C, delivered twice (by pnpm). */
const SAME_CTRL_C_MS = 1_000;
/** How long the demo's servers get to stop on a crash, and on a forced stop. */
const CRASH_STOP_MS = 5_000;
const FORCED_STOP_MS = 3_000;

/**
 * Ctrl+C or SIGTERM: the demo stops in order (no new work, running jobs
 * finished or handed back, the stores, the pools, PostgreSQL last) and exits
 * with 0. PostgreSQL and Medusa run in process groups of their own, so the
 * terminal's Ctrl+C reaches only this process. A second Ctrl+C stops at once:
 * Medusa's group is killed, PostgreSQL shuts down immediately, and the demo
 * exits with 130.
 */
async function stop(signal: string): Promise<void> {
  if (stopping !== undefined) {
    if (Date.now() - stopping < SAME_CTRL_C_MS) return;
    console.log(`\ndemo: ${signal} again: stopping at once`);
    await stopGroupsNow(FORCED_STOP_MS, "force");
    process.exit(130);
  }
  stopping = Date.now();
  const since = Date.now();
  console.log(`\ndemo: ${signal}: stopping…`);
  // Still starting: the start stops what it started and rejects (below).
  if (!demo) return starting.abort();
  await demo.stop();
  console.log(`demo: stopped (${((Date.now() - since) / 1000).toFixed(1)} s)`);
  process.exit(troubled ? 1 : 0);
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

/**
 * A crash: PostgreSQL and Medusa, in groups of their own, would outlive the
 * demo; they are asked to stop (killed after a few seconds) before it exits 1.
 */
let crashing = false;
async function crash(error: unknown): Promise<void> {
  console.error(error);
  if (crashing) return;
  crashing = true;
  await stopGroupsNow(CRASH_STOP_MS, "stop");
  process.exit(1);
}

/** An error while stopping: one the shutdown explains is noted; any other fails the exit code. */
function whileStopping(error: unknown): void {
  if (endedByShutdown(error)) {
    console.log(
      `demo: while stopping: a database connection closed (${error instanceof Error ? error.message : String(error)})`,
    );
    return;
  }
  troubled = true;
  console.error("demo: while stopping:", error);
}

process.on("uncaughtException", (error) => {
  if (stopping !== undefined) whileStopping(error);
  else void crash(error);
});
process.on("unhandledRejection", (reason) => {
  if (stopping !== undefined) whileStopping(reason);
  else void crash(reason);
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
