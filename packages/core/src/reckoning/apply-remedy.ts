// applyRemedy: runs the remedy a reckoning row offers. For cancel_package it
// sends one cancel command whose uuid is derived from the package and the
// reason (remedy-command-id.ts), so applying it twice cancels once; the
// service refunds the price of a package it cancels.
//
// A remedy is data that travels (a form field, a queued job, a row drawn an
// hour ago), and cancelling the wrong package stops a customer's parcel. So
// before cancelling, the remedy is checked again against the service and the
// store: it must be for one of the stores the caller acts for
// (`options.storeIds`), carry the commandId the reckoning derives, and name
// the store and order the package's reference names; the package must still
// be paid and the service must offer to cancel it (`cancel_available`); and
// its flag must still hold (second_package: the order still has a paid
// package with a lower id; no_order and cancelled_order_paid: `orders` still
// answers "unknown" or "cancelled"). Otherwise nothing is cancelled and a
// RemedyError says why. A package cancelled already (by this remedy or
// otherwise) counts as cancelled; a cancel command of this remedy sent
// before is waited for, never sent again, and one that ended without
// cancelling is followed, once the checks pass again, by the next attempt
// under its own uuid (remedy-command-id.ts).
import { isNotFoundError, type ShippingClient } from "../api/index.ts";
import type { Language } from "../issues/language.ts";
import { commandRefusals } from "../mapping/command-refusals.ts";
import { checkDayCall, type DayCallOptions } from "../mapping/day-call.ts";
import { storeIdProblem } from "../mapping/store-id.ts";
import {
  type CancelCommandRequest,
  type CancelCommandResponse,
  isFinalCommandStatus,
  type PackageDetailsV2,
} from "../schemas/index.ts";
import { RULE_CODES } from "../validation/index.ts";
import { askStore, type StoreOrders } from "./ask-store.ts";
import { isPaid } from "./paid-package.ts";
import type { ReckoningFlag, Remedy } from "./reckoning.ts";
import { remedyCommandId } from "./remedy-command-id.ts";
import { RemedyError, type RemedyErrorDetails } from "./remedy-error.ts";
import { readStoreReference } from "./store-reference.ts";

export interface ApplyRemedyOptions extends DayCallOptions {
  /** The stores this caller acts for: a remedy of any other store is refused. Required. */
  readonly storeIds: readonly string[];
  /** How the store sees an order (as for dayReckoning): asked again before a no_order or cancelled_order_paid remedy runs. */
  readonly orders: StoreOrders;
}

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

/** Cancel commands of one remedy at most: past them the last one's answer stands. */
export const REMEDY_ATTEMPTS_MAX = 10;

/** The store's answer each flag stands on. */
const FLAG_STATUS: Readonly<Record<"no_order" | "cancelled_order_paid", string>> = {
  no_order: "unknown",
  cancelled_order_paid: "cancelled",
};

