// Where the account's tracking pushes go, as the settings page shows it: to
// this store (`registered`), to another address (`elsewhere`), nowhere yet
// (`not_registered`), or `no_secret` when the plugin has no
// trackingWebhookSecret to verify pushes with; `unknown` when the service
// could not be asked (not connected, or down). Reads only.
import { isNotFoundError } from "@shipbridge/core";
import type { Connection } from "./connection.ts";
import { backendUrl, type PluginOptions, TRACKING_WEBHOOK_PATH } from "./options.ts";

export interface TrackingWebhookState {
  readonly state: "registered" | "elsewhere" | "not_registered" | "no_secret" | "unknown";
  /** This store's webhook address. */
  readonly url: string;
  /** Where the account sends its pushes now, when it says. */
  readonly current?: string;
}

export async function trackingWebhookState(
  connection: Connection,
  options: PluginOptions,
): Promise<TrackingWebhookState> {
  const url = backendUrl(options, TRACKING_WEBHOOK_PATH);
  if (options.trackingWebhookSecret === undefined) return { state: "no_secret", url };
  try {
    const current = await connection.client.account.trackingWebhook();
    return { state: current.url === url ? "registered" : "elsewhere", url, current: current.url };
  } catch (error) {
    if (isNotFoundError(error)) return { state: "not_registered", url };
    return { state: "unknown", url };
  }
}
