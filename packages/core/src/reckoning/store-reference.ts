// Reading the store order a package was bought for from its
// user_reference_number, as shipOrder writes it (shipOrderReference):
// `${storeId}:${orderId}`, the store id without a colon. A reference
// shortened for its length (an order id of 100 characters and more ends in
// `~` and a digest) cannot be read back, nor can one with no colon (a package
// made by hand, or with a reference of the caller's own).
import { USER_REFERENCE_MAX_LENGTH } from "../mapping/to-package.ts";

export interface StoreReference {
  readonly storeId: string;
  readonly orderId: string;
}

/** `~` and 16 hex digits at the end of a reference of the longest length: shortened. */
const SHORTENED = /~[0-9a-f]{16}$/;

export function readStoreReference(
  reference: string | null | undefined,
): StoreReference | undefined {
  if (typeof reference !== "string") return undefined;
  if (reference.length === USER_REFERENCE_MAX_LENGTH && SHORTENED.test(reference)) return undefined;
  const colon = reference.indexOf(":");
  if (colon <= 0 || colon === reference.length - 1) return undefined;
  return { storeId: reference.slice(0, colon), orderId: reference.slice(colon + 1) };
}
