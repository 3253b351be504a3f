// cancelPickup: cancels a booked courier while the service allows it (until
// the courier's window starts). Cancelling again answers the same, so it is
// safe to repeat. Once the window has started the service refuses
// (pickup_not_cancellable): that is an answer, { cancelled: false } with the
// service's reason, not an error.
import { isConflictError, type ShippingClient } from "../api/index.ts";
import { checkDayCall, type DayCallOptions } from "../mapping/day-call.ts";
import { CommandUuidSchema } from "../schemas/index.ts";
import { validateInput } from "../validation/index.ts";

/** The service's code for a pickup whose window has started. */
export const PICKUP_NOT_CANCELLABLE = "pickup_not_cancellable";

export interface CancelledPickup {
  readonly cancelled: boolean;
  /** Why not, in the service's words, when it was not cancelled. */
  readonly reason?: string;
}

/**
 * Cancels the pickup the command `commandId` (bookPickup's) booked.
 * @throws ValidationError for a commandId that is not a uuid, NotFoundError
 *   when the service has no such command, ApiError subclasses for transport
 *   failures.
 */
export async function cancelPickup(
  client: ShippingClient,
  commandId: string,
  options: DayCallOptions = {},
): Promise<CancelledPickup> {
  const { call, issues } = checkDayCall(client, undefined, options, {
    max: 0,
    keyed: false,
    optionsRequired: false,
  });
  const id = validateInput(CommandUuidSchema, commandId, { language: issues.language });
  if (!id.ok) {
    for (const issue of id.error.issues) issues.issues.push({ ...issue, path: "commandId" });
  }
  issues.throwIfAny();
  try {
    const answer = await client.pickupCommands.cancel(commandId, call);
    return { cancelled: answer.cancelled };
  } catch (error) {
    if (isConflictError(error) && error.serviceCode === PICKUP_NOT_CANCELLABLE) {
      return { cancelled: false, reason: error.message };
    }
    throw error;
  }
}
