// The user_reference_number under which shipOrder creates and finds the
// package of one store order. It names the store as well as the order, so two
// stores on one shipping account that both have an order "1001" never find
// each other's package; it is stable, so every rerun finds the same package.
import { userReferenceNumber } from "./to-package.ts";

/**
 * `${storeId}:${orderId}`, shortened stably (as toPackage shortens long order
 * ids) when longer than USER_REFERENCE_MAX_LENGTH. The store id has no colon
 * (shipOrder checks it), so two (store, order) pairs never share a reference.
 */
export function shipOrderReference(storeId: string, orderId: string): string {
  return userReferenceNumber(`${storeId}:${orderId}`);
}
