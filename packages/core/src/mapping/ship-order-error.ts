// The error of shipOrder when the service answered but the order cannot be
// shipped: the order command failed for the package, the order's shipment
// was cancelled earlier, or the package under the order's reference belongs to
// another order. Invalid orders raise ValidationError instead, and
// transport failures the REST client's ApiError classes.
import { isShipbridgeError, ShipbridgeError } from "../errors/shipbridge-error.ts";
import type { Issue } from "../issues/issue.ts";

/** Stable codes of ShipOrderError. */
export const SHIP_ORDER_ERROR_CODES = {
  /** The order command ended without ordering the package; `problems` says why. */
  order_failed: "order_failed",
  /** The order's package was cancelled; shipOrder does not ship a cancelled order again. */
  shipment_cancelled: "shipment_cancelled",
  /** The package found under the order's reference is another order's (its receiver differs); it is not shipped. */
  package_mismatch: "package_mismatch",
} as const;
export type ShipOrderErrorCode =
  (typeof SHIP_ORDER_ERROR_CODES)[keyof typeof SHIP_ORDER_ERROR_CODES];

export interface ShipOrderErrorDetails {
  readonly packageId: number;
  /** The order command's uuid. */
  readonly commandId: string;
  /**
   * What is wrong, one Issue each: for order_failed the service's errors, with
   * its field path ("" when it gave none) and its rule (its `rule` or `code`,
   * else `service`, as ApiError issues have it); for package_mismatch each
   * receiver field that differs, with the rule `package_mismatch`.
   */
  readonly problems?: readonly Issue<string>[];
}

export class ShipOrderError extends ShipbridgeError {
  readonly packageId: number;
  readonly commandId: string;
  /** See ShipOrderErrorDetails.problems. */
  readonly problems: readonly Issue<string>[];

  constructor(code: ShipOrderErrorCode, message: string, details: ShipOrderErrorDetails) {
    super(code, message);
    this.packageId = details.packageId;
    this.commandId = details.commandId;
    this.problems = details.problems ?? [];
  }
}

/** True for a ShipOrderError, even one from another copy of this package. */
export function isShipOrderError(value: unknown): value is ShipOrderError {
  return (
    isShipbridgeError(value) &&
    (Object.values(SHIP_ORDER_ERROR_CODES) as string[]).includes(value.code) &&
    "commandId" in value
  );
}
