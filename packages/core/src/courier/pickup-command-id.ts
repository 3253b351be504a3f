// The uuid of the pickup command that books a courier: UUID v5 of the
// caller's key (e.g. `${storeId}:${batchId}:pickup`), the chosen day and
// window, the packages (sorted, so the same packages in another order are
// the same booking) and the attempt, in PICKUP_COMMAND_NAMESPACE. A double
// click, or a rerun after a crash, sends the same command, which the service
// books once; another window or other packages are another command. Attempt
// 0 is the first; a later attempt is made only for packages no earlier one
// booked, once they can be booked (book-pickup.ts).
import { uuidV5 } from "../mapping/order-command-id.ts";
import type { PickupWindow } from "../schemas/index.ts";

/** The namespace of shipbridge pickup commands. Fixed forever. */
export const PICKUP_COMMAND_NAMESPACE = "965d1cff-8851-4e5d-bf5b-8c2cd1db98e8";

export function pickupCommandId(
  key: string,
  window: PickupWindow,
  packageIds: readonly number[],
  attempt = 0,
): string {
  const name = [
    key,
    window.date,
    window.min_time,
    window.max_time,
    [...packageIds].sort((a, b) => a - b).join(","),
    ...(attempt === 0 ? [] : [String(attempt)]),
  ].join("\u001f");
  return uuidV5(name, PICKUP_COMMAND_NAMESPACE);
}
