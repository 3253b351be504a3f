// An order of a batch that does not ship in this run, with the error shipOrder
// would have thrown for it and whether running the batch again may ship it:
// yes after a transport failure, a deadline or a lost lease (nothing was
// decided), no for an invalid order or one the service refused. Anything that
// is not a ShipbridgeError (a bug, a throwing callback of the store) is kept
// as the cause of one with the code `batch_order_failed`.
import {
  isNetworkError,
  isOutcomeUnknownError,
  isRateLimitError,
  isServiceError,
  isTimeoutError,
  isUnexpectedResponseError,
} from "../api/index.ts";
import { isShipbridgeError, ShipbridgeError } from "../errors/shipbridge-error.ts";
import { isOrderLockError } from "../mapping/order-lock-error.ts";
import type { BatchFailure } from "./ship-batch-types.ts";

export const BATCH_ORDER_FAILED = "batch_order_failed";

export function batchFailure(orderId: string, error: unknown): BatchFailure {
  if (!isShipbridgeError(error)) {
    const said = error instanceof Error ? error.message : String(error);
    return {
      orderId,
      error: new ShipbridgeError(BATCH_ORDER_FAILED, `Order ${orderId} failed: ${said}`, {
        cause: error,
      }),
      retryable: true,
    };
  }
  return { orderId, error, retryable: isRetryable(error) };
}

function isRetryable(error: ShipbridgeError): boolean {
  return (
    isNetworkError(error) ||
    isTimeoutError(error) ||
    isServiceError(error) ||
    isRateLimitError(error) ||
    isOutcomeUnknownError(error) ||
    isUnexpectedResponseError(error) ||
    isOrderLockError(error)
  );
}
