// bookPickup: a courier booked for the chosen day and window, through a
// pickup command whose uuid is derived from the caller's key, the window and
// the packages (sorted: the same packages in any order are one booking), so
// a double click or a rerun books once. One pickup serves one carrier: the
// service books the packages of the first carrier it takes and refuses the
// rest (in `skipped`, with pickup_one_carrier), as it refuses packages that
// cannot be picked up. Ask courierPickup first for the days.
//
// A finished command keeps its answer forever, so a package refused under the
// key (another pickup held it) would stay refused after the blocker is
// cancelled. So the attempts under the key are read in turn (GET), and when
// they left packages out that a courier of the booked carrier can now
// collect (`pickup_available`), the next attempt's command books them. A
// later attempt is never sent for a package an earlier one booked: no
// package gets a second courier.
//
// Decision: one call books at most PICKUP_PACKAGES_MAX (100) packages; more
// are refused at `packageIds`.
import { isNotFoundError, type ShippingClient } from "../api/index.ts";
import { commandRefusals, type SkippedPackage } from "../mapping/command-refusals.ts";
import { checkDayCall, type DayCallOptions } from "../mapping/day-call.ts";
import { readPackages } from "../mapping/read-packages.ts";
import {
  isFinalCommandStatus,
  PICKUP_PACKAGES_MAX,
  type PickupCommandPackage,
  type PickupCommandRequest,
  type PickupCommandResponse,
  type PickupWindow,
  PickupWindowSchema,
} from "../schemas/index.ts";
import { validateInput } from "../validation/index.ts";
import {
  COURIER_ERROR_CODES,
  CourierError,
  pickupCancelledMessage,
  pickupRefusedMessage,
} from "./courier-error.ts";
import { pickupCommandId } from "./pickup-command-id.ts";

/** Attempts of one booking at most: past them the last attempt's answer stands. */
export const PICKUP_ATTEMPTS_MAX = 10;

export interface BookPickupOptions extends DayCallOptions {
  /**
   * The booking's stable name (e.g. `${storeId}:${batchId}:pickup:dpd`): the
   * pickup command's uuid is derived from it, the window and the packages.
   */
  readonly key: string;
}

export interface BookedPickup {
  /** The uuid of the pickup command that booked these packages (the first, when several did); cancelPickup takes it. */
  readonly commandId: string;
  /**
   * Every pickup command of this booking that booked packages, oldest first:
   * one, unless packages refused at first were booked by a later attempt.
   * Cancel each to cancel the whole booking.
   */
  readonly commandIds: readonly string[];
  /** The carrier whose courier comes. */
  readonly service: string;
  /** The carrier's pickup number, once the service gives one. */
  readonly pickupNumber?: string;
  /** The day and window booked. */
  readonly window: PickupWindow;
  /** The packages the courier collects, by id. */
  readonly packageIds: readonly number[];
  /** The packages the service did not book, with its reason. */
  readonly skipped: readonly SkippedPackage[];
}

/**
 * Books a courier for these packages on the chosen day and window.
 * @throws ValidationError naming every bad argument (`packageIds[1]`,
 *   `window.max_time`, `options.key`...), ValidationApiError when the service
 *   refuses the day or window, CourierError pickup_refused when it booked
 *   none of the packages, pickup_cancelled when the pickup booked under this
 *   key and window was cancelled since (book again under another key), and
 *   ApiError subclasses for transport failures.
 */
export async function bookPickup(
  client: ShippingClient,
  packageIds: readonly number[],
  window: PickupWindow,
  options: BookPickupOptions,
): Promise<BookedPickup> {
  const {
    packageIds: ids,
    call,
    issues,
  } = checkDayCall(client, packageIds, options, {
    max: PICKUP_PACKAGES_MAX,
    keyed: true,
    optionsRequired: true,
  });
  const checked = validateInput(PickupWindowSchema, window, { language: issues.language });
  if (!checked.ok) {
    for (const issue of checked.error.issues) {
      issues.issues.push({ ...issue, path: issue.path === "" ? "window" : `window.${issue.path}` });
    }
  }
  issues.throwIfAny();
  const chosen = checked.ok ? checked.value : window;
  const sorted = [...ids].sort((a, b) => a - b);
  const booked = new Map<number, PickupCommandPackage>();
  const bookedBy: string[] = [];
  const refusals = new Map<number, SkippedPackage>();
  let service: string | undefined;
  let commandId = pickupCommandId(options.key, chosen, sorted, 0);
  for (let attempt = 0; attempt < PICKUP_ATTEMPTS_MAX; attempt++) {
    const attemptId = pickupCommandId(options.key, chosen, sorted, attempt);
    // What the attempt is (or was) sent for: the first, every package; a
    // later one, the packages of the booked carrier no attempt before booked.
    let asked = sorted;
    let collectable = true;
    if (attempt > 0) {
      const left = sorted.filter((id) => !booked.has(id));
      const read = await readPackages(client, left, call);
      asked = left.filter((id) => {
        const pkg = read.found.get(id);
        return pkg !== undefined && (service === undefined || pkg.service === service);
      });
      collectable = asked.some((id) => read.found.get(id)?.pickup_available === true);
    }
    let command = await findCommand(client, attemptId, call);
    if (command === undefined) {
      // Not sent yet: a later attempt only once a courier can collect one of its packages.
      if (!collectable || asked.length === 0) break;
      const body: PickupCommandRequest = {
        packages: asked.map((id) => ({ id })),
        pickup_date: chosen,
      };
      command = await client.pickupCommands.run(attemptId, body, call);
    }
    commandId = attemptId;
    if (command.cancelled === true) {
      throw new CourierError(
        COURIER_ERROR_CODES.pickup_cancelled,
        pickupCancelledMessage(chosen, commandId, issues.language),
        { commandId },
      );
    }
    const done = new Set<number>();
    for (const entry of command.successfully_ordered_packages ?? []) {
      done.add(entry.package_id);
      booked.set(entry.package_id, entry);
      service ??= entry.service ?? undefined;
    }
    if (done.size > 0) bookedBy.push(commandId);
    for (const refusal of commandRefusals(command.errors, asked, done)) {
      refusals.set(refusal.packageId, refusal);
    }
    // A next attempt is only ever made for a package this one left out.
    if (sorted.every((id) => booked.has(id))) break;
  }
  const skipped = sorted.flatMap((id) => {
    const refusal = refusals.get(id);
    return booked.has(id) || refusal === undefined ? [] : [refusal];
  });
  const first = booked.get(sorted.find((id) => booked.has(id)) ?? 0);
  if (first === undefined) {
    throw new CourierError(
      COURIER_ERROR_CODES.pickup_refused,
      pickupRefusedMessage(skipped, issues.language),
      { commandId, skipped },
    );
  }
  return {
    commandId: bookedBy[0] ?? commandId,
    commandIds: bookedBy,
    service: service ?? "",
    ...(first.pickup_number ? { pickupNumber: first.pickup_number } : {}),
    window: chosen,
    packageIds: sorted.filter((id) => booked.has(id)),
    skipped,
  };
}

/** The pickup command under `commandId`, final, or undefined when the service has none. */
async function findCommand(
  client: ShippingClient,
  commandId: string,
  call: ReturnType<typeof checkDayCall>["call"],
): Promise<PickupCommandResponse | undefined> {
  try {
    const command = await client.pickupCommands.get(commandId, call);
    return isFinalCommandStatus(command.status)
      ? command
      : await client.pickupCommands.wait(commandId, call);
  } catch (error) {
    if (isNotFoundError(error)) return undefined;
    throw error;
  }
}
