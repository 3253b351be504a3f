// The deterministic uuid of the order command that pays for one store order.
// The service lets the client choose the command uuid and treats a repeated
// PUT of the same uuid as the same command, so deriving the uuid from the
// store id and the order id (RFC 9562 UUID version 5: SHA-1 over a namespace
// and a name) makes ordering idempotent across retries, reruns and crashes.
import { createHash } from "node:crypto";

/** The namespace of shipbridge order commands. Fixed forever: changing it would re-order paid orders. */
export const ORDER_COMMAND_NAMESPACE = "6f1c3b52-4d0e-4c8f-9a57-2b8e1d4c7a90";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** RFC 9562 UUID version 5 of `name` within `namespace` (itself a uuid). */
export function uuidV5(name: string, namespace: string): string {
  if (!UUID.test(namespace)) {
    throw new TypeError(
      "The uuid namespace must be a uuid such as 6ba7b810-9dad-11d1-80b4-00c04fd430c8",
    );
  }
  const bytes = createHash("sha1")
    .update(Buffer.from(namespace.replaceAll("-", ""), "hex"))
    .update(name, "utf8")
    .digest()
    .subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50; // version 5
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 9562 variant
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The order command uuid for one store order: UUID v5 of `${storeId}:${orderId}`
 * in ORDER_COMMAND_NAMESPACE. The same store and order always give the same
 * uuid; different stores on one account never collide on the same order id.
 * The store id may not contain a colon (order ids may, e.g. Shopify gids).
 */
export function orderCommandId(storeId: string, orderId: string): string {
  if (storeId.length === 0 || orderId.length === 0) {
    throw new TypeError("orderCommandId needs a non-empty store id and order id");
  }
  // With no colon in the store id, `${storeId}:${orderId}` splits one way only,
  // so two different (store, order) pairs can never share a name.
  if (storeId.includes(":")) {
    throw new TypeError("The store id must not contain a colon");
  }
  return uuidV5(`${storeId}:${orderId}`, ORDER_COMMAND_NAMESPACE);
}
