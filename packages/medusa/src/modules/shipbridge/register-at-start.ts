// What every instance of the store does once Medusa has started it (the
// module's onApplicationStart): points the account's tracking pushes at the
// store, so a store on the password or client-credentials grant, which has no
// connect step, gets pushes from its first minute rather than from the
// reconcile job's first run. Idempotent across instances: each does what the
// reconcile job does (registers when the account has none or it is this
// store's, leaves another address alone), so several servers and a worker
// starting at once end with one webhook. On the authorization-code grant the
// merchant's connecting registers it; before that there is nothing to do.
// Best effort: a failure is logged and the reconcile job tries again.
import type { Logger } from "@medusajs/framework/types";
import type { ShipbridgeModuleService } from "./service.ts";

export type StartRegistration =
  | Awaited<ReturnType<ShipbridgeModuleService["registerTrackingWebhook"]>>
  | "not_connected"
  | "failed";

export async function registerTrackingWebhookAtStart(
  service: Pick<ShipbridgeModuleService, "grant" | "connection" | "registerTrackingWebhook">,
  logger: Pick<Logger, "info" | "warn"> | undefined,
): Promise<StartRegistration> {
  try {
    if (
      service.grant === "authorization_code" &&
      (await service.connection.oauth.tokens()) === undefined
    ) {
      return "not_connected";
    }
    const result = await service.registerTrackingWebhook();
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
