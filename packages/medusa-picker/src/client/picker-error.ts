// The one error the picker's client throws: the store refused (a point closed
// since it was listed, a bad search), could not be reached, or answered
// something that is not Medusa's JSON. `message` is what a shopper may read:
// the store's own message when it gave one, never an HTML page.
import { ShipbridgeError } from "@shipbridge/core/errors";

/** Stable, machine-readable codes of PickerError. */
export const PICKER_ERROR_CODES = {
  /** The store answered 4xx: `message` is its reason (e.g. the point is closed). */
  refused: "refused",
  /** The store could not be reached. */
  network_error: "network_error",
  /** The store answered 5xx or something that is not its JSON. */
  unexpected_response: "unexpected_response",
} as const;
export type PickerErrorCode = (typeof PICKER_ERROR_CODES)[keyof typeof PICKER_ERROR_CODES];

export class PickerError extends ShipbridgeError {
  declare readonly code: PickerErrorCode;
  /** The HTTP status, when the store answered. */
  readonly status: number | undefined;
  /** Medusa's own code or type of the refusal (e.g. `invalid_data`), when it gave one. */
  readonly storeCode: string | undefined;

  constructor(
    code: PickerErrorCode,
    message: string,
    details: { status?: number; storeCode?: string; cause?: unknown } = {},
  ) {
    super(code, message, details.cause === undefined ? undefined : { cause: details.cause });
    this.status = details.status;
    this.storeCode = details.storeCode;
  }
}

/** True for a PickerError, even one from another copy of this package. */
export function isPickerError(value: unknown): value is PickerError {
  return (
    typeof value === "object" &&
    value !== null &&
    Symbol.for("shipbridge.error") in value &&
    (value as { name?: unknown }).name === "PickerError"
  );
}
