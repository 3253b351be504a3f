// How an app instance stops: no new jobs are taken; a running job gets a
// grace period to finish, and one still running then is failed for a retry
// (handed back to the queue, so another instance, or this one restarted,
// runs it at once instead of after its heartbeat lapses); then the database
// connections are closed. A connection that a job handed back still holds
// (its handler waits on Shopify or the service inside a transaction) is not
// waited for past a bound: it ends when the database does.
import type { PostgreSQLSessionStorage } from "@shopify/shopify-app-session-storage-postgresql";
import type { AppRuntime } from "../runtime/app-runtime.ts";

export type CloseStep =
  | {
      readonly step: "jobs_stopping";
      /** Jobs running in this instance as it stopped taking new ones. */
      readonly running: number;
      readonly graceSeconds: number;
    }
  | { readonly step: "jobs_stopped" }
  | {
      readonly step: "connections_closed";
      /** Connections a job handed back still held when the bound ran out. */
      readonly held: number;
    };

export interface CloseOptions {
  /** Seconds a running job may take to finish before it is handed back. Default 10. */
  readonly graceSeconds?: number;
  /** Told each step once it is done, in order. */
  readonly onStep?: (step: CloseStep) => void;
}

/** How long the pools may take to close once the jobs are stopped. */
const POOL_BOUND_MS = 3_000;

export async function stopInOrder(app: AppRuntime, options: CloseOptions = {}): Promise<void> {
  const graceSeconds = options.graceSeconds ?? 10;
  const running = app.boss.getWipData().reduce((sum, worker) => sum + worker.count, 0);
  const stopped = app.boss.stop({ graceful: true, timeout: graceSeconds * 1000 });
  options.onStep?.({ step: "jobs_stopping", running, graceSeconds });
  await stopped;
  options.onStep?.({ step: "jobs_stopped" });
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all([
      (app.storage as PostgreSQLSessionStorage).disconnect().catch(() => {}),
      app.pool.end().catch(() => {}),
    ]),
    new Promise((resolve) => {
      timer = setTimeout(resolve, POOL_BOUND_MS);
    }),
  ]);
  clearTimeout(timer);
  options.onStep?.({ step: "connections_closed", held: app.pool.totalCount });
}
