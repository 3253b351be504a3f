// The arguments every function of the shipping day shares (batchLabels,
// handoverProtocols, courierPickup, bookPickup, applyRemedy...): the client,
// a list of package ids, and the per-call options. They are checked together
// so that every problem is named at once; the caller adds its own checks and
// then throws them all (ArgumentIssues.throwIfAny).
import { ApiUsageError, type CallOptions, type ShippingClient } from "../api/index.ts";
import type { Language } from "../issues/language.ts";
import { ArgumentIssues } from "../validation/argument-issues.ts";
import { isShippingClient } from "./ship-order.ts";

/** The per-call options of the shipping day's functions. */
export interface DayCallOptions {
  /** Aborts waiting; asking again later picks the same command up. */
  readonly signal?: AbortSignal;
  /** Everything, polling included, must finish by then (by the client's clock). */
  readonly deadline?: Date | number;
  /** X-Company-Id for every call. */
  readonly companyId?: string | number;
  /** Language of the service's and core's messages. Default en_GB. */
  readonly language?: Language;
}

export interface CheckedDayCall {
  /** The ids without repeats, in their first order ([] when the list is wrong). */
  readonly packageIds: number[];
  /** The options for every REST call. */
  readonly call: Omit<CallOptions, "version">;
  readonly issues: ArgumentIssues;
}

/** An ApiUsageError at `client` unless it works as a ShippingClient. */
export function checkClient(client: unknown): asserts client is ShippingClient {
  if (!isShippingClient(client as ShippingClient)) {
    throw new ApiUsageError(
      "client",
      "must be a ShippingClient (new ShippingClient({ baseUrl, auth }))",
    );
  }
}

/**
 * Checks the client (thrown at once), the package ids (1 to `max`), the
 * options object (and its `key` when `keyed`) and the call options.
 */
export function checkDayCall(
  client: ShippingClient,
  packageIds: readonly number[] | undefined,
  options: unknown,
  rules: { readonly max: number; readonly keyed: boolean; readonly optionsRequired: boolean },
): CheckedDayCall {
  checkClient(client);
  const issues = new ArgumentIssues(options);
  const ids =
    packageIds === undefined ? [] : (issues.packageIds(packageIds, "packageIds", rules.max) ?? []);
  const call: { -readonly [K in keyof CallOptions]?: CallOptions[K] } = {};
  if (issues.options(options, rules.optionsRequired)) {
    if (rules.keyed) issues.text(options["key"], "options.key");
    issues.callOptions(options);
    const given = options as DayCallOptions;
    if (given.signal !== undefined) call.signal = given.signal;
    if (given.deadline !== undefined) call.deadline = given.deadline;
    if (given.companyId !== undefined) call.companyId = given.companyId;
    if (given.language !== undefined) call.language = given.language;
  }
  return { packageIds: ids, call, issues };
}
