// applyRemedy: runs the remedy a reckoning row offers. For cancel_package it
// sends one cancel command whose uuid is derived from the package and the
// reason (remedy-command-id.ts), so applying it twice cancels once; the
// service refunds the price of a package it cancels. A package cancelled
// already (by this remedy or otherwise) counts as cancelled; one the courier
// has collected since is not, with the service's reason.
import type { ShippingClient } from "../api/index.ts";
import { commandRefusals } from "../mapping/command-refusals.ts";
import { checkDayCall, type DayCallOptions } from "../mapping/day-call.ts";
import type { CancelCommandRequest } from "../schemas/index.ts";
import { RULE_CODES } from "../validation/index.ts";
import type { ReckoningFlag, Remedy } from "./reckoning.ts";
import { remedyCommandId } from "./remedy-command-id.ts";

export interface RemedyResult {
  readonly packageId: number;
  /** The cancel command's uuid. */
  readonly commandId: string;
  readonly cancelled: boolean;
  /** Whether the package's price is refunded: the service refunds every package it cancels. */
  readonly refunded: boolean;
  /** Why not, when the package was not cancelled: the service's rule and words. */
  readonly problem?: { readonly rule: string; readonly message: string };
}

/** The service's reason code for each flag (its codes are an open list). */
const REASON_TYPES: Readonly<Record<ReckoningFlag, string>> = {
  no_order: "mistake",
  second_package: "duplicate",
  cancelled_order_paid: "customer_request",
};

const REASON_CONTENT: Readonly<Record<ReckoningFlag, string>> = {
  no_order: "The store has no order for this package.",
  second_package: "The order had a paid package already.",
  cancelled_order_paid: "The store cancelled the order.",
};

/**
 * Runs a reckoning row's remedy.
 * @throws ValidationError for a remedy that is not one a reckoning gives,
 *   ApiError subclasses for transport failures.
 */
export async function applyRemedy(
  client: ShippingClient,
  remedy: Remedy,
  options: DayCallOptions = {},
): Promise<RemedyResult> {
  const { call, issues } = checkDayCall(client, undefined, options, {
    max: 0,
    keyed: false,
    optionsRequired: false,
  });
  const given = remedy as Partial<Remedy> | null | undefined;
  if (typeof given !== "object" || given === null) {
    issues.report("remedy", RULE_CODES.invalid_type, { expected: "object" });
  } else {
    issues.oneOf(given.action, "remedy.action", ["cancel_package"]);
    if (given.action === undefined) issues.report("remedy.action", RULE_CODES.required);
    const id = given.packageId;
    if (typeof id !== "number" || !Number.isInteger(id) || id <= 0) {
      issues.report("remedy.packageId", RULE_CODES.invalid_type, { expected: "int" });
    }
    issues.oneOf(given.reason, "remedy.reason", Object.keys(REASON_TYPES));
    if (given.reason === undefined) issues.report("remedy.reason", RULE_CODES.required);
  }
  issues.throwIfAny();
  const commandId = remedyCommandId(remedy.packageId, remedy.reason);
  const body: CancelCommandRequest = {
    packages: [{ id: remedy.packageId }],
    reasonType: REASON_TYPES[remedy.reason],
    reasonContent: REASON_CONTENT[remedy.reason],
  };
  const command = await client.cancelCommands.run(commandId, body, call);
  const done = (command.successfully_canceled_packages ?? []).some(
    (entry) => entry.package_id === remedy.packageId,
  );
  const [refusal] = commandRefusals(command.errors, [remedy.packageId], new Set());
  const already = refusal?.rule === RULE_CODES.package_already_cancelled;
  const cancelled = done || already;
  return {
    packageId: remedy.packageId,
    commandId,
    cancelled,
    refunded: cancelled,
    ...(cancelled || refusal === undefined
      ? {}
      : { problem: { rule: refusal.rule, message: refusal.message } }),
  };
}
