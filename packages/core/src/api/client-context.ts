// What every resource namespace of ShippingClient shares: the transport, the
// clock and sleep the pollers use, the polling settings and the defaults that
// input validation needs (version, language, the account's services).
import type { Clock } from "../clock.ts";
import type { Language } from "../issues/language.ts";
import type { AccountServicesInput } from "../rules/shipment-contract.ts";
import type { ApiVersion } from "../schemas/package.ts";
import type { Deadline, Sleep } from "./deadline.ts";
import type { PollOptions } from "./poll.ts";
import type { ResolvedRetryOptions } from "./retry-policy.ts";
import type { CallOptions, Transport } from "./transport.ts";

export interface ClientContext {
  readonly transport: Transport;
  readonly clock: Clock;
  readonly sleep: Sleep;
  readonly poll: PollOptions | undefined;
  /** Default budget of a polling call (price, commands, labels), in milliseconds. */
  readonly pollTimeoutMs: number;
  readonly retry: ResolvedRetryOptions;
  readonly version: ApiVersion;
  readonly language: Language;
  readonly accountServices: AccountServicesLike | undefined;
}

/**
 * The account's services (for the rules on service_id): what
 * `client.account.services()` returns, or its `services` list.
 */
export type AccountServicesLike = AccountServicesInput;

export function versionOf(context: ClientContext, options: CallOptions | undefined): ApiVersion {
  return options?.version ?? context.version;
}

export function languageOf(context: ClientContext, options: CallOptions | undefined): Language {
  return options?.language ?? context.language;
}

export function pollDeadline(context: ClientContext, options: CallOptions | undefined): Deadline {
  return context.transport.deadlineFor(options, context.pollTimeoutMs);
}
