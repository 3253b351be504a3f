// The plugin's own refusals: a ShipbridgeError (one guard and one `code` across
// the packages) that also says how Medusa should answer it (`type`, one of
// MedusaError's types), so the HTTP layer gives the right 4xx. Whether asking
// again may succeed is the code's (see the README's errors table). A refusal
// that a batch keeps for later readers carries its text in both languages.
import { type Language, ShipbridgeError } from "@shipbridge/core";

/** The MedusaError types the plugin answers with (see Medusa's error handler). */
export type PluginErrorType = "invalid_data" | "not_found" | "not_allowed" | "unexpected_state";

export class PluginError extends ShipbridgeError {
  /** How Medusa answers it: invalid_data and not_allowed 400, not_found 404, unexpected_state 500. */
  readonly type: PluginErrorType;
  /** The message in English and in Polish, when the refusal has both. */
  readonly messages: Readonly<Record<Language, string>> | undefined;

  constructor(
    code: string,
    type: PluginErrorType,
    message: string,
    options?: { cause?: unknown; messages?: Readonly<Record<Language, string>> },
  ) {
    super(code, message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.type = type;
    this.messages = options?.messages;
  }
}
