// bookPickup: a courier booked for the chosen day and window, through one
// pickup command whose uuid is derived from the caller's key, the window and
// the packages, so a double click or a rerun books once. One pickup serves
// one carrier: the service books the packages of the first carrier it takes
// and refuses the rest (in `skipped`, with pickup_one_carrier), as it refuses
// packages that cannot be picked up. Ask courierPickup first for the days.
//
// Decision: one call books one pickup command, so at most
// PICKUP_PACKAGES_MAX (100) packages; more are refused at `packageIds`.
import type { ShippingClient } from "../api/index.ts";
import { commandRefusals, type SkippedPackage } from "../mapping/command-refusals.ts";
import { checkDayCall, type DayCallOptions } from "../mapping/day-call.ts";
import {
  PICKUP_PACKAGES_MAX,
  type PickupCommandRequest,
  type PickupWindow,
  PickupWindowSchema,
} from "../schemas/index.ts";
import { validateInput } from "../validation/index.ts";
import { COURIER_ERROR_CODES, CourierError } from "./courier-error.ts";
import { pickupCommandId } from "./pickup-command-id.ts";

export interface BookPickupOptions extends DayCallOptions {
  /**
   * The booking's stable name (e.g. `${storeId}:${batchId}:pickup:dpd`): the
   * pickup command's uuid is derived from it, the window and the packages.
   */
  readonly key: string;
}

export interface BookedPickup {
  /** The pickup command's uuid; cancelPickup takes it. */
  readonly commandId: string;
  /** The carrier whose courier comes. */
  readonly service: string;
  /** The carrier's pickup number, once the service gives one. */
  readonly pickupNumber?: string;
  /** The day and window booked. */
  readonly window: PickupWindow;
  /** The packages the courier collects. */
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
  const commandId = pickupCommandId(options.key, chosen, ids);
  const body: PickupCommandRequest = {
    packages: ids.map((id) => ({ id })),
    pickup_date: chosen,
  };
  const command = await client.pickupCommands.run(commandId, body, call);
  if (command.cancelled === true) {
    throw new CourierError(
      COURIER_ERROR_CODES.pickup_cancelled,
      `The pickup booked under this key for ${chosen.date} ${chosen.min_time}-${chosen.max_time} (command ${commandId}) was cancelled; book again under another key.`,
      { commandId },
    );
  }
  const booked = command.successfully_ordered_packages ?? [];
  const done = new Set(booked.map((entry) => entry.package_id));
  const skipped = commandRefusals(command.errors, ids, done);
  const first = booked[0];
  if (first === undefined) {
    const reasons = skipped.map((entry) => `${entry.packageId}: ${entry.message}`).join("; ");
    throw new CourierError(
      COURIER_ERROR_CODES.pickup_refused,
      `No courier was booked: the service refused every package${reasons === "" ? "" : ` (${reasons})`}.`,
      { commandId, skipped },
    );
  }
  return {
    commandId,
    service: first.service ?? "",
    ...(first.pickup_number ? { pickupNumber: first.pickup_number } : {}),
    window: chosen,
    packageIds: ids.filter((id) => done.has(id)),
    skipped,
  };
}
