// What every instance of the store does once Medusa has started it (the
// module's onApplicationStart): points the account's tracking pushes at the
// store when the account has none, so a store on the password or
// client-credentials grant, which has no connect step, gets pushes from its
// first minute rather than from the reconcile job's first run. Medusa's CLI
// (`db:migrate`, `exec`) starts the application too, often in a container
// with another backend_url: a start therefore never replaces a webhook the
// account has (ours or not); the reconcile job and the admin's button keep
// it current. Idempotent across instances: several servers and a worker
// starting at once end with one webhook. On the authorization-code grant
// the merchant's connecting registers it; before that there is nothing to
// do. Best effort and never holding the start: Medusa awaits this hook
// before it listens, so after START_DEADLINE_MS the start goes on while the
// registration finishes (or fails, logged) in the background.
import type { Logger } from "@medusajs/framework/types";
import type { ShipbridgeModuleService } from "./service.ts";

export type StartRegistration =
  | Awaited<ReturnType<ShipbridgeModuleService["registerTrackingWebhook"]>>
  | "not_connected"
  | "failed"
  | "deferred";

/** How long a start waits for the registration before it goes on without it. */
export const START_DEADLINE_MS = 5_000;

type Registrar = Pick<ShipbridgeModuleService, "grant" | "connection" | "registerTrackingWebhook">;
type StartLogger = Pick<Logger, "info" | "warn"> | undefined;

async function register(service: Registrar, logger: StartLogger): Promise<StartRegistration> {
  try {
    if (
      service.grant === "authorization_code" &&
      (await service.connection.oauth.tokens()) === undefined
    ) {
      return "not_connected";
    }
    const result = await service.registerTrackingWebhook({ onlyWhenNone: true });
    if (result === "elsewhere") {
      logger?.info(
        "shipbridge: the account's tracking pushes go to another address; left as they are",
      );
    }
    return result;
  } catch (error) {
    logger?.warn(
      `shipbridge: the tracking webhook was not registered at start; the reconcile job tries again (${error instanceof Error ? error.message : String(error)})`,
    );
    return "failed";
  }
}

/**
 * Registers the tracking webhook when the account has none; answers within
 * `deadlineMs` (`deferred` when the service is slower: the registration
 * goes on in the background and the start does not wait for it).
 */
export async function registerTrackingWebhookAtStart(
  service: Registrar,
  logger: StartLogger,
  deadlineMs: number = START_DEADLINE_MS,
): Promise<StartRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<"deferred">((resolve) => {
    timer = setTimeout(() => resolve("deferred"), deadlineMs);
  });
  try {
    const result = await Promise.race([register(service, logger), deadline]);
    if (result === "deferred") {
      logger?.info(
        "shipbridge: the service is slow to answer; the tracking webhook is registered in the background while the store starts",
      );
    }
    return result;
  } finally {
    clearTimeout(timer);
  }
}