/** Checks the arguments; every problem named at once. */
function checkArguments(client: ShippingClient, remedy: Remedy, options: ApplyRemedyOptions) {
  const { call, issues } = checkDayCall(client, undefined, options, {
    max: 0,
    keyed: false,
    optionsRequired: true,
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
    const store = storeIdProblem(given.storeId);
    if (store !== undefined) issues.report("remedy.storeId", store.rule, store.params);
    issues.text(given.orderId, "remedy.orderId");
    issues.oneOf(given.reason, "remedy.reason", Object.keys(REASON_TYPES));
    if (given.reason === undefined) issues.report("remedy.reason", RULE_CODES.required);
    issues.text(given.commandId, "remedy.commandId");
  }
  if (typeof options === "object" && options !== null) {
    const storeIds: unknown = options.storeIds;
    if (storeIds === undefined) {
      issues.report("options.storeIds", RULE_CODES.required);
    } else if (!Array.isArray(storeIds)) {
      issues.report("options.storeIds", RULE_CODES.invalid_type, { expected: "array" });
    } else if (storeIds.length === 0) {
      issues.report("options.storeIds", RULE_CODES.too_small, { minimum: 1, origin: "array" });
    } else {
      storeIds.forEach((storeId: unknown, index) => {
        const problem = storeIdProblem(storeId);
        if (problem !== undefined) {
          issues.report(`options.storeIds[${index}]`, problem.rule, problem.params);
        }
      });
    }
    if (typeof options.orders !== "function") {
      issues.report("options.orders", RULE_CODES.invalid_type, { expected: "function" });
    }
  }
  issues.throwIfAny();
  return { call, language: issues.language };
}

/** The cancel command under `commandId`, or undefined when the service has none. */
async function findCommand(
  client: ShippingClient,
  commandId: string,
  call: ReturnType<typeof checkArguments>["call"],
): Promise<CancelCommandResponse | undefined> {
  try {
    const command = await client.cancelCommands.get(commandId, call);
    return isFinalCommandStatus(command.status)
      ? command
      : await client.cancelCommands.wait(commandId, call);
  } catch (error) {
    if (isNotFoundError(error)) return undefined;
    throw error;
  }
}

/** What a finished cancel command did for the package. */
function outcome(command: CancelCommandResponse, packageId: number, commandId: string) {
  const done = (command.successfully_canceled_packages ?? []).some(
    (entry) => entry.package_id === packageId,
  );
  const [refusal] = commandRefusals(command.errors, [packageId], new Set());
  const cancelled = done || refusal?.rule === RULE_CODES.package_already_cancelled;
  const result: RemedyResult = {
    packageId,
    commandId,
    cancelled,
    refunded: cancelled,
    ...(cancelled || refusal === undefined
      ? {}
      : { problem: { rule: refusal.rule, message: refusal.message } }),
  };
  return result;
}

/** Throws a RemedyError unless the remedy's flag still holds for the package. */
async function checkStillHolds(
  client: ShippingClient,
  pkg: PackageDetailsV2,
  remedy: Remedy,
  options: ApplyRemedyOptions,
  call: ReturnType<typeof checkArguments>["call"],
  language: Language,
): Promise<void> {
  const details: RemedyErrorDetails = remedy;
  if (!isPaid(pkg)) {
    throw new RemedyError({ code: "remedy_outdated", why: "not_paid" }, details, language);
  }
  if (pkg.cancel_available !== true) {
    throw new RemedyError({ code: "remedy_not_cancellable", state: pkg.state }, details, language);
  }
  if (remedy.reason === "second_package") {
    const reference = pkg.user_reference_number as string;
    const list = await client.packages.list({ user_reference_number: reference }, call);
    const earlier = list.packages.some(
      (other) =>
        other.user_reference_number === reference &&
        other.package_id < pkg.package_id &&
        isPaid(other),
    );
    if (!earlier) {
      throw new RemedyError(
        { code: "remedy_outdated", why: "no_earlier_package" },
        details,
        language,
      );
    }
    return;
  }
  const status = await askStore(options.orders, remedy, language);
  if (status === undefined) {
    throw new RemedyError({ code: "remedy_not_allowed", why: "order" }, details, language);
  }
  if (status !== FLAG_STATUS[remedy.reason]) {
    throw new RemedyError(
      { code: "remedy_outdated", why: "order_status", status },
      details,
      language,
    );
  }
}

/**
 * Runs a reckoning row's remedy, once it is checked again.
 * @throws ValidationError for a remedy or options that are not what a
 *   reckoning gives (`remedy.storeId`, `options.storeIds`, `options.orders`...),
 *   RemedyError when the remedy is not the caller's, does not match its
 *   package, no longer holds or the service no longer offers to cancel the
 *   package, NotFoundError for a package the account does not have, ApiError
 *   subclasses for transport failures, and whatever `orders` throws.
 */
export async function applyRemedy(
  client: ShippingClient,
  remedy: Remedy,
  options: ApplyRemedyOptions,
): Promise<RemedyResult> {
  const { call, language } = checkArguments(client, remedy, options);
  const details: RemedyErrorDetails = remedy;
  if (!options.storeIds.includes(remedy.storeId)) {
    throw new RemedyError({ code: "remedy_not_allowed", why: "store" }, details, language);
  }
  const commandId = remedyCommandId(remedy.packageId, remedy.reason);
  if (remedy.commandId !== commandId) {
    throw new RemedyError({ code: "remedy_mismatch", why: "command" }, details, language);
  }
  const pkg = await client.packages.get(remedy.packageId, call);
  const named = readStoreReference(pkg.user_reference_number);
  if (named?.storeId !== remedy.storeId || named.orderId !== remedy.orderId) {
    throw new RemedyError(
      { code: "remedy_mismatch", why: "reference", reference: pkg.user_reference_number ?? null },
      details,
      language,
    );
  }
  // Sent before (a double click, a rerun): its answer, never a second
  // command. One that ended without cancelling is not sent again: once the
  // package can be cancelled again, the next attempt has its own uuid.
  let attemptId = commandId;
  for (let attempt = 0; attempt < REMEDY_ATTEMPTS_MAX; attempt++) {
    attemptId = remedyCommandId(remedy.packageId, remedy.reason, attempt);
    const sent = await findCommand(client, attemptId, call);
    if (sent === undefined) break;
    const result = outcome(sent, remedy.packageId, attemptId);
    if (result.cancelled || attempt === REMEDY_ATTEMPTS_MAX - 1) return result;
  }
  if (pkg.state === "canceled") {
    return { packageId: remedy.packageId, commandId: attemptId, cancelled: true, refunded: true };
  }
  await checkStillHolds(client, pkg, remedy, options, call, language);
  const body: CancelCommandRequest = {
    packages: [{ id: remedy.packageId }],
    reasonType: REASON_TYPES[remedy.reason],
    reasonContent: REASON_CONTENT[remedy.reason],
  };
  const command = await client.cancelCommands.run(attemptId, body, call);
  return outcome(command, remedy.packageId, attemptId);
}
