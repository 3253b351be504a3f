// The order a return's run sent and did not see finish: a run that died
// after PUT /order-commands leaves its command queued at the service, where
// it still orders (and charges) the package later. cancelReturn waits for it
// before it decides, so it never answers "not ordered" for a parcel about to
// be paid. The commands are found as shipOrder names them: the return's
// first order command, then each retry after one that ended without
// ordering the package.
import type { CallOptions, ShippingClient } from "../api/index.ts";
import { orderCommandId, orderRetryCommandId } from "../mapping/order-command-id.ts";
import { endedWithoutOrdering, findCommand, MAX_ORDER_ATTEMPTS } from "../mapping/ship-order.ts";
import { isFinalCommandStatus } from "../schemas/index.ts";
import { returnOrderId } from "./return-reference.ts";

/**
 * Waits for the return's last order command, when one is still under way;
 * answers whether one was found (waited for, or already ended).
 */
export async function settlePendingOrder(
  client: ShippingClient,
  storeId: string,
  returnId: string,
  packageId: number,
  call: CallOptions,
): Promise<boolean> {
  const orderId = returnOrderId(returnId);
  let commandId = orderCommandId(storeId, orderId);
  let command = await findCommand(client, commandId, call);
  for (let attempt = 1; attempt <= MAX_ORDER_ATTEMPTS; attempt++) {
    if (command === undefined || !endedWithoutOrdering(command, packageId)) break;
    const nextId = orderRetryCommandId(storeId, orderId, packageId, attempt);
    const next = await findCommand(client, nextId, call);
    if (next === undefined) break;
    commandId = nextId;
    command = next;
  }
  if (command === undefined) return false;
  if (!isFinalCommandStatus(command.status)) {
    await client.orderCommands.wait(commandId, call, command);
  }
  return true;
}
