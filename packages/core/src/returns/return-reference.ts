// The names a return ships under: the order id shipOrder is given for it
// (`return:<returnId>`), so the package's reference, the order command's uuid
// and the lease are the return's own, never an order's; and the cancel
// command's uuid, so that cancelling again sends the same command.
import { uuidV5 } from "../mapping/order-command-id.ts";
import { shipOrderReference } from "../mapping/ship-order-reference.ts";

/** The order id a return is shipped under (orders' ids never start with `return:`). */
export function returnOrderId(returnId: string): string {
  return `return:${returnId.trim()}`;
}

/** The return package's user_reference_number: `${storeId}:return:${returnId}` (shortened stably when long). */
export function returnReference(storeId: string, returnId: string): string {
  return shipOrderReference(storeId, returnOrderId(returnId));
}

/** The namespace of the cancel commands of returns (UUID v5). */
const RETURN_CANCEL_NAMESPACE = "0c5e8f3a-9b1d-4f6e-a2c7-5d8b3e1f4a60";

/** The uuid of the cancel command of one return's package: the same for every attempt. */
export function returnCancelCommandId(
  storeId: string,
  returnId: string,
  packageId: number,
): string {
  return uuidV5(`${storeId}:${returnOrderId(returnId)}:${packageId}`, RETURN_CANCEL_NAMESPACE);
}

/** The lease shipReturn and cancelReturn take turns on (the one shipOrder takes for the return). */
export function returnLeaseKey(storeId: string, returnId: string): string {
  return `shipbridge:ship-order:${storeId}:${returnOrderId(returnId)}`;
}
