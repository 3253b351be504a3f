// The reconcile job's schedule: every 15 minutes, or every
// SHIPBRIDGE_RECONCILE_EVERY_SECONDS seconds when that is set (a store that
// wants lost pushes found sooner, or a test that cannot wait 15 minutes).
// Read when Medusa loads the job, before any plugin option is known, hence
// the environment. Either way Medusa's Redis workflow engine runs it once per
// tick across the cluster.
import { PluginError } from "./plugin-error.ts";

export const RECONCILE_EVERY_SECONDS = "SHIPBRIDGE_RECONCILE_EVERY_SECONDS";
const EVERY_15_MINUTES = "*/15 * * * *";

/** A cron pattern, or Medusa's `{ interval }` in milliseconds. */
export type JobSchedule = string | { interval: number };

export function reconcileSchedule(env: Readonly<Record<string, string | undefined>>): JobSchedule {
  const raw = env[RECONCILE_EVERY_SECONDS]?.trim();
  if (raw === undefined || raw === "") return EVERY_15_MINUTES;
  const seconds = Number(raw);
  if (!Number.isInteger(seconds) || seconds < 1) {
    throw new PluginError(
      "reconcile_schedule_invalid",
      "invalid_data",
      `${RECONCILE_EVERY_SECONDS}: must be a whole number of seconds, at least 1 (got "${raw}") / ` +
        `musi być liczbą całkowitą sekund, co najmniej 1 (podano "${raw}")`,
    );
  }
  return { interval: seconds * 1000 };
}
