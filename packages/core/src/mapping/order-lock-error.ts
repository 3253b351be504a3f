// The error of a shipOrder run that lost its lease on the order: the lock
// store was unreachable or another run took the lease over, so the run stopped
// rather than work beside another one. Running it again is safe.
import { isShipbridgeError, ShipbridgeError } from "../errors/shipbridge-error.ts";

/** Codes of OrderLockError. */
export const ORDER_LOCK_ERROR_CODES = {
  /** The run could not renew its lease on the order in time and stopped; run it again. */
  lease_lost: "lease_lost",
} as const;
export type OrderLockErrorCode =
  (typeof ORDER_LOCK_ERROR_CODES)[keyof typeof ORDER_LOCK_ERROR_CODES];

/** The run lost its lease on the order (the lock store was unreachable or another run took it over). */
export class OrderLockError extends ShipbridgeError {
  /** The lease's key: `shipbridge:ship-order:<storeId>:<orderId>`. */
  readonly key: string;

  constructor(key: string, cause?: unknown) {
    super(
      ORDER_LOCK_ERROR_CODES.lease_lost,
      `The run lost its lock on ${key} and stopped so that no other run ships the order at the same time; run it again.`,
      { cause },
    );
    this.key = key;
  }
}

/** True for an OrderLockError, even one from another copy of this package. */
export function isOrderLockError(value: unknown): value is OrderLockError {
  return (
    isShipbridgeError(value) &&
    value.code === ORDER_LOCK_ERROR_CODES.lease_lost &&
    "key" in value &&
    typeof value.key === "string"
  );
}
